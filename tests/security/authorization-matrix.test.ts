/**
 * The authorisation matrix: every route the app registers x every kind of caller (CALLERS). An allowed call must not be
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
    const send = async (route: (typeof routes)[number], caller: (typeof CALLERS)[number]) => {
      requests += 1;
      const { method } = route.route;
      const body = method === 'GET' || method === 'HEAD' ? undefined : route.sample.body;
      return server.call(method, route.sample.path, { ...callers[caller], body });
    };
    const label = ({ route }: (typeof routes)[number]) => `${route.method} ${route.url}`;
    const refusedOf = ({ sample }: (typeof routes)[number]) => CALLERS.filter((c) => !allowed(sample.access, c));

    /** Sends every refused call of those routes; the 401/403 check is made on each answer. */
    const sendRefused = async (some: typeof routes) => {
      for (const route of some) {
        for (const caller of refusedOf(route)) {
          const answer = await send(route, caller);
          if (answer.status !== 401 && answer.status !== 403) {
            violations.push(
              `${label(route)} as ${caller}: expected 401/403, got ${answer.status} ${answer.text.slice(0, 200)}`,
            );
          }
        }
      }
    };
    // First every refused call of every route, against the seeded data: together they must change nothing, which
    // one digest of the data before and one after show (a digest per route was most of this test's time). Only
    // if they differ is each route's refused calls digested on its own, to name the one that wrote.
    const refusing = routes.filter((route) => refusedOf(route).length > 0);
    const before = await dataChecksum(server);
    await sendRefused(refusing);
    if ((await dataChecksum(server)) !== before) {
      for (const route of refusing) {
        const own = await dataChecksum(server);
        await sendRefused([route]);
        if ((await dataChecksum(server)) !== own) {
          violations.push(`${label(route)}: a refused call (${refusedOf(route).join(', ')}) changed data`);
        }
      }
      if (!violations.some((v) => v.endsWith('changed data'))) violations.push('refused calls changed data');
    }
    // Then the permitted calls, route by route (sign-out last).
    for (const route of routes) {
      for (const caller of CALLERS.filter((c) => allowed(route.sample.access, c))) {
        const answer = await send(route, caller);
        if (answer.status === 401 || answer.status === 403) {
          violations.push(`${label(route)} as ${caller}: allowed, got ${answer.status} ${answer.text.slice(0, 200)}`);
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
