import { IconBrandJira, IconBrandSlack, IconTag, IconWebhook } from '@tabler/icons-react';

const ICONS = { slack: IconBrandSlack, jira: IconBrandJira, webhook: IconWebhook } as const;

/** The icon of a tag type: slack, jira and webhook have their own, every other type a tag. */
export function TagTypeIcon({ name, size = 24 }: { name: string; size?: number }) {
  const Icon = (ICONS as Record<string, typeof IconTag>)[name] ?? IconTag;
  return <Icon size={size} aria-hidden stroke={1.6} />;
}
