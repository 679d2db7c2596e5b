/** Strategy instances being edited: a new one's defaults, what is saved, and whether an edit changed anything. */
import type { Constraint } from '../../contract/constraints';
import type { OrderedStrategy } from '../../contract/features';
import type { Received } from '../shared/api/received';
import { dropEmptyConstraints } from './constraints';
import type { StrategyDefinition } from './definitions';
import { initialParameters, normaliseParameters, type Parameters } from './parameters';

/** A strategy instance of a toggle's environment, as the console reads it; one not saved yet has no id. */
export type StrategyInstance = Received<OrderedStrategy, 'name'>;

/** A strategy as the configure form edits it: parameters and constraints always present. */
export interface EditedStrategy {
  id?: string;
  name: string;
  parameters: Parameters;
  constraints: Constraint[];
}

/** A strategy's id in a sortable list: its id, or its place while it has none. */
export function sortableStrategyId(strategy: { id?: string }, index: number): string {
  return strategy.id ?? `index-${index}`;
}

/** A new, unsaved strategy of a definition: its defaults (rollout 100, stickiness 'default', groupId the toggle). */
export function newStrategy(definition: StrategyDefinition, featureName: string): EditedStrategy {
  return { name: definition.name, parameters: initialParameters(definition, featureName), constraints: [] };
}

/** A saved strategy, ready for the form. */
export function toEdited(strategy: StrategyInstance): EditedStrategy {
  return {
    id: strategy.id,
    name: strategy.name,
    parameters: { ...strategy.parameters },
    constraints: (strategy.constraints ?? []).map((c) => ({ ...c, values: [...c.values] })),
  };
}

/** The body that is saved: parameters normalised against the definition, constraints without empty ones. */
export function toSaved(definition: StrategyDefinition | undefined, strategy: EditedStrategy): EditedStrategy {
  return {
    ...strategy,
    parameters: normaliseParameters(definition, strategy.parameters),
    constraints: dropEmptyConstraints(strategy.constraints),
  };
}

function parametersDiffer(a: Parameters | undefined, b: Parameters | undefined): boolean {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
  return [...keys].some((key) => String(a?.[key] ?? '') !== String(b?.[key] ?? ''));
}

const constraintKey = (constraints: Constraint[] | undefined) =>
  JSON.stringify((constraints ?? []).map((c) => [c.contextName, c.operator, c.values]));

/** Parameter differences mark dirty, and any constraint change marks dirty. */
export function isStrategyDirty(saved: StrategyInstance, edited: StrategyInstance): boolean {
  return (
    parametersDiffer(saved.parameters, edited.parameters) ||
    constraintKey(saved.constraints) !== constraintKey(edited.constraints)
  );
}
