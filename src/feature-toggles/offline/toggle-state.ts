import { stableJson } from '../../offline/changes';
import type { StrategyInstance } from '../../strategies/strategy-instance';
import type { FeatureEnvironment, FeatureToggle, ProjectFeature } from '../types';
import { CLASSIC_ENVIRONMENT, type ToggleChange } from './changes';

/** An environment of a mirrored toggle; `strategies` is undefined while only the project's toggle list is known. */
export interface MirroredEnvironment extends Omit<FeatureEnvironment, 'strategies'> {
  strategies?: StrategyInstance[];
}

/**
 * What the mirror knows of one toggle: the classic shape (whose `enabled` and `strategies` are those of the classic
 * environment) and, once known, its environments. Both project shapes and the classic one are views of it.
 */
export interface ToggleState {
  toggle: FeatureToggle;
  environments?: MirroredEnvironment[];
  /** The toggle's version when its environments and strategies were last read (they may lag behind the toggle). */
  detailVersion?: number;
}

const withEnvironment = (
  environments: MirroredEnvironment[] | undefined,
  name: string,
  update: (env: MirroredEnvironment) => MirroredEnvironment,
) => environments?.map((env) => (env.name === name ? update(env) : env));

/** The classic toggle follows its classic environment. */
function classicFrom(toggle: FeatureToggle, environments: MirroredEnvironment[] | undefined): FeatureToggle {
  const classic = environments?.find((env) => env.name === CLASSIC_ENVIRONMENT);
  if (!classic) return toggle;
  return { ...toggle, enabled: classic.enabled, ...(classic.strategies && { strategies: classic.strategies }) };
}

/** A newer answer replaces an older one; an answer older than what is known (by version) is ignored. */
function isOlder(incoming: { version?: number }, known: ToggleState | undefined): boolean {
  const had = known?.toggle.version;
  return had !== undefined && incoming.version !== undefined && incoming.version < had;
}

/** A classic toggle (list entry or GET api/admin/features/{name}) arrives. */
export function fromClassic(known: ToggleState | undefined, toggle: FeatureToggle): ToggleState {
  if (known && isOlder(toggle, known)) return known;
  const environments = withEnvironment(known?.environments, CLASSIC_ENVIRONMENT, (env) => ({
    ...env,
    enabled: !!toggle.enabled,
    ...(toggle.strategies && { strategies: toggle.strategies }),
  }));
  return { ...known, toggle, ...(environments && { environments }) };
}

/** GET api/admin/projects/{p}/features/{name} arrives: every environment with its strategies. */
export function fromProject(known: ToggleState | undefined, feature: ProjectFeature): ToggleState {
  if (known && isOlder(feature, known)) return known;
  const { environments, ...metadata } = feature;
  return {
    ...known,
    toggle: classicFrom({ ...known?.toggle, ...metadata }, environments),
    environments,
    detailVersion: feature.version,
  };
}

/** A project's toggle list (environments without strategies) arrives: states and order, strategies kept. */
export function withOverview(known: ToggleState, environments: Omit<FeatureEnvironment, 'strategies'>[]): ToggleState {
  const merged = environments.map((env) => ({
    ...env,
    strategies: known.environments?.find((e) => e.name === env.name)?.strategies,
  }));
  return { ...known, toggle: classicFrom(known.toggle, merged), environments: merged };
}

/**
 * Whether the environments and their strategies should be read again: not all known yet, or read at an older
 * version of the toggle (a server without versions: only when not known).
 */
export function needsDetail(state: ToggleState): boolean {
  return !projectView(state) || (state.toggle.version !== undefined && state.detailVersion !== state.toggle.version);
}

/** The toggle at a new version after a change made here: details read at the previous version are still current. */
export function withVersion(state: ToggleState, version: number | undefined): ToggleState {
  if (version === undefined) return state;
  const current = state.detailVersion !== undefined && state.detailVersion === state.toggle.version;
  return { ...state, toggle: { ...state.toggle, version }, ...(current && { detailVersion: version }) };
}

/** The project shape, when every environment's strategies are known. */
export function projectView(state: ToggleState): ProjectFeature | undefined {
  const { environments, toggle } = state;
  if (!environments || environments.some((env) => !env.strategies)) return undefined;
  const { enabled: _enabled, strategies: _strategies, ...metadata } = toggle;
  return {
    ...metadata,
    project: toggle.project ?? 'default',
    environments: environments.map((env) => ({ ...env, strategies: env.strategies ?? [] })),
  };
}

