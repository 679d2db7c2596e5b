import { beforeAll, describe, expect, it } from 'vitest';
import { appendEvent } from '../platform/events/store.ts';
import { admin, server, useServer } from '../test-support/fixture.ts';

/** The id of the first seeded event: events before it are the server's own (the first admin, ...). */
let firstSeeded: number;
const SEEDED = 250;

useServer();
beforeAll(async () => {
  const [{ id }] = await server.sql('select coalesce(max(id), 0) + 1 as id from events');
  firstSeeded = Number(id);
  // 250 events in one transaction through the events service: toggles a0..a4 of project p1 by ann (the even
  // ones), user events by bob (the odd ones).
  await server.db.transaction(async (tx) => {
    for (let i = 0; i < SEEDED; i++) {
      await appendEvent(
        tx,
        i % 2 === 0
          ? { type: 'feature-updated', createdBy: 'ann', project: 'p1', featureName: `a${i % 5}`, data: { i } }
          : { type: 'user-updated', createdBy: 'bob', data: { i } },
      );
    }
  });
});

type Page = {
  events: Array<{ id: number; type: string; createdBy: string; featureName: string | null }>;
  next: number | null;
};

async function get(path: string): Promise<Page> {
  const answer = await server.call('GET', path, { cookie: admin });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as Page;
}

/** Every page of a listing, following `next` as `before`. */
async function allPages(path: string): Promise<Page['events']> {
  const seen: Page['events'] = [];
  let before: number | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const page: Page = await get(before === null ? path : `${path}${separator}before=${before}`);
    seen.push(...page.events);
    before = page.next;
  } while (before !== null);
  return seen;
}

const seededOnly = (events: Page['events']) => events.filter((e) => e.id >= firstSeeded);

describe('GET api/admin/events pages newest first', () => {
  it('a bare call answers the newest 100 with the Unleash fields and the next cursor', async () => {
    const answer = await server.call('GET', 'api/admin/events', { cookie: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.version).toBe(1);
    expect(answer.body.events).toHaveLength(100);
    const ids = answer.body.events.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(answer.body.next).toBe(ids[99]);
    expect(Object.keys(answer.body.events[0])).toEqual(
      expect.arrayContaining(['id', 'type', 'createdBy', 'createdAt', 'data', 'tags', 'project', 'diffs']),
    );
  });

  it('following next reaches every event once, in order, and the last page says next: null', async () => {
    const [{ count }] = await server.sql('select count(*)::int as count from events');
    const events = await allPages('api/admin/events?limit=37');
    expect(events).toHaveLength(Number(count));
    const ids = events.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('filters by user, type, project, toggle and time, and pages within the filter', async () => {
    const byAnn = await allPages('api/admin/events?createdBy=ann&limit=40');
    expect(byAnn).toHaveLength(SEEDED / 2);
    expect(byAnn.every((e) => e.createdBy === 'ann')).toBe(true);

    const userEvents = seededOnly(await allPages('api/admin/events?type=user-updated&limit=50'));
    expect(userEvents).toHaveLength(SEEDED / 2);
    expect(userEvents.every((e) => e.type === 'user-updated' && e.createdBy === 'bob')).toBe(true);

    expect(await allPages('api/admin/events?project=p1&limit=1000')).toHaveLength(SEEDED / 2);
    const a3 = await allPages('api/admin/events?feature=a3&limit=10');
    expect(a3).toHaveLength(SEEDED / 10);
    expect(a3.every((e) => e.featureName === 'a3')).toBe(true);
    expect(await allPages('api/admin/events?feature=a3&createdBy=bob')).toEqual([]);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await get(`api/admin/events?from=${future}`)).events).toEqual([]);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect((await get(`api/admin/events?to=${past}`)).events).toEqual([]);
    const window = await allPages(`api/admin/events?from=${past}&to=${future}&createdBy=bob&limit=1000`);
    expect(window).toHaveLength(SEEDED / 2);
  });

  it("GET api/admin/events/{toggleName} pages the toggle's events the same way", async () => {
    const first = await server.call('GET', 'api/admin/events/a1?limit=20', { cookie: admin });
    expect(first.status).toBe(200);
    expect(first.body.toggleName).toBe('a1');
    expect(first.body.events).toHaveLength(20);
    expect(first.body.next).toBe(first.body.events[19].id);
    const all = await allPages('api/admin/events/a1?limit=20');
    expect(all).toHaveLength(SEEDED / 10);
    expect(all.every((e) => e.featureName === 'a1')).toBe(true);
    expect(await allPages('api/admin/events/a1?createdBy=bob')).toEqual([]);
    // Bare, it answers the newest 100 as the list does.
    const bare = await server.call('GET', 'api/admin/events/a1', { cookie: admin });
    expect(bare.body.events).toHaveLength(SEEDED / 10);
    expect(bare.body.next).toBeNull();
  });

  it('refuses odd parameters with a 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['limit=ten', 'limit'],
      ['before=-3', 'before'],
      ['before=x', 'before'],
      ['from=yesterday', 'from'],
      ['to=2026-13-01T00:00:00Z', 'to'],
      ['from=2026-02-02T00:00:00Z&to=2026-02-01T00:00:00Z', 'to'],
      ['createdBy=', 'createdBy'],
      ['feature=', 'feature'],
    ];
    for (const [query, field] of cases) {
      for (const path of ['api/admin/events', 'api/admin/events/a1']) {
        if (field === 'feature' && path !== 'api/admin/events') continue;
        const answer = await server.call('GET', `${path}?${query}`, { cookie: admin });
        expect(answer.status, `${path}?${query}`).toBe(400);
        expect(answer.body.name).toBe('ValidationError');
        expect(JSON.stringify(answer.body.details), `${path}?${query}`).toContain(field);
        expect(answer.text).not.toMatch(/ at .*\.ts/);
      }
    }
  });

  it("every event needs an admin; one toggle's are open to any signed-in user", async () => {
    const viewer = await server.createUser('Viewer');
    expect((await server.call('GET', 'api/admin/events?createdBy=ann', { cookie: viewer.cookie })).status).toBe(403);
    const own = await server.call('GET', 'api/admin/events/a2?limit=5', { cookie: viewer.cookie });
    expect(own.status).toBe(200);
    expect(own.body.events).toHaveLength(5);
  });
});
