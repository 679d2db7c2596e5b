import { deviceSetting } from '../../../shared/settings/device-settings';
import { CLASSIC_ENVIRONMENT } from '../../offline/changes';
import { PRODUCTION_TYPE } from '../common/constants';

/** An environment as the list's columns need it (GET api/admin/environments). */
export interface ColumnEnvironment {
  name: string;
  type?: string;
  sortOrder?: number;
  enabled?: boolean;
}

/**
 * The order the columns are offered in: production-type environments first (one named 'production' before the other
 * production ones), then by the environments' own order.
 */
function rank(a: ColumnEnvironment, b: ColumnEnvironment): number {
  const production = (env: ColumnEnvironment) => (env.type === PRODUCTION_TYPE ? 0 : 1);
  const named = (env: ColumnEnvironment) => (env.name === PRODUCTION_TYPE ? 0 : 1);
  return (
    production(a) - production(b) ||
    named(a) - named(b) ||
    (a.sortOrder ?? 0) - (b.sortOrder ?? 0) ||
    a.name.localeCompare(b.name)
  );
}

/** The environments a column can show (the enabled ones), in the order offered. */
export const offeredColumns = (environments: ColumnEnvironment[]): ColumnEnvironment[] =>
  environments.filter((env) => env.enabled !== false).sort(rank);

/** Kept on this device: the names of the environments the list shows, in order. */
const columnsSetting = deviceSetting('listEnvironments', (stored) =>
  Array.isArray(stored) && stored.every((name) => typeof name === 'string') ? (stored as string[]) : undefined,
);

/**
 * The list's columns: the environments chosen on this device that can still be shown, in the order chosen; every
 * offered one when nothing (or nothing that exists) was chosen. On a phone the list shows the first.
 */
export function chosenColumns(environments: ColumnEnvironment[], chosen: string[] | undefined): ColumnEnvironment[] {
  const offered = offeredColumns(environments);
  const kept = (chosen ?? []).flatMap((name) => offered.find((env) => env.name === name) ?? []);
  return kept.length > 0 ? kept : offered;
}

export function useChosenColumns(environments: ColumnEnvironment[]) {
  const chosen = columnsSetting.use();
  return {
    columns: chosenColumns(environments, chosen),
    /** Shows (as the last column) or hides one environment's column; the last column stays. */
    setShown(name: string, shown: boolean) {
      const current = chosenColumns(environments, chosen).map((env) => env.name);
      const next = shown ? [...current, name] : current.filter((other) => other !== name);
      if (next.length > 0) columnsSetting.set(next);
    },
    /** The phone's one switch: this environment first, the others after it. */
    setFirst(name: string) {
      const current = chosenColumns(environments, chosen).map((env) => env.name);
      columnsSetting.set([name, ...current.filter((other) => other !== name)]);
    },
  };
}

/** A toggle in a column: on or off; `unknown` until its environments are synced; `absent` if its project lacks it. */
export type Cell = boolean | 'unknown' | 'absent';

/**
 * A toggle's cells: from its mirrored environments, or, before they are synced, the classic environment from the
 * list's `enabled` (the others unknown).
 */
export function cellsOf(
  enabled: boolean | undefined,
  environments: { name: string; enabled: boolean }[] | undefined,
  columns: ColumnEnvironment[],
): Cell[] {
  return columns.map((column) => {
    if (!environments) return column.name === CLASSIC_ENVIRONMENT ? !!enabled : 'unknown';
    return environments.find((env) => env.name === column.name)?.enabled ?? 'absent';
  });
}
