import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { changeRequestKeys } from './api/queries';
import { refreshChangeRequests } from './use-follow-change-requests';

/** A query client holding a read of each kind, for two projects, and a toggle's. */
function withReads() {
  const queryClient = new QueryClient();
  const keys = {
    awaitingMe: changeRequestKeys.awaitingMe,
    webList: changeRequestKeys.list('web'),
    webOne: changeRequestKeys.one('web', 3),
    webConfig: changeRequestKeys.config('web'),
    otherList: changeRequestKeys.list('other', 'In review'),
    otherOne: changeRequestKeys.one('other', 4),
    toggle: ['feature', 'web', 'checkout'],
  };
  Object.values(keys).forEach((key) => queryClient.setQueryData(key, {}));
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  return { queryClient, stale };
}

describe("following the live stream's change requests", () => {
  it("reads again the named projects' requests and settings, and those awaiting me; nothing else", () => {
    const { queryClient, stale } = withReads();
    refreshChangeRequests(queryClient, { type: 'change-requests', changes: { revision: 9, projects: ['web'] } });
    expect(stale()).toEqual(['awaitingMe', 'webList', 'webOne', 'webConfig']);
  });

  it('reads every one again when the stream opens, or the server does not know which projects', () => {
    for (const event of [{ type: 'open' }, { type: 'change-requests', changes: { revision: 9 } }] as const) {
      const { queryClient, stale } = withReads();
      refreshChangeRequests(queryClient, event);
      expect(stale()).toEqual(['awaitingMe', 'webList', 'webOne', 'webConfig', 'otherList', 'otherOne']);
    }
  });

  it('leaves them when only toggles changed', () => {
    const { queryClient, stale } = withReads();
    refreshChangeRequests(queryClient, { type: 'changes', changes: { revision: 9, features: ['checkout'] } });
    refreshChangeRequests(queryClient, { type: 'changes', changes: { revision: 10 } });
    expect(stale()).toEqual([]);
  });
});
