import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settingsKey } from '../../../shared/settings/device-settings';
import {
  cellsOf,
  chosenColumns,
  offeredColumns,
  useChosenColumns,
  type ColumnEnvironment,
} from './environment-columns';

const environments: ColumnEnvironment[] = [
  { name: 'default', type: 'production', sortOrder: 1, enabled: true },
  { name: 'development', type: 'development', sortOrder: 100, enabled: true },
  { name: 'staging', type: 'preproduction', sortOrder: 150, enabled: false },
  { name: 'production', type: 'production', sortOrder: 200, enabled: true },
  { name: 'eu-prod', type: 'production', sortOrder: 300, enabled: true },
];
const names = (list: ColumnEnvironment[]) => list.map((env) => env.name);

describe('environment columns', () => {
  it('offer production first (the one named production before the others), then by sort order; not disabled ones', () => {
    expect(names(offeredColumns(environments))).toEqual(['production', 'default', 'eu-prod', 'development']);
  });

  it('show every offered environment until a choice is made, then the chosen ones in the chosen order', () => {
    expect(names(chosenColumns(environments, undefined))).toEqual(['production', 'default', 'eu-prod', 'development']);
    expect(names(chosenColumns(environments, ['development', 'production']))).toEqual(['development', 'production']);
    // Environments that were removed or disabled since are left out; with none left, the default holds.
    expect(names(chosenColumns(environments, ['gone', 'staging', 'default']))).toEqual(['default']);
    expect(names(chosenColumns(environments, ['gone']))).toEqual(names(offeredColumns(environments)));
  });

  it("remember the choice on this device: shown, hidden (never the last), and the phone's first", () => {
    const { result } = renderHook(() => useChosenColumns(environments));
    act(() => result.current.setShown('default', false));
    act(() => result.current.setShown('eu-prod', false));
    expect(names(result.current.columns)).toEqual(['production', 'development']);
    act(() => result.current.setFirst('development'));
    expect(names(result.current.columns)).toEqual(['development', 'production']);
    act(() => result.current.setShown('production', false));
    act(() => result.current.setShown('development', false));
    expect(names(result.current.columns)).toEqual(['development']);
    act(() => result.current.setShown('default', true));
    expect(names(result.current.columns)).toEqual(['development', 'default']);
    expect(JSON.parse(localStorage.getItem(settingsKey())!)).toEqual({ listEnvironments: ['development', 'default'] });
    // Another tab (or the next visit) reads the same choice.
    expect(names(renderHook(() => useChosenColumns(environments)).result.current.columns)).toEqual([
      'development',
      'default',
    ]);
  });
});

describe('cells', () => {
  const columns = offeredColumns(environments);
  it('read each column from the mirrored environments; a column the project lacks is absent', () => {
    expect(
      cellsOf(
        true,
        [
          { name: 'default', enabled: true },
          { name: 'production', enabled: false },
        ],
        columns,
      ),
    ).toEqual([false, true, 'absent', 'absent']);
  });

  it("before the environments are synced, show the classic environment from the list's enabled", () => {
    expect(cellsOf(true, undefined, columns)).toEqual(['unknown', true, 'unknown', 'unknown']);
  });
});
