import { useState } from 'react';
import type { StrategyDefinition } from './definitions';
import { parameterErrors } from './parameters';
import { isStrategyDirty, toSaved, type EditedStrategy } from './strategy-instance';

/**
 * State of one strategy being configured: its parameters and constraints, whether it can be saved (no parameter
 * error), whether it differs from `initial` (the unsaved-changes rule), and the body to save.
 */
export function useStrategyEditor(initial: EditedStrategy, definition: StrategyDefinition | undefined) {
  const [strategy, setStrategy] = useState(initial);
  return {
    strategy,
    setStrategy,
    /** Back to `initial` (discard changes). */
    reset: () => setStrategy(initial),
    valid: Object.keys(parameterErrors(definition, strategy.parameters)).length === 0,
    dirty: isStrategyDirty(initial, strategy),
    /** What is saved: normalised parameters, no empty constraints. */
    saved: () => toSaved(definition, strategy),
  };
}
