import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../shared/api/client';
import { NetworkError } from '../../shared/api/errors';
import type { FeatureToggle } from '../types';
import type { SwitchyardDb } from '../../offline/db';
import { readThrough } from '../../offline/mirror';
import { storedToggles, type ToggleMirror } from './mirror';
import { closePages, openPage, type Page } from './test-support';

const list: FeatureToggle[] = [
  { name: 'a', project: 'web', enabled: true, version: 3, strategies: [] },
  { name: 'b', project: 'shop', enabled: false, version: 1, strategies: [] },
];

/** GET api/admin/projects/{p}/features, as the server answers it: the environment states of every toggle. */
const projectLists: Record<string, unknown> = {
  web: {
    features: [
      {
        name: 'a',
        environments: [
          { name: 'default', enabled: true, type: 'production' },
          { name: 'dev', enabled: true, type: 'development' },
        ],
      },
    ],
  },
  shop: { features: [{ name: 'b', environments: [{ name: 'default', enabled: false, type: 'production' }] }] },
};
/** GET api/admin/projects/{p}/features/{name}: every environment with its strategies. */
const details: Record<string, unknown> = {
  a: {
    name: 'a',
    project: 'web',
    version: 3,
    environments: [
      { name: 'default', enabled: true, strategies: [] },
      { name: 'dev', enabled: true, strategies: [{ id: 's1', name: 'default' }] },
    ],
  },
  b: { name: 'b', project: 'shop', version: 1, environments: [{ name: 'default', enabled: false, strategies: [] }] },
};
const requested: string[] = [];
const http = createApiClient('', async (input) => {
  const path = String(input);
  requested.push(path);
  const [, project, name] = path.match(/^\/api\/admin\/projects\/([^/]+)\/features(?:\/([^/]+))?$/) ?? [];
  const body = name ? details[name] : projectLists[project];
  return new Response(JSON.stringify(body ?? {}), { status: body ? 200 : 404 });
});

/** Some of the reference data the app registers (see src/app/offline.tsx). */
const REFERENCE = [['ui-config'], ['projects'], ['feature-types'], ['strategies']];

let pages: Page[];
let mirror: ToggleMirror;
let db: SwitchyardDb;

beforeEach(() => {
  pages = [openPage({ api: http, reference: REFERENCE })];
  mirror = pages[0].toggles;
  requested.length = 0;
});

afterEach(() => closePages(...pages));

/** The page's IndexedDB is opened. */
async function openStorage(page = pages[0]) {
  ({ db } = await page.offline.openStorage());
}

/** The page is reloaded: a new page on the same IndexedDB, nothing in memory. */
async function reload() {
  await pages.at(-1)!.offline.close();
  const next = openPage({ base: pages[0].base, api: http, reference: REFERENCE });
  pages.push(next);
  await openStorage(next);
  return { fresh: next.toggles, client: next.queryClient };
}

