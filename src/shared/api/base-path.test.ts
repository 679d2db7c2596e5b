import { describe, expect, it } from 'vitest';
import { readBasePath, withBase } from './base-path';

function page(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.setAttribute('name', 'baseUriPath');
    meta.setAttribute('content', content);
    doc.head.append(meta);
  }
  return doc;
}

describe('base path', () => {
  it('treats the placeholder, a missing tag and an empty value as an empty base', () => {
    expect(readBasePath(page('::baseUriPath::'))).toBe('');
    expect(readBasePath(page(null))).toBe('');
    expect(readBasePath(page(''))).toBe('');
  });

  it('reads a base path and drops a trailing slash', () => {
    expect(readBasePath(page('/yard'))).toBe('/yard');
    expect(readBasePath(page('/yard/'))).toBe('/yard');
  });

  it('prefixes server paths', () => {
    expect(withBase('api/admin/user', '/yard')).toBe('/yard/api/admin/user');
    expect(withBase('/logout', '')).toBe('/logout');
  });
});
