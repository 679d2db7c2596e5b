import { Anchor } from '@mantine/core';
import { safeUrl } from '../metadata';

/** The application's url as a link opened in a new tab; nothing when it is not an http(s) url. */
export function ApplicationUrl({ url }: { url: string | null | undefined }) {
  const href = safeUrl(url);
  if (!href) return null;
  return (
    <Anchor
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      className="sy-touch-link sy-application-url"
    >
      {href}
    </Anchor>
  );
}
