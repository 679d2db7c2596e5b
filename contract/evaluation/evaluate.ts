import type { ClientFeature } from '../client-api.ts';
import type { Constraint } from '../constraints.ts';
import type { Dependency } from '../features.ts';
import type { ClientSegment } from '../segments.ts';
import { constraintHolds } from './constraints.ts';
import type { EvaluationContext } from './context.ts';
import { isKnownStrategy, strategyIncludes, type Parameters } from './strategies.ts';
import { selectVariant, type WeightedVariant } from './variants.ts';

/**
 * The one evaluator of toggles (Unleash's client specification 6.1), used by the frontend API on the server and by
 * the console's playground: what an SDK's isEnabled and getVariant answer, with the reason in data.
 */

/** What an SDK holds: the client API's toggles of one environment and the segments their strategies name. */
export interface EvaluationState {
  features: readonly ClientFeature[];
  segments: readonly ClientSegment[];
}

export interface EvaluationOptions {
  /** The host name applicationHostname compares with; without it that strategy includes nobody. */
  hostname?: string;
}

export interface EvaluatedVariant {
  name: string;
  enabled: boolean;
  payload?: { type: string; value: string };
  feature_enabled: boolean;
}

/** A strategy as it came out: which one, and what kept it from enabling the toggle. */
export type StrategyOutcome = { index: number; name: string } & (
  | { result: 'enabled' }
  /** A strategy this evaluator does not know (a custom one): never enables. */
  | { result: 'unknown-strategy' }
  /** A constraint did not hold: the strategy's own (segment absent) or one of a segment's. */
  | { result: 'constraint'; constraint: Constraint; constraintIndex: number; segment?: { id: number; name: string } }
  /** The strategy names a segment the state does not have. */
  | { result: 'missing-segment'; segmentId: number }
  /** Constraints held, but the strategy's own rule (rollout, user list, addresses...) left the context out. */
  | { result: 'not-included' }
);

export type DependencyProblem =
  /** The parent toggle is not in the state. */
  | 'missing'
  /** The parent has parents of its own: such chains are not followed (the dependency never holds). */
  | 'parent-has-dependencies'
  /** The dependency wants the parent enabled and it is not. */
  | 'parent-disabled'
  /** The dependency wants the parent disabled and it is enabled. */
  | 'parent-enabled'
  /** The parent is enabled, but with none of the variants the dependency names. */
  | 'variant-not-listed';

export type Reason =
  | { kind: 'unknown-toggle' }
  | { kind: 'toggle-off' }
  | { kind: 'dependency'; parent: string; problem: DependencyProblem }
  /** On without strategies: enabled for everyone. */
  | { kind: 'no-strategies' }
  /** The first strategy that enabled the toggle (the last of `strategies`); earlier ones say why they did not. */
  | { kind: 'strategy'; index: number; name: string; strategies: StrategyOutcome[] }
  | { kind: 'no-strategy-matched'; strategies: StrategyOutcome[] };

export interface Evaluation {
  name: string;
  enabled: boolean;
  variant: EvaluatedVariant;
  impressionData: boolean;
  reason: Reason;
}

/** The state indexed once (toggles by name, segments by id). */
export interface PreparedState {
  readonly features: ReadonlyMap<string, ClientFeature>;
  readonly segments: ReadonlyMap<number, ClientSegment>;
}

const prepared = new WeakMap<EvaluationState, PreparedState>();

/** Indexes a state; evaluate does it (once per state object) when given the state itself. */
export function prepare(state: EvaluationState): PreparedState {
  let done = prepared.get(state);
  if (!done) {
    done = {
      features: new Map(state.features.map((f) => [f.name, f])),
      segments: new Map(state.segments.map((s) => [s.id, s])),
    };
    prepared.set(state, done);
  }
  return done;
}

const DISABLED = 'disabled';
const offVariant = (featureEnabled: boolean): EvaluatedVariant => ({
  name: DISABLED,
  enabled: false,
  feature_enabled: featureEnabled,
});

type StrategyOf = ClientFeature['strategies'][number];
interface Decision {
  enabled: boolean;
  variant?: WeightedVariant;
  reason: Reason;
}

function strategyOutcome(
  state: PreparedState,
  feature: ClientFeature,
  strategy: StrategyOf,
  index: number,
  context: EvaluationContext,
  options: EvaluationOptions,
): StrategyOutcome {
  const name = strategy.name;
  if (!isKnownStrategy(name)) return { index, name, result: 'unknown-strategy' };
  const own = strategy.constraints ?? [];
  const failed = own.findIndex((c) => !c || !constraintHolds(c, context));
  if (failed >= 0) return { index, name, result: 'constraint', constraint: own[failed], constraintIndex: failed };
  for (const segmentId of strategy.segments ?? []) {
    const segment = state.segments.get(segmentId);
    if (!segment) return { index, name, result: 'missing-segment', segmentId };
    const at = segment.constraints.findIndex((c) => !constraintHolds(c, context));
    if (at >= 0) {
      const { id, name: segmentName } = segment;
      return {
        index,
        name,
        result: 'constraint',
        constraint: segment.constraints[at],
        constraintIndex: at,
        segment: { id, name: segmentName },
      };
    }
  }
  const parameters: Parameters = strategy.parameters ?? {};
  const included = strategyIncludes(name, {
    parameters,
    context,
    toggleName: feature.name,
    hostname: options.hostname?.toLowerCase(),
  });
  return included ? { index, name, result: 'enabled' } : { index, name, result: 'not-included' };
}

