/**
 * The authorisation matrix: every route the app registers x the six kinds of caller. An allowed call must not be
 * answered 401/403; a refused one must be, and must change nothing (a digest of every data table, the audit log
 * included, is compared around each route's refused calls). The expectations are written out in routes.ts; a route
 * without one fails here.
 */
import { describe, expect, it } from 'vitest';
import { allowed, CALLERS, dataChecksum, sampleFor, sampleKey, useSecuritySuite } from './routes.ts';

const suite = useSecuritySuite();

describe('authorisation matrix', () => {
  it('has an expectation for every registered route and no expectation for a route that does not exist', () => {
    const { registered, table } = suite;
    expect(registered.length).toBeGreaterThan(100);
    expect(registered.filter((route) => !sampleFor(table, route)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const used = new Set(registered.map((route) => sampleKey(table, route)));
    expect(Object.keys(table).filter((key) => !used.has(key))).toEqual([]);
  });

  it('allows exactly the callers the spec allows, and refused calls change nothing', { timeout: 600_000 }, async () => {
    const { server, registered, callers, table } = suite;
    const routes = registered
      .map((route) => ({ route, sample: sampleFor(table, route)! }))
      .filter(({ sample }) => sample)
      // Calls that spend the caller's session (sign-out) run after every other route.
      .sort((a, b) => Number(a.sample.last ?? false) - Number(b.sample.last ?? false));
    let requests = 0;
    const violations: string[] = [];
    for (const { route, sample } of routes) {
      const label = `${route.method} ${route.url}`;
      const refused = CALLERS.filter((caller) => !allowed(sample.access, caller));
      const permitted = CALLERS.filter((caller) => allowed(sample.access, caller));
      const send = async (caller: (typeof CALLERS)[number]) => {
        requests += 1;
        const body = route.method === 'GET' || route.method === 'HEAD' ? undefined : sample.body;
        return server.call(route.method, sample.path, { ...callers[caller], body });
      };
      if (refused.length > 0) {
        const before = await dataChecksum(server);
        for (const caller of refused) {
          const answer = await send(caller);
          if (answer.status !== 401 && answer.status !== 403) {
            violations.push(
              `${label} as ${caller}: expected 401/403, got ${answer.status} ${answer.text.slice(0, 200)}`,
            );
          }
        }
        const after = await dataChecksum(server);
        if (after !== before) violations.push(`${label}: a refused call (${refused.join(', ')}) changed data`);
      }
      for (const caller of permitted) {
        const answer = await send(caller);
        if (answer.status === 401 || answer.status === 403) {
          violations.push(`${label} as ${caller}: allowed, got ${answer.status} ${answer.text.slice(0, 200)}`);
        }
      }
    }
    console.log(
      `authorisation matrix (${process.env.TEST_DB}): ${routes.length} routes x ${CALLERS.length} callers, ` +
        `${requests} requests, ${violations.length} violations`,
    );
    expect(violations).toEqual([]);
  });
});
