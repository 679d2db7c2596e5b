import type { StrategyDefinition } from '../../contract/strategies.ts';
import type { StrategyDefinitionRow } from './read-model.ts';

/** The definition as the API answers it (Unleash 4 keys and order). */
export const strategyView = (s: StrategyDefinitionRow): StrategyDefinition => ({
  displayName: s.displayName,
  name: s.name,
  editable: !s.builtIn,
  description: s.description,
  parameters: s.parameters,
  deprecated: s.deprecated,
});
