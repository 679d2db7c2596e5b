import type { Method } from '../shared/api/client';
import type { ErrorLayer } from '../shared/api/errors';

/** A change as the outbox carries it: its `kind` names the domain's handler that sends it (see registry.ts). */
export interface Change {
  kind: string;
}

export type ChangeState = 'waiting' | 'sending' | 'conflict' | 'failed';

/** The account a change was made under: its id, and a name to show (its name, username or email). */
export interface ChangeOwner {
  id: number | string;
  name: string;
}

/** One queued change, as the outbox table stores it. */
export interface QueuedChange<C extends Change = Change> {
  /** Insertion order (the table's auto-incremented key): changes replay in this order. */
  seq?: number;
  /** The Idempotency-Key: the same on every retry of this change, a new one when it is re-applied. */
  key: string;
  /** The project of the record it changes, for the record's API paths. */
  project: string;
  /** The record it changes (a toggle, or 'change request #N'; the table's index): its changes replay in order. */
  feature: string;
  change: C;
  /** The record's version the change was made against (sent as If-Match); undefined for servers without versions. */
  baseVersion?: number;
  /**
   * A change of several records at once (a bulk change of toggles): the records it touches, each with the version it
   * was made against (sent in its body; undefined where it is not known). It replays in order with their changes.
   */
  baseVersions?: Record<string, number | undefined>;
  /** The part of the record the change touches, as the user saw it when making the change. */
  snapshot: unknown;
  createdAt: number;
  state: ChangeState;
  /** A failure that is not a conflict, shown until the user dismisses it. */
  error?: { status: number; message: string; detail?: string };
  /** For a conflict: the notice is open, was disregarded, or the server's record has been loaded to decide on. */
  notice?: 'open' | 'disregarded' | 'refreshed';
  /**
   * Who made it: only that account's session sends it (see `isMine` in pending.ts). Absent on changes queued before
   * changes recorded their account (not indexed, so the table's schema did not change for it).
   */
  user?: ChangeOwner;
}

/** The records a change touches: its own, and those of a change of several records. */
export const recordsOf = (entry: Pick<QueuedChange, 'feature' | 'baseVersions'>): string[] => [
  entry.feature,
  ...Object.keys(entry.baseVersions ?? {}),
];

/** Whether a change touches a record (as its own, or as one of several). */
export const touches = (entry: Pick<QueuedChange, 'feature' | 'baseVersions'>, record: string) =>
  entry.feature === record || (!!entry.baseVersions && record in entry.baseVersions);

/** The version a change was made against on one of the records it touches. */
export const versionOn = (entry: Pick<QueuedChange, 'feature' | 'baseVersion' | 'baseVersions'>, record: string) =>
  entry.feature === record ? entry.baseVersion : entry.baseVersions?.[record];

/**
 * Answers that mean "not now" rather than "no": a timeout, too early, too many requests, the same idempotency key
 * still being handled (409), and every server error. The change may yet be applied; it is sent again with its key.
 */
const NOT_NOW: readonly number[] = [408, 409, 425, 429];
export const isNotNow = (status: number) => status >= 500 || NOT_NOW.includes(status);

/** What a queued change sends, and which error table reads its failures. */
export interface ChangeRequest {
  method: Method;
  path: string;
  body?: unknown;
  layer: ErrorLayer;
}

const TMP_PREFIX = 'tmp-';

/** A random RFC 4122 version 4 id; crypto.getRandomValues works outside secure contexts too. */
export function uuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A temporary id for something a queued change creates, until the server has given it its own. */
export const newTmpId = () => `${TMP_PREFIX}${uuid()}`;
export const isTmpId = (id: string | undefined) => !!id?.startsWith(TMP_PREFIX);

/** Every occurrence of the string `from` inside a JSON value replaced by `to` (a temporary id by the server's). */
export function replaceId<T>(value: T, from: string, to: string): T {
  if (value === from) return to as T;
  if (Array.isArray(value)) return value.map((v: unknown) => replaceId(v, from, to)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceId(v, from, to)])) as T;
  }
  return value;
}

/** JSON with object keys sorted, so two values compare by content. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
