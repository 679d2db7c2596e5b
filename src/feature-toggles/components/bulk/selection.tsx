import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_PROJECT } from '../../../projects/api/queries';
import { byProject, selectionOf } from './bulk-texts';
import './selection.css';

/** The toggles selected for the action bar, by name. */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const select = useCallback((name: string, on: boolean) => selectMany([name], on), []);
  const clear = useCallback(() => setSelected(new Set()), []);
  function selectMany(names: readonly string[], on: boolean) {
    setSelected((before) => {
      const next = new Set(before);
      names.forEach((name) => (on ? next.add(name) : next.delete(name)));
      return next;
    });
  }
  return useMemo(
    () => ({
      selected,
      select,
      selectMany,
      clear,
      /** The selected toggles among `toggles`, by project. */
      byProject: (toggles: readonly { name: string; project?: string }[]) =>
        byProject(toggles, selected, DEFAULT_PROJECT),
    }),
    [selected, select, clear],
  );
}

export type Selection = ReturnType<typeof useSelection>;

/** A row's checkbox, in a thumb-sized target. */
export function SelectBox({
  name,
  selected,
  onSelect,
}: {
  name: string;
  selected: boolean;
  onSelect(name: string, selected: boolean): void;
}) {
  return (
    <label className="sy-select-cell">
      <input
        type="checkbox"
        aria-label={`Select ${name}`}
        checked={selected}
        onChange={(e) => onSelect(name, e.currentTarget.checked)}
      />
    </label>
  );
}

/**
 * The header's checkbox: selects every row the search and filters show (all of them when nothing is hidden), or
 * clears them when all are selected; half-checked when some are.
 */
export function SelectAll({
  names,
  total,
  selection,
  label = names.length < total ? `Select all ${names.length} matching the search` : `Select all ${total} toggles`,
}: {
  names: readonly string[];
  total: number;
  selection: Selection;
  /** What it selects, when it is not every row shown (the rows of one page of a table). */
  label?: string;
}) {
  const state = selectionOf(names, selection.selected);
  return (
    <label className="sy-select-cell" title={label}>
      <input
        type="checkbox"
        aria-label={label}
        checked={state === 'all'}
        ref={(input) => {
          if (input) input.indeterminate = state === 'some';
        }}
        onChange={() => selection.selectMany(names, state !== 'all')}
      />
    </label>
  );
}
