import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EnvironmentConfiguration } from './configuration';
import { useLocalConfiguration } from './local-configuration';

const state = (enabled: boolean, strategies: string[] = ['default']): EnvironmentConfiguration[] => [
  { name: 'development', enabled, strategies: strategies.map((name) => ({ name, parameters: {}, constraints: [] })) },
];

describe("the Strategies tab's local copy", () => {
  it("takes the tab's first answer silently (the mirror's copy may be older), then notices a change made elsewhere", () => {
    const { result, rerender } = renderHook(({ remote, answered }) => useLocalConfiguration(remote, answered), {
      initialProps: { remote: state(false), answered: false },
    });
    // The server's first answer, newer than the mirror's copy the tab opened with: no notice, the copy follows.
    rerender({ remote: state(true), answered: true });
    expect(result.current.noticeOpen).toBe(false);
    expect(result.current.local).toEqual(state(true));
    // A later change made elsewhere: the notice opens and the copy stays until refreshed.
    rerender({ remote: state(true, ['default', 'userWithId']), answered: true });
    expect(result.current.noticeOpen).toBe(true);
    expect(result.current.local).toEqual(state(true));
    act(() => result.current.refresh());
    expect(result.current.noticeOpen).toBe(false);
    expect(result.current.local).toEqual(state(true, ['default', 'userWithId']));
  });
});
