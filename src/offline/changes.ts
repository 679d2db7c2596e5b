import type { ErrorLayer } from '../shared/api/errors';
import type { Method } from '../shared/api/client';
import type { StrategyInstance } from '../feature-toggles/api/types';
import type { Variant } from '../feature-toggles/variants/variants';
import { STRATEGY_NAMES } from '../strategies/definitions';
import { classicPath, projectFeaturePath } from '../feature-toggles/api/paths';
import { stableJson } from './toggle-state';

export { CLASSIC_ENVIRONMENT } from './toggle-state';

/** A strategy instance as the queue carries it: always with an id (a temporary `tmp-…` one until its add replays). */
export type QueuedStrategy = StrategyInstance & { id: string };

/** The edits that go through the outbox. Each names what it sets, never a flip, so a replay is safe to repeat. */
export type Change =
  | { kind: 'enabled'; enabled: boolean }
  | { kind: 'stale'; stale: boolean }
  | { kind: 'environment'; environment: string; enabled: boolean }
  | { kind: 'strategy-add'; environment: string; strategy: QueuedStrategy }
  | { kind: 'strategy-update'; environment: string; strategy: QueuedStrategy }
  | { kind: 'strategy-remove'; environment: string; strategyId: string }
  | { kind: 'strategy-order'; environment: string; ids: string[] }
  | { kind: 'variants'; variants: Variant[] };

export type ChangeState = 'waiting' | 'sending' | 'conflict' | 'failed';

/** The account a change was made under: its id, and a name to show (its name, username or email). */
export interface ChangeOwner {
  id: number | string;
  name: string;
}