function decideStrategies(
  state: PreparedState,
  feature: ClientFeature,
  context: EvaluationContext,
  options: EvaluationOptions,
): Decision {
  const strategies = feature.strategies ?? [];
  if (strategies.length === 0) return { enabled: true, reason: { kind: 'no-strategies' } };
  const outcomes: StrategyOutcome[] = [];
  for (const [index, strategy] of strategies.entries()) {
    const outcome = strategyOutcome(state, feature, strategy, index, context, options);
    outcomes.push(outcome);
    if (outcome.result !== 'enabled') continue;
    const reason: Reason = { kind: 'strategy', index, name: strategy.name, strategies: outcomes };
    const variants = strategy.variants ?? [];
    if (variants.length === 0) return { enabled: true, reason };
    const stickiness = variants[0].stickiness || strategy.parameters?.stickiness;
    // The SDKs group a strategy's variants by its groupId as is (the text 'undefined' when it has none).
    const variant = selectVariant(variants, `${strategy.parameters?.groupId}`, stickiness, context);
    return { enabled: true, variant, reason };
  }
  return { enabled: false, reason: { kind: 'no-strategy-matched', strategies: outcomes } };
}

function dependencyProblem(
  state: PreparedState,
  dependency: Dependency,
  context: EvaluationContext,
  options: EvaluationOptions,
): DependencyProblem | undefined {
  const parent = state.features.get(dependency.feature);
  if (!parent) return 'missing';
  if (parent.dependencies?.length) return 'parent-has-dependencies';
  const result = decide(state, parent, context, options);
  if (dependency.enabled === false) return result.enabled ? 'parent-enabled' : undefined;
  if (!result.enabled) return 'parent-disabled';
  if (!dependency.variants?.length) return undefined;
  return dependency.variants.includes(variantOf(parent, result, context).name) ? undefined : 'variant-not-listed';
}

function decide(
  state: PreparedState,
  feature: ClientFeature,
  context: EvaluationContext,
  options: EvaluationOptions,
): Decision {
  if (!feature.enabled) return { enabled: false, reason: { kind: 'toggle-off' } };
  for (const dependency of feature.dependencies ?? []) {
    const problem = dependencyProblem(state, dependency, context, options);
    if (problem) return { enabled: false, reason: { kind: 'dependency', parent: dependency.feature, problem } };
  }
  return decideStrategies(state, feature, context, options);
}

/** The variant of a decided toggle: the deciding strategy's, else the toggle's own, else 'disabled'. */
function variantOf(feature: ClientFeature, decision: Decision, context: EvaluationContext): EvaluatedVariant {
  if (!decision.enabled) return offVariant(false);
  const chosen =
    decision.variant ?? selectVariant(feature.variants ?? [], feature.name, feature.variants?.[0]?.stickiness, context);
  if (!chosen) return offVariant(true);
  const variant: EvaluatedVariant = { name: chosen.name, enabled: true, feature_enabled: true };
  if (chosen.payload) variant.payload = { type: chosen.payload.type, value: chosen.payload.value };
  return variant;
}

function evaluateFeature(
  state: PreparedState,
  feature: ClientFeature,
  context: EvaluationContext,
  options: EvaluationOptions,
): Evaluation {
  const decision = decide(state, feature, context, options);
  return {
    name: feature.name,
    enabled: decision.enabled,
    variant: variantOf(feature, decision, context),
    impressionData: Boolean(feature.impressionData),
    reason: decision.reason,
  };
}

const isPrepared = (state: EvaluationState | PreparedState): state is PreparedState => state.features instanceof Map;
const preparedOf = (state: EvaluationState | PreparedState) => (isPrepared(state) ? state : prepare(state));

/** What isEnabled and getVariant answer for one toggle, and why; an unknown toggle is off. */
export function evaluate(
  state: EvaluationState | PreparedState,
  toggleName: string,
  context: EvaluationContext,
  options: EvaluationOptions = {},
): Evaluation {
  const ready = preparedOf(state);
  const feature = ready.features.get(toggleName);
  if (!feature) {
    return {
      name: toggleName,
      enabled: false,
      variant: offVariant(false),
      impressionData: false,
      reason: { kind: 'unknown-toggle' },
    };
  }
  return evaluateFeature(ready, feature, context, options);
}

/** Every toggle of the state, in its order. */
export function evaluateAll(
  state: EvaluationState | PreparedState,
  context: EvaluationContext,
  options: EvaluationOptions = {},
): Evaluation[] {
  const ready = preparedOf(state);
  return [...ready.features.values()].map((feature) => evaluateFeature(ready, feature, context, options));
}
