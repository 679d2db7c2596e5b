/** What other domains may use of strategy definitions: reading them, and their API shape. */
export { findStrategy, listStrategies, type StrategyDefinitionRow, type StrategyParameter } from './read-model.ts';
export { strategyView } from './views.ts';