describe('the mirror', () => {
  it('keeps what the server sent, and a new page shows it from IndexedDB before any request', async () => {
    const client = pages[0].queryClient;
    await openStorage();
    mirror.receiveList(list);
    client.setQueryData(['ui-config'], { name: 'Switchyard', version: '1', flags: { P: true } });
    await client.fetchQuery({ queryKey: ['projects'], queryFn: () => [{ id: 'web', name: 'Web' }] });
    await vi.waitFor(async () => {
      expect((await storedToggles(db)).find((row) => row.name === 'a')?.environments?.[1].strategies).toHaveLength(1);
      expect(await db.reference.get('["projects"]')).toBeDefined();
    });

    const { fresh, client: next } = await reload();
    expect(fresh.listView()).toEqual([
      { ...list[0], enabled: true },
      { ...list[1], enabled: false },
    ]);
    expect(
      fresh.projectFeatureOf('web', 'a')?.environments.map((e) => [e.name, e.enabled, e.strategies.length]),
    ).toEqual([
      ['default', true, 0],
      ['dev', true, 1],
    ]);
    // Reference data answered by the network is mirrored; data only set by hand is not an answer.
    expect(next.getQueryData(['projects'])).toEqual([{ id: 'web', name: 'Web' }]);
    expect(next.getQueryData(['ui-config'])).toBeUndefined();
    expect(fresh.listSyncTime()).toBeGreaterThan(0);
  });

  it("without the bulk call (Unleash 4), reads every toggle's details in the background: those not known, then those changed", async () => {
    await openStorage();
    mirror.receiveList(list);
    // Both toggles' details read and stored in IndexedDB, where the page opened below finds them (not only in memory:
    // on a busy machine the second one's write was still to come).
    await vi.waitFor(async () => {
      const detailed = (await storedToggles(db)).filter((row) =>
        row.environments?.every((environment) => environment.strategies !== undefined),
      );
      expect(detailed.map((row) => row.name)).toEqual(['a', 'b']);
    });
    // The bulk call is asked for once a page (this server answers it with 404).
    expect(requested.filter((path) => path.startsWith('/api/admin/sync/')).length).toBeLessThanOrEqual(1);
    expect(requested.filter((path) => !path.startsWith('/api/admin/sync/')).sort()).toEqual([
      '/api/admin/projects/shop/features',
      '/api/admin/projects/shop/features/b',
      '/api/admin/projects/web/features',
      '/api/admin/projects/web/features/a',
    ]);
    // A page opened later reads again only what changed since (b is at version 2 now).
    requested.length = 0;
    const { fresh } = await reload();
    fresh.receiveList([list[0], { ...list[1], version: 2 }]);
    await vi.waitFor(() => expect(requested).toContain('/api/admin/projects/shop/features/b'));
    expect(requested).not.toContain('/api/admin/projects/web/features/a');
  });

  it('drops toggles that left the list', async () => {
    await openStorage();
    mirror.receiveList(list);
    mirror.receiveList([list[1]]);
    await vi.waitFor(async () => expect((await storedToggles(db)).map((row) => row.name)).toEqual(['b']));
    expect(mirror.listView()?.map((t) => t.name)).toEqual(['b']);
  });

  it('opened after the network has answered (a first visit), stores what the screens already have', async () => {
    const client = pages[0].queryClient;
    mirror.receiveList(list);
    await client.fetchQuery({ queryKey: ['feature-types'], queryFn: () => [{ id: 'release', name: 'Release' }] });
    await openStorage();
    await vi.waitFor(async () => {
      expect((await storedToggles(db)).map((row) => row.name)).toEqual(['a', 'b']);
      expect((await db.reference.get('["feature-types"]'))?.value).toEqual([{ id: 'release', name: 'Release' }]);
    });
    expect(mirror.listView()).toHaveLength(2);
  });

  it('answers with what it holds when the network gives no answer, and passes other errors on', async () => {
    await expect(
      readThrough(
        () => Promise.reject(new NetworkError('offline')),
        () => 'mirrored',
      ),
    ).resolves.toBe('mirrored');
    await expect(
      readThrough(
        () => Promise.reject(new NetworkError('offline')),
        () => undefined,
      ),
    ).rejects.toThrow('offline');
    await expect(
      readThrough(
        () => Promise.reject(new Error('404')),
        () => 'mirrored',
      ),
    ).rejects.toThrow('404');
  });

  it('leaves the toggles and reference data out of the persisted query cache', () => {
    const { isMirrored } = pages[0].offline.mirror;
    expect(isMirrored(['features', 'list'])).toBe(true);
    expect(isMirrored(['features', 'project', 'web', 'a'])).toBe(true);
    expect(isMirrored(['strategies'])).toBe(true);
    expect(isMirrored(['user'])).toBe(false);
    expect(isMirrored(['features', 'tags', 'a'])).toBe(false);
  });
});