function changeStrategies(
  state: ToggleState,
  environment: string,
  update: (strategies: StrategyInstance[]) => StrategyInstance[],
): ToggleState {
  const environments = withEnvironment(state.environments, environment, (env) =>
    env.strategies ? { ...env, strategies: update(env.strategies) } : env,
  );
  if (environment !== CLASSIC_ENVIRONMENT) return { ...state, ...(environments && { environments }) };
  const classic = environments?.find((env) => env.name === CLASSIC_ENVIRONMENT)?.strategies;
  const toggle = { ...state.toggle, strategies: classic ?? update(state.toggle.strategies ?? []) };
  return { ...state, toggle, ...(environments && { environments }) };
}

function reorder(strategies: StrategyInstance[], ids: string[]): StrategyInstance[] {
  const rank = (s: StrategyInstance) => {
    const i = ids.indexOf(s.id ?? '');
    return i < 0 ? ids.length : i;
  };
  return [...strategies].sort((a, b) => rank(a) - rank(b));
}

/** A change applied to a toggle: the optimistic state the screens show while it waits. */
export function applyChange(state: ToggleState, change: ToggleChange): ToggleState {
  switch (change.kind) {
    case 'enabled': {
      const environments = withEnvironment(state.environments, CLASSIC_ENVIRONMENT, (env) => ({
        ...env,
        enabled: change.enabled,
      }));
      return { ...state, toggle: { ...state.toggle, enabled: change.enabled }, ...(environments && { environments }) };
    }
    case 'stale':
      return { ...state, toggle: { ...state.toggle, stale: change.stale } };
    case 'environment': {
      const environments = withEnvironment(state.environments, change.environment, (env) => ({
        ...env,
        enabled: change.enabled,
      }));
      const toggle =
        change.environment === CLASSIC_ENVIRONMENT ? { ...state.toggle, enabled: change.enabled } : state.toggle;
      return { ...state, toggle, ...(environments && { environments }) };
    }
    case 'strategy-add':
      return changeStrategies(state, change.environment, (list) => [...list, change.strategy]);
    case 'strategy-update':
      return changeStrategies(state, change.environment, (list) =>
        list.map((s) => (s.id === change.strategy.id ? { ...s, ...change.strategy } : s)),
      );
    case 'strategy-remove':
      return changeStrategies(state, change.environment, (list) => list.filter((s) => s.id !== change.strategyId));
    case 'strategy-order':
      return changeStrategies(state, change.environment, (list) => reorder(list, change.ids));
    case 'variants':
      return { ...state, toggle: { ...state.toggle, variants: change.variants } };
  }
}

/** A strategy by content: what a conflict check compares (ids and sort order are the server's bookkeeping). */
const content = (s: StrategyInstance | undefined) =>
  s
    ? {
        name: s.name,
        parameters: s.parameters ?? {},
        constraints: s.constraints ?? [],
        segments: s.segments ?? [],
        variants: s.variants ?? [],
      }
    : null;

function strategiesOf(state: ToggleState, environment: string): StrategyInstance[] | undefined {
  const known = state.environments?.find((env) => env.name === environment)?.strategies;
  return known ?? (environment === CLASSIC_ENVIRONMENT ? state.toggle.strategies : undefined);
}

/**
 * The part of a toggle a change touches: kept with the change as its snapshot, and compared with the server's
 * toggle before replaying to a server without versions. Two parts are equal when their stable JSON is.
 */
export function touchedPart(state: ToggleState, change: ToggleChange): unknown {
  switch (change.kind) {
    case 'enabled':
      return !!state.toggle.enabled;
    case 'stale':
      return !!state.toggle.stale;
    case 'environment':
      return state.environments?.find((env) => env.name === change.environment)?.enabled ?? null;
    case 'strategy-add':
      return strategiesOf(state, change.environment)?.map(content) ?? null;
    case 'strategy-update':
      return content(strategiesOf(state, change.environment)?.find((s) => s.id === change.strategy.id));
    case 'strategy-remove':
      return content(strategiesOf(state, change.environment)?.find((s) => s.id === change.strategyId));
    case 'strategy-order':
      return strategiesOf(state, change.environment)?.map((s) => s.id) ?? null;
    case 'variants':
      return state.toggle.variants ?? [];
  }
}

export const samePart = (a: unknown, b: unknown) => stableJson(a) === stableJson(b);
