import { createHash } from 'node:crypto';

/** The content codings a snapshot is kept in, best first. */
export type Encoding = 'br' | 'gzip' | 'identity';

const weights = /;\s*q\s*=\s*([0-9.]+)/;

/**
 * The coding to answer in (RFC 9110 12.5.3): brotli, else gzip, else none, among those Accept-Encoding does not
 * refuse (`q=0`); `*` stands for any coding not named. No header: identity.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let encoding = known.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = negotiate(acceptEncoding);
    if (known.size >= KNOWN_HEADERS) known.clear();
    known.set(acceptEncoding, encoding);
  }
  return encoding;
}

/** SDKs send a handful of distinct Accept-Encoding headers: each is parsed once (up to this many remembered). */
const KNOWN_HEADERS = 64;
const known = new Map<string, Encoding>();

function negotiate(acceptEncoding: string): Encoding {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const name = part.split(';')[0].trim();
    const q = weights.exec(part);
    if (name) accepted.set(name, q ? Number(q[1]) : 1);
  }
  const acceptable = (coding: string) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  if (acceptable('br')) return 'br';
  if (acceptable('gzip') || acceptable('x-gzip')) return 'gzip';
  return 'identity';
}

/** A strong ETag of a body: its SHA-256, so equal bodies have equal ETags in every process. */
export function strongEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** If-None-Match (RFC 9110 13.1.2): `*`, or a list of entity tags compared weakly (W/ ignored). */
export function noneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
