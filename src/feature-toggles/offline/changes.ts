import type { ChangeRequest, QueuedChange } from '../../offline/changes';
import { stableJson } from '../../offline/changes';
import { STRATEGY_NAMES } from '../../strategies/definitions';
import { classicPath, projectFeaturePath } from '../paths';
import type { StrategyInstance } from '../../strategies/strategy-instance';
import type { Variant } from '../../../contract/variants';

/** The environment the classic API's `enabled` and `strategies` stand for (as in Unleash 4). */
export const CLASSIC_ENVIRONMENT = 'default';

/** A strategy instance as the queue carries it: always with an id (a temporary `tmp-…` one until its add replays). */
export type QueuedStrategy = StrategyInstance & { id: string };

/** The edits of a toggle that go through the outbox. Each names what it sets, never a flip, so a replay is safe. */
export type ToggleChange =
  | { kind: 'enabled'; enabled: boolean }
  | { kind: 'stale'; stale: boolean }
  | { kind: 'environment'; environment: string; enabled: boolean }
  | { kind: 'strategy-add'; environment: string; strategy: QueuedStrategy }
  | { kind: 'strategy-update'; environment: string; strategy: QueuedStrategy }
  | { kind: 'strategy-remove'; environment: string; strategyId: string }
  | { kind: 'strategy-order'; environment: string; ids: string[] }
  | { kind: 'variants'; variants: Variant[] };

export const TOGGLE_CHANGE_KINDS: readonly ToggleChange['kind'][] = [
  'enabled',
  'stale',
  'environment',
  'strategy-add',
  'strategy-update',
  'strategy-remove',
  'strategy-order',
  'variants',
];

export const isToggleChange = (entry: QueuedChange): entry is QueuedChange<ToggleChange> =>
  (TOGGLE_CHANGE_KINDS as readonly string[]).includes(entry.change.kind);

/** Whether a change refers to a strategy id (to cancel the changes that build on a cancelled add). */
export function refersTo(change: ToggleChange, id: string): boolean {
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
export function describeChange(feature: string, change: ToggleChange): string {
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

/**
 * The change as not done, naming the toggle (and environment), for the message of a change the server refused:
 * 'payments.kill-switch in production was not turned off' (the queue adds the server's reason).
 */
export function notDone(feature: string, change: ToggleChange): string {
  switch (change.kind) {
    case 'enabled':
      return `${feature} was not turned ${change.enabled ? 'on' : 'off'}`;
    case 'stale':
      return `${feature} was not marked as ${change.stale ? 'stale' : 'active'}`;
    case 'environment':
      return `${feature} in ${change.environment} was not turned ${change.enabled ? 'on' : 'off'}`;
    case 'strategy-add':
      return `Strategy ${strategyLabel(change.strategy)} was not added to ${feature} in ${change.environment}`;
    case 'strategy-update':
      return `Strategy ${strategyLabel(change.strategy)} of ${feature} in ${change.environment} was not updated`;
    case 'strategy-remove':
      return `A strategy of ${feature} in ${change.environment} was not deleted`;
    case 'strategy-order':
      return `The strategies of ${feature} in ${change.environment} were not reordered`;
    case 'variants':
      return `The variants of ${feature} were not saved`;
  }
}

export const staleMessage = (feature: string, stale: boolean) => `${feature} marked as ${stale ? 'Stale' : 'Active'}.`;

/** The spec's message once the server has a toggle's new on/off status. */
export const TOGGLE_STATUS_UPDATED = 'Successfully updated toggle status.';

/** The spec's success message for a change the server accepted, when it has one. */
export function successMessage(feature: string, change: ToggleChange): string | undefined {
  switch (change.kind) {
    case 'enabled':
      return TOGGLE_STATUS_UPDATED;
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

const enc = encodeURIComponent;

/**
 * The body the strategy calls take: name, parameters, constraints, and segments and variants when the strategy has
 * them (a server before Unleash 4.13 knows neither); no id, no sort order.
 */
const strategyBody = (s: StrategyInstance) => ({
  name: s.name,
  parameters: s.parameters ?? {},
  constraints: s.constraints ?? [],
  ...(s.segments && { segments: s.segments }),
  ...(s.variants && { variants: s.variants }),
});

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

/** What a queued change sends: the flips and stale to the classic API, the rest to the project API. */
export function requestFor(
  entry: Pick<QueuedChange<ToggleChange>, 'project' | 'feature' | 'change' | 'snapshot'>,
): ChangeRequest {
  const { change } = entry;
  const project = projectFeaturePath(entry.project, entry.feature);
  const environment = 'environment' in change ? `${project}/environments/${enc(change.environment)}` : '';
  switch (change.kind) {
    case 'enabled':
      return {
        method: 'POST',
        path: `${classicPath(entry.feature)}/toggle/${change.enabled ? 'on' : 'off'}`,
        layer: 'classic',
      };
    case 'stale':
      return {
        method: 'POST',
        path: `${classicPath(entry.feature)}/stale/${change.stale ? 'on' : 'off'}`,
        layer: 'classic',
      };
    case 'environment':
      return { method: 'POST', path: `${environment}/${change.enabled ? 'on' : 'off'}`, layer: 'project' };
    case 'strategy-add':
      return {
        method: 'POST',
        path: `${environment}/strategies`,
        body: strategyBody(change.strategy),
        layer: 'project',
      };
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
