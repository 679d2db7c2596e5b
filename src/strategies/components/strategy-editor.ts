import { useState } from 'react';
import type { StrategyDefinition } from '../definitions';
import { parameterErrors } from '../parameters';
import { isStrategyDirty, toSaved, type EditedStrategy } from '../strategy-instance';

/**
 * State of one strategy being configured: its parameters and constraints, whether it can be saved (no parameter
 * error), whether it differs from `initial` (the unsaved-changes rule), and saving it.
 */
export function useStrategyEditor(initial: EditedStrategy, definition: StrategyDefinition | undefined) {
  const [strategy, setStrategy] = useState(initial);
  const [saving, setSaving] = useState(false);
  const valid = Object.keys(parameterErrors(definition, strategy.parameters)).length === 0;
  return {
    strategy,
    setStrategy,
    /** Back to `initial` (discard changes). */
    reset: () => setStrategy(initial),
    valid,
    dirty: isStrategyDirty(initial, strategy),
    /** True while `save` waits for its `onSave`. */
    saving,
    /**
     * Hands `onSave` what is saved (normalised parameters, no empty constraints), unless a parameter has an error or
     * a save is still going on; `saving` is true until it settles, and a failure is passed on to the caller.
     */
    save: async (onSave: (strategy: EditedStrategy) => Promise<void> | void) => {
      if (!valid || saving) return;
      setSaving(true);
      try {
        await onSave(toSaved(definition, strategy));
      } finally {
        setSaving(false);
      }
    },
  };
}
