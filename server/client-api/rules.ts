import { webcrypto } from 'node:crypto';
import type { EventType } from '../platform/events/types.ts';

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

/**
 * A strong ETag of a body: its SHA-256, so equal bodies have equal ETags in every process. Hashed on the thread
 * pool (Web Crypto): 6 MB of 10,000 toggles would hold the event loop for tens of milliseconds.
 */
export async function strongEtag(body: Buffer): Promise<string> {
  const digest = await webcrypto.subtle.digest('SHA-256', body);
  return `"${Buffer.from(digest).toString('base64url').slice(0, 32)}"`;
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

/** Events whose change to what SDKs receive is confined to the toggle they name. */
const TOGGLE_EVENTS = new Set<string>([
  'feature-created',
  'feature-updated',
  'feature-metadata-updated',
  'feature-variants-updated',
  'feature-stale-on',
  'feature-stale-off',
  'feature-archived',
  'feature-revived',
  'feature-deleted',
  'feature-project-change',
  'feature-tagged',
  'feature-untagged',
  'feature-environment-enabled',
  'feature-environment-disabled',
  'feature-environment-added',
  'feature-environment-removed',
  'feature-strategy-add',
  'feature-strategy-update',
  'feature-strategy-remove',
  'strategy-order-changed',
  'feature-dependency-added',
  'feature-dependency-removed',
  'feature-dependencies-removed',
  'features-imported',
] satisfies EventType[]);

/** Events that change nothing SDKs receive. */
const UNSERVED_EVENTS = new Set<string>([
  'user-created',
  'user-updated',
  'user-deleted',
  'user-password-changed',
  'user-password-reset-requested',
  'user-unlocked',
  'user-feedback-given',
  'user-splash-seen',
  'api-token-created',
  'api-token-updated',
  'api-token-deleted',
  'feature-favorited',
  'feature-unfavorited',
  'project-user-added',
  'project-user-role-changed',
  'project-user-removed',
  'application-updated',
  'application-deleted',
  'sso-settings-updated',
  'addon-config-created',
  'addon-config-updated',
  'addon-config-deleted',
  'frontend-settings-updated',
  'tag-created',
  'tag-type-created',
  'strategy-created',
  'strategy-updated',
  'strategy-deleted',
  'strategy-deprecated',
  'strategy-reactivated',
  'environment-updated',
  'environment-order-changed',
  // A trigger's call records its toggle's change as that change's own event.
  'feature-trigger-created',
  'feature-trigger-deleted',
  'feature-trigger-fired',
] satisfies EventType[]);

/**
 * Events that change a segment: what SDKs receive changes for the toggles using it (a segment is deleted or
 * created only while no strategy uses it).
 */
const SEGMENT_EVENTS = new Set<string>(['segment-created', 'segment-updated', 'segment-deleted'] satisfies EventType[]);

/**
 * The toggles a series of audit events changed for SDKs, and whether a segment changed (then the toggles using it
 * changed too); undefined when one of them may have changed more than that (an environment's state, a project, a
 * context field, a type this list does not know): then the whole answer is read again.
 */
export function changedToggles(events: ReadonlyArray<{ type: string; featureName: string | null }>) {
  const toggles = new Set<string>();
  let segments = false;
  for (const { type, featureName } of events) {
    if (UNSERVED_EVENTS.has(type)) continue;
    if (SEGMENT_EVENTS.has(type)) segments = true;
    else if (TOGGLE_EVENTS.has(type) && featureName !== null) toggles.add(featureName);
    else return undefined;
  }
  return { toggles, segments };
}
