/**
 * What other domains may use of strategy definitions: reading them, their API shape, and the pieces of the deletion
 * (which depends on the toggles using a definition: strategy-usage/).
 */
export { findStrategy, listStrategies, type StrategyDefinitionRow, type StrategyParameter } from './read-model.ts';
export { deleteDefinition, requireCustomStrategy } from './service.ts';
export { strategyView } from './views.ts';
