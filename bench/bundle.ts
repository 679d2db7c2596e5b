// bench/bundle: what a cold first visit costs, as Chromium receives it. For a cold /login and a cold signed-in
// /features (1000 toggles seeded through the API), the bytes of every script and stylesheet as received (the
// server sends the build precompressed, br or gzip by Accept-Encoding; CDP's Network.loadingFinished
// encodedDataLength: body and headers on the wire), split into what was requested by the load event and after it,
// until the service worker controls the page (and, signed in, the offline storage is open). For /features also the
// API requests (counted by bench/mirror-sync's visit) from navigation until the offline mirror holds every toggle.
// Targets: at most 175 KB of JavaScript for /features, at most 10 API requests.
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium.ts';
import { startServer } from '../tests/support/server.ts';
import { TARGET_REQUESTS, visit, type Mirror, type Visit } from './mirror-sync.ts';
import { adminCookie, firstRowProbe, seedToggles, signedInContext, TOGGLE_ROW } from './support.ts';

const TOGGLES = 1000;
const BUDGET_JS_FEATURES = 175 * 1024;
const UNLEASH_42_JS_GZIP = 438_065; // bundled unleash-frontend 4.2.12, gzip -6

interface Asset {
  path: string;
  kind: 'js' | 'css';
  /** Bytes received: body as sent (compressed) and headers. */
  bytes: number;
  /** Of which the response headers. */
  headers: number;
  encoding: string;
  afterLoad: boolean;
}

/** Notes the scripts and stylesheets the page requests, with their bytes as received, through the DevTools protocol. */
async function watchAssets(page: Page) {
  const assets: Asset[] = [];
  const pending = new Map<
    string,
    Omit<Asset, 'bytes' | 'encoding' | 'headers'> & { encoding?: string; headers?: number }
  >();
  let loaded = false;
  page.on('load', () => (loaded = true));
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', (event) => {
    const kind = event.type === 'Script' ? 'js' : event.type === 'Stylesheet' ? 'css' : undefined;
    if (kind) pending.set(event.requestId, { path: new URL(event.request.url).pathname, kind, afterLoad: loaded });
  });
  cdp.on('Network.responseReceived', (event) => {
    const asset = pending.get(event.requestId);
    if (!asset) return;
    const header = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
    asset.encoding = event.response.fromServiceWorker ? 'service worker' : String(header?.[1] ?? 'identity');
    asset.headers = event.response.encodedDataLength; // what had arrived with the headers, before the body
  });
  cdp.on('Network.loadingFinished', (event) => {
    const asset = pending.get(event.requestId);
    if (!asset) return;
    pending.delete(event.requestId);
    const bytes = event.encodedDataLength;
    assets.push({
      ...asset,
      encoding: asset.encoding ?? 'identity',
      bytes,
      headers: Math.min(asset.headers ?? 0, bytes),
    });
  });
  await cdp.send('Network.enable');
  return { assets, inFlight: () => pending.size };
}

/**
 * A cold visit to /login: what it loads until the service worker controls the page and all has arrived (nobody is
 * signed in, so the offline storage stays closed: src/offline/offline.ts).
 */
async function loginVisit(browser: Browser, url: string): Promise<Asset[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const watched = await watchAssets(page);
    await page.goto(`${url}/login`);
    // The service worker controls the page (a function, not source text: the console's Content-Security-Policy
    // forbids eval).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
      polling: 100,
    });
    while (watched.inFlight() > 0) await page.waitForTimeout(100);
    return watched.assets;
  } finally {
    await context.close();
  }
}

/** A cold signed-in visit to /features, until the offline mirror holds every toggle (bench/mirror-sync's visit). */
async function featuresVisit(browser: Browser, url: string, cookie: string) {
  const context = await signedInContext(browser, url, cookie, firstRowProbe(TOGGLE_ROW));
  try {
    let watched: Awaited<ReturnType<typeof watchAssets>> | undefined;
    const api: Visit = await visit(
      context,
      url,
      (mirror: Mirror) => mirror.complete >= TOGGLES,
      0,
      async (page) => void (watched = await watchAssets(page)),
    );
    return { assets: watched?.assets ?? [], api };
  } finally {
    await context.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sum = (assets: Asset[]) => assets.reduce((total, asset) => total + asset.bytes, 0);

function report(name: string, assets: Asset[]) {
  const js = assets.filter((a) => a.kind === 'js');
  const css = assets.filter((a) => a.kind === 'css');
  const deferred = js.filter((a) => a.afterLoad);
  const encodings = [...new Set(assets.map((a) => a.encoding))].join(', ');
  console.log(
    `  ${name}  JS ${kb(sum(js))} in ${js.length} files (${kb(sum(js) - sum(deferred))} by the load event, ` +
      `${kb(sum(deferred))} after it; headers ${kb(js.reduce((total, a) => total + a.headers, 0))} of it)  ` +
      `CSS ${kb(sum(css))}  (Content-Encoding: ${encodings})`,
  );
  return sum(js);
}

export async function bundleBench(): Promise<boolean> {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const cookie = await adminCookie(server.url);
    await seedToggles(server.url, cookie, TOGGLES);
    const login = await loginVisit(browser, server.url);
    const features = await featuresVisit(browser, server.url, cookie);
    console.log('bench/bundle (a cold visit in Chromium, bytes as received: compressed body and headers)');
    report('/login   ', login);
    const featuresJs = report('/features', features.assets);
    console.log(
      `  /features JS is ${((featuresJs / BUDGET_JS_FEATURES) * 100).toFixed(0)}% of the 175 KB budget, ` +
        `${(featuresJs / UNLEASH_42_JS_GZIP).toFixed(2)}x the 438 KB (gzip) the Unleash 4.2 console loads`,
    );
    const { api } = features;
    console.log(
      `  /features with ${TOGGLES} toggles: ${api.requests} API requests until the mirror holds every toggle ` +
        `(${api.syncRequests} bulk pages; target at most ${TARGET_REQUESTS})${api.complete ? '' : ' NOT COMPLETE'}`,
    );
    console.log(`    ${api.paths.join(', ')}`);
    for (const asset of features.assets)
      console.log(
        `    ${asset.path} ${asset.bytes} B (headers ${asset.headers} B) ${asset.encoding}` +
          (asset.afterLoad ? ' (after load)' : ''),
      );
    return featuresJs <= BUDGET_JS_FEATURES && api.complete && api.requests <= TARGET_REQUESTS;
  } finally {
    await browser.close();
    await server.stop();
  }
}
