import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, NO_ANSWER } from '../../shared/api/client';
import { connectivity } from '../../shared/api/connectivity';
import { ForbiddenError, NetworkError } from '../../shared/api/errors';
import { openPage, type Page } from '../offline/test-support';
import { featureKeys } from './queries';
import type { FeatureToggle } from '../types';
import { pinFeature } from './use-pin-feature';

// The unit's boundary is the HTTP client: a loopback server answers POST/DELETE .../favorites as the server's
// contract says (server/features/favorite-routes.ts: 200 with no body; 403 for an API token), and holds each answer
// until the test lets it go, so what the console shows meanwhile can be seen.

let server: Server;
let origin: string;
const seen: string[] = [];
let status = 200;
let release: () => void = () => {};

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    const answer = () => {
      if (status === 200) response.writeHead(200).end();
      else
        response
          .writeHead(status, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ name: 'NoAccessError', message: 'This call needs a signed-in user' }));
    };
    release = answer;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  status = 200;
  connectivity.reached();
});

const client = () => createApiClient('', (input, init) => fetch(`${origin}${String(input)}`, init));

/** Pins (or unpins, `favorite` false) the page's toggle `name` of project web, through the loopback server. */
const pin = (page: Page, name: string, favorite: boolean) =>
  pinFeature(page.queryClient, page.toggles, { feature: { name, project: 'web' }, favorite }, client());

/** A page whose query cache and offline mirror hold `toggle`. */
function cacheWith(toggle: FeatureToggle) {
  const page = openPage();
  const { queryClient } = page;
  queryClient.setQueryData(featureKeys.list(), [toggle, { name: 'other', favorite: false }]);
  queryClient.setQueryData(featureKeys.one(toggle.name), toggle);
  queryClient.setQueryData(featureKeys.project('web', toggle.name), { ...toggle, environments: [] });
  page.toggles.receiveToggle(toggle);
  return page;
}

/** Whether the toggle shows as pinned in the list, the toggle, its project shape and the offline mirror. */
function shown({ queryClient, toggles }: Page, name: string) {
  const list = queryClient.getQueryData<FeatureToggle[]>(featureKeys.list())!;
  return [
    list.find((toggle) => toggle.name === name)?.favorite,
    queryClient.getQueryData<FeatureToggle>(featureKeys.one(name))?.favorite,
    queryClient.getQueryData<FeatureToggle>(featureKeys.project('web', name))?.favorite,
    toggles.classicOf(name)?.favorite,
  ];
}

/** Resolves once the loopback server holds a request. */
async function requestArrives(count: number) {
  await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(count);
}

describe('pinning a toggle', () => {
  it('shows the pin everywhere before the answer, sends POST, and keeps it once the server agrees; DELETE unpins', async () => {
    const page = cacheWith({ name: 'pay.kill', project: 'web', favorite: false });
    const before = seen.length;
    const pinning = pin(page, 'pay.kill', true);
    await requestArrives(before + 1);
    // Shown while the server has not answered yet.
    expect(shown(page, 'pay.kill')).toEqual([true, true, true, true]);
    expect(seen.at(-1)).toBe('POST /api/admin/projects/web/features/pay.kill/favorites');
    release();
    await pinning;
    expect(shown(page, 'pay.kill')).toEqual([true, true, true, true]);
    expect(page.queryClient.getQueryData<FeatureToggle[]>(featureKeys.list())![1].favorite).toBe(false);

    const unpinning = pin(page, 'pay.kill', false);
    await requestArrives(before + 2);
    expect(seen.at(-1)).toBe('DELETE /api/admin/projects/web/features/pay.kill/favorites');
    release();
    await unpinning;
    expect(shown(page, 'pay.kill')).toEqual([false, false, false, false]);
  });

  it('calls off a read of the toggle under way, which would answer with the pin as it was', async () => {
    const page = cacheWith({ name: 'pay.race', project: 'web', favorite: false });
    let answerRead: (toggle: FeatureToggle) => void = () => {};
    const read = page.queryClient.fetchQuery({
      queryKey: featureKeys.one('pay.race'),
      queryFn: () => new Promise<FeatureToggle>((resolve) => (answerRead = resolve)),
    });
    const before = seen.length;
    const pinning = pin(page, 'pay.race', true);
    await requestArrives(before + 1);
    release();
    await pinning;
    // The read answers after the pin: its answer is not shown.
    answerRead({ name: 'pay.race', project: 'web', favorite: false });
    await read.catch(() => undefined);
    expect(shown(page, 'pay.race')).toEqual([true, true, true, true]);
  });

  it('puts the pin back when the server refuses, and passes the refusal on', async () => {
    const page = cacheWith({ name: 'pay.refused', project: 'web', favorite: false });
    status = 403;
    const before = seen.length;
    const pinning = pin(page, 'pay.refused', true).catch((error: unknown) => error);
    await requestArrives(before + 1);
    expect(shown(page, 'pay.refused')).toEqual([true, true, true, true]);
    release();
    expect(await pinning).toBeInstanceOf(ForbiddenError);
    expect(shown(page, 'pay.refused')).toEqual([false, false, false, false]);
  });

  it('is refused offline with the message of every online action, sending and showing nothing', async () => {
    const page = cacheWith({ name: 'pay.offline', project: 'web', favorite: true });
    connectivity.lost();
    const before = seen.length;
    const error = await pin(page, 'pay.offline', false).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toBe(NO_ANSWER);
    expect(seen.length).toBe(before);
    expect(shown(page, 'pay.offline')).toEqual([true, true, true, true]);
  });
});
