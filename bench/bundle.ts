// bench/bundle: gzip bytes of the JavaScript and CSS that a cold /login and a cold /features load in Chromium,
// measured from the files the browser actually requested, against the /features budget of 175 KB of JavaScript.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startServer } from '../tests/support/server.ts';

const BUDGET_JS_FEATURES = 175 * 1024;
const UNLEASH_42_JS_GZIP = 438_065; // bundled unleash-frontend 4.2.12, gzip -6 (shared/reference)
const dist = resolve(import.meta.dirname, '../dist');

interface Load {
  js: number;
  css: number;
  /** JavaScript requested after the page's load event (the offline mirror, which starts once the worker controls). */
  deferredJs: number;
  files: string[];
}

async function measure(url: string, path: string, signedIn: boolean): Promise<Load> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    if (signedIn) {
      const login = await context.request.post(`${url}/auth/simple/login`, {
        data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
      });
      if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
    }
    const page = await context.newPage();
    const assets = new Map<string, boolean>(); // path -> requested after the load event
    let loaded = false;
    page.on('load', () => (loaded = true));
    page.on('request', (request) => {
      const type = request.resourceType();
      const asset = new URL(request.url()).pathname;
      if ((type === 'script' || type === 'stylesheet') && !assets.has(asset)) assets.set(asset, loaded);
    });
    await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
    // Count what the first visit goes on to load once the service worker controls the page, every time.
    await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 20_000 });
    await page.waitForTimeout(2000);
    const base = new URL(url).pathname.replace(/\/$/, '');
    const load: Load = { js: 0, css: 0, deferredJs: 0, files: [] };
    for (const [asset, deferred] of [...assets].sort()) {
      const file = asset.slice(base.length);
      const gzip = gzipSync(readFileSync(join(dist, file)), { level: 6 }).length;
      if (file.endsWith('.css')) load.css += gzip;
      else load.js += gzip;
      if (deferred && !file.endsWith('.css')) load.deferredJs += gzip;
      load.files.push(`${file} ${gzip} B${deferred ? ' (after load)' : ''}`);
    }
    return load;
  } finally {
    await browser.close();
  }
}

export async function bundleBench(): Promise<boolean> {
  const server = await startServer();
  try {
    const login = await measure(server.url, '/login', false);
    const features = await measure(server.url, '/features', true);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log('bench/bundle (gzip -6 of what a cold page load requests)');
    for (const [name, load] of [
      ['/login   ', login],
      ['/features', features],
    ] as const) {
      console.log(
        `  ${name}  JS ${kb(load.js)} (${kb(load.js - load.deferredJs)} by the load event, ${kb(load.deferredJs)} after it)  ` +
          `CSS ${kb(load.css)}  (${load.files.length} files)`,
      );
    }
    const ratio = features.js / BUDGET_JS_FEATURES;
    console.log(`  /features JS is ${(ratio * 100).toFixed(0)}% of the 175 KB budget`);
    console.log(`  and ${(features.js / UNLEASH_42_JS_GZIP).toFixed(2)}x the 438 KB the Unleash 4.2 console loads`);
    for (const file of features.files) console.log(`    ${file}`);
    return features.js <= BUDGET_JS_FEATURES;
  } finally {
    await server.stop();
  }
}