/** One queued change, as the outbox table stores it. */
export interface QueuedChange {
  /** Insertion order (the table's auto-incremented key): changes replay in this order. */
  seq?: number;
  /** The Idempotency-Key: the same on every retry of this change, a new one when it is re-applied. */
  key: string;
  project: string;
  feature: string;
  change: Change;
  /** The toggle's version the change was made against (sent as If-Match); undefined for servers without versions. */
  baseVersion?: number;
  /** The part of the toggle the change touches, as the user saw it when making the change. */
  snapshot: unknown;
  createdAt: number;
  state: ChangeState;
  /** A failure that is not a conflict, shown until the user dismisses it. */
  error?: { status: number; message: string; detail?: string };
  /** For a conflict: the notice is open, was disregarded, or the server's toggle has been loaded to decide on. */
  notice?: 'open' | 'disregarded' | 'refreshed';
  /**
   * Who made it: only that account's session sends it (see `isMine` in pending.ts). Absent on changes queued before
   * changes recorded their account (not indexed, so the table's schema did not change for it).
   */
  user?: ChangeOwner;
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

/** Whether a change refers to a strategy id (to cancel the changes that build on a cancelled add). */
export function refersTo(change: Change, id: string): boolean {
  switch (change.kind) {
    case 'strategy-update':
      return change.strategy.id === id;
    case 'strategy-remove':
      return change.strategyId === id;
    default:
      return false;
  }
}

const strategyLabel = (s: StrategyInstance) => STRATEGY_NAMES[s.name] ?? s.name;

/** The change in words, for the waiting list, the notices and the toasts. */
export function describeChange(feature: string, change: Change): string {
  const quoted = `"${feature}"`;
  switch (change.kind) {
    case 'enabled':
      return `Turn ${change.enabled ? 'on' : 'off'} ${quoted}`;
    case 'stale':
      return `Mark ${quoted} as ${change.stale ? 'stale' : 'active'}`;
    case 'environment':
      return `Turn ${change.enabled ? 'on' : 'off'} ${quoted} in ${change.environment}`;
    case 'strategy-add':
      return `Add strategy ${strategyLabel(change.strategy)} to ${quoted} in ${change.environment}`;
    case 'strategy-update':
      return `Update strategy ${strategyLabel(change.strategy)} of ${quoted} in ${change.environment}`;
    case 'strategy-remove':
      return `Delete a strategy of ${quoted} in ${change.environment}`;
    case 'strategy-order':
      return `Reorder the strategies of ${quoted} in ${change.environment}`;
    case 'variants':
      return `Save the variants of ${quoted}`;
  }
}

export const staleMessage = (feature: string, stale: boolean) => `${feature} marked as ${stale ? 'Stale' : 'Active'}.`;

/** The spec's success message for a change the server accepted (part 1 section 8), when it has one. */
export function successMessage(feature: string, change: Change): string | undefined {
  switch (change.kind) {
    case 'stale':
      return staleMessage(feature, change.stale);
    case 'environment':
      return change.enabled ? 'Successfully turned environment on.' : 'Successfully turned environment off.';
    case 'strategy-add':
      return 'Strategy successfully created.';
    case 'strategy-update':
      return 'Strategy successfully updated.';
    case 'strategy-remove':
      return 'Strategy successfully deleted.';
    default:
      return undefined;
  }
}

/** What a queued change sends, and which error table reads its failures. */
export interface ChangeRequest {
  method: Method;
  path: string;
  body?: unknown;
  layer: ErrorLayer;
}

const enc = encodeURIComponent;

/** The body the strategy calls take: name, parameters, constraints (no id, no sort order). */
const strategyBody = (s: StrategyInstance) => ({ name: s.name, parameters: s.parameters ?? {}, constraints: s.constraints ?? [] });

/**
 * A JSON patch from one variants list to another, on the array itself: replace what differs by position, add what is
 * new at the end, remove what is gone from the end backwards.
 */
export function variantsPatch(before: Variant[], after: Variant[]): { op: string; path: string; value?: Variant }[] {
  const ops: { op: string; path: string; value?: Variant }[] = [];
  after.forEach((variant, i) => {
    if (i >= before.length) ops.push({ op: 'add', path: '/-', value: variant });
    else if (stableJson(before[i]) !== stableJson(variant)) ops.push({ op: 'replace', path: `/${i}`, value: variant });
  });
  for (let i = before.length - 1; i >= after.length; i--) ops.push({ op: 'remove', path: `/${i}` });
  return ops;
}

export function requestFor(entry: Pick<QueuedChange, 'project' | 'feature' | 'change' | 'snapshot'>): ChangeRequest {
  const { change } = entry;
  const project = projectFeaturePath(entry.project, entry.feature);
  const environment = 'environment' in change ? `${project}/environments/${enc(change.environment)}` : '';
  switch (change.kind) {
    case 'enabled':
      return { method: 'POST', path: `${classicPath(entry.feature)}/toggle/${change.enabled ? 'on' : 'off'}`, layer: 'classic' };
    case 'stale':
      return { method: 'POST', path: `${classicPath(entry.feature)}/stale/${change.stale ? 'on' : 'off'}`, layer: 'classic' };
    case 'environment':
      return { method: 'POST', path: `${environment}/${change.enabled ? 'on' : 'off'}`, layer: 'project' };
    case 'strategy-add':
      return { method: 'POST', path: `${environment}/strategies`, body: strategyBody(change.strategy), layer: 'project' };
    case 'strategy-update':
      return {
        method: 'PUT',
        path: `${environment}/strategies/${enc(change.strategy.id)}`,
        body: strategyBody(change.strategy),
        layer: 'project',
      };
    case 'strategy-remove':
      return { method: 'DELETE', path: `${environment}/strategies/${enc(change.strategyId)}`, layer: 'project' };
    case 'strategy-order':
      return {
        method: 'POST',
        path: `${environment}/strategies/set-sort-order`,
        body: change.ids.map((id, sortOrder) => ({ id, sortOrder })),
        layer: 'project',
      };
    case 'variants':
      return {
        method: 'PATCH',
        path: `${project}/variants`,
        body: variantsPatch((entry.snapshot as Variant[] | null) ?? [], change.variants),
        layer: 'project',
      };
  }
}
