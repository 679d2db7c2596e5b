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

/**
 * How far an event's change reaches into what SDKs receive: `toggle`, only the toggle it names; `segment`, a
 * segment, so the toggles using it (a segment is deleted or created only while no strategy uses it); `none`,
 * nothing (a trigger's call or an applied change request records each toggle's change as that change's own event);
 * `whole`, maybe more than that (an environment's state, a project, a context field): the whole answer is read
 * again. Every event type is listed, so a new one cannot be left out.
 */
const REACH: Record<EventType, 'toggle' | 'segment' | 'none' | 'whole'> = {
  'user-created': 'none',
  'user-updated': 'none',
  'user-deleted': 'none',
  'user-password-changed': 'none',
  'user-password-reset-requested': 'none',
  'user-unlocked': 'none',
  'user-feedback-given': 'none',
  'user-splash-seen': 'none',
  'api-token-created': 'none',
  'api-token-updated': 'none',
  'api-token-deleted': 'none',
  'strategy-created': 'none',
  'strategy-updated': 'none',
  'strategy-deleted': 'none',
  'strategy-deprecated': 'none',
  'strategy-reactivated': 'none',
  'context-field-created': 'whole',
  'context-field-updated': 'whole',
  'context-field-deleted': 'whole',
  'feature-created': 'toggle',
  'feature-updated': 'toggle',
  'feature-metadata-updated': 'toggle',
  'feature-variants-updated': 'toggle',
  'feature-stale-on': 'toggle',
  'feature-stale-off': 'toggle',
  'feature-archived': 'toggle',
  'feature-revived': 'toggle',
  // A toggle's lifecycle is not served to SDKs.
  'feature-completed': 'none',
  'feature-uncompleted': 'none',
  'feature-deleted': 'toggle',
  'feature-project-change': 'toggle',
  'feature-tagged': 'toggle',
  'feature-untagged': 'toggle',
  'feature-favorited': 'none',
  'feature-unfavorited': 'none',
  'feature-environment-enabled': 'toggle',
  'feature-environment-disabled': 'toggle',
  'feature-environment-added': 'toggle',
  'feature-environment-removed': 'toggle',
  'feature-strategy-add': 'toggle',
  'feature-strategy-update': 'toggle',
  'feature-strategy-remove': 'toggle',
  'feature-dependency-added': 'toggle',
  'feature-dependency-removed': 'toggle',
  'feature-dependencies-removed': 'toggle',
  'features-imported': 'toggle',
  'strategy-order-changed': 'toggle',
  'project-created': 'whole',
  'project-updated': 'whole',
  'project-deleted': 'whole',
  'project-environment-added': 'whole',
  'project-environment-removed': 'whole',
  'project-user-added': 'none',
  'project-user-role-changed': 'none',
  'project-user-removed': 'none',
  'environment-created': 'whole',
  'environment-updated': 'none',
  'environment-deleted': 'whole',
  'environment-enabled': 'whole',
  'environment-disabled': 'whole',
  'environment-order-changed': 'none',
  'tag-created': 'none',
  'tag-deleted': 'whole',
  'tag-type-created': 'none',
  'tag-type-updated': 'whole',
  'tag-type-deleted': 'whole',
  'application-updated': 'none',
  'application-deleted': 'none',
  'sso-settings-updated': 'none',
  'addon-config-created': 'none',
  'addon-config-updated': 'none',
  'addon-config-deleted': 'none',
  'segment-created': 'segment',
  'segment-updated': 'segment',
  'segment-deleted': 'segment',
  'frontend-settings-updated': 'none',
  'change-request-configuration-updated': 'none',
  'change-request-bypassed': 'none',
  'change-request-created': 'none',
  'change-added': 'none',
  'change-request-sent-to-review': 'none',
  'change-request-approval-added': 'none',
  'change-request-approved': 'none',
  'change-request-rejected': 'none',
  'change-request-applied': 'none',
  'change-request-conflict': 'none',
  'change-request-cancelled': 'none',
  'change-request-comment-added': 'none',
  'change-request-scheduled': 'none',
  'change-request-schedule-failed': 'none',
  'change-request-reverted': 'none',
  'feature-trigger-created': 'none',
  'feature-trigger-deleted': 'none',
  'feature-trigger-fired': 'none',
  'push-subscription-added': 'none',
  'push-subscription-removed': 'none',
};

/**
 * The toggles a series of audit events changed for SDKs, and whether a segment changed (then the toggles using it
 * changed too); undefined when one of them may have changed more than that (an environment's state, a project, a
 * context field, a type this list does not know): then the whole answer is read again.
 */
export function changedToggles(events: ReadonlyArray<{ type: string; featureName: string | null }>) {
  const toggles = new Set<string>();
  let segments = false;
  for (const { type, featureName } of events) {
    const reach = REACH[type as EventType] ?? 'whole';
    if (reach === 'none') continue;
    if (reach === 'segment') segments = true;
    else if (reach === 'toggle' && featureName !== null) toggles.add(featureName);
    else return undefined;
  }
  return { toggles, segments };
}
