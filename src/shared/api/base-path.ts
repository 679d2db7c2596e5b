const PLACEHOLDER = '::baseUriPath::';

/** The base path the server serves the console under ('' or e.g. '/yard'), read from the page's meta tag. */
export function readBasePath(doc: Document = document): string {
  const value = doc.querySelector('meta[name="baseUriPath"]')?.getAttribute('content') ?? '';
  if (value === PLACEHOLDER) return '';
  return value.replace(/\/+$/, '');
}

export const basePath = readBasePath();

/** Absolute URL path for a server path such as 'api/admin/features' or 'logout'. */
export function withBase(path: string, base: string = basePath): string {
  return `${base}/${path.replace(/^\/+/, '')}`;
}
