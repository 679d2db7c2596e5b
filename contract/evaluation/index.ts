// The shared evaluator (Unleash's client specification 6.1): the frontend API and the console's playground.
export {
  evaluate,
  evaluateAll,
  prepare,
  type DependencyProblem,
  type EvaluatedVariant,
  type Evaluation,
  type EvaluationOptions,
  type EvaluationState,
  type PreparedState,
  type Reason,
  type StrategyOutcome,
} from './evaluate.ts';
export type { EvaluationContext } from './context.ts';
