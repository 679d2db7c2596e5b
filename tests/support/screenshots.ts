// Screenshots of the console as a person sees it, at desktop and phone sizes:
//   npx tsx tests/support/screenshots.ts [--seed] [outDir] [path ...]
// Starts a real server on a fresh data folder, signs in as admin through the form, and saves one PNG per path and
// size. With --seed, a few sample toggles (one stale, one tagged, one archived) exist first.
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startServer } from './server.ts';
import { sessionCookie, sessionHeaders, skipWalkthrough } from './session.ts';

const args = process.argv.slice(2);
const seedSamples = args[0] === '--seed';
const [outDir = '/tmp/shots', ...paths] = seedSamples ? args.slice(1) : args;

const samples = [
  { name: 'checkout.new-flow', type: 'release', description: 'The new one-page checkout', enabled: true },
  { name: 'search.semantic-ranking', type: 'experiment', description: 'Rank search results by embeddings' },
  {
    name: 'payments.kill-switch',
    type: 'kill-switch',
    description: 'Turn off card payments during an incident',
    enabled: true,
  },
  { name: 'admin.bulk-export', type: 'permission', description: 'Lets admins export every account at once' },
  { name: 'ops.read-replicas', type: 'operational', description: 'Send reads to the replicas' },
];

async function seed(url: string, cookie: string) {
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${url}/api/admin/${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...sessionHeaders(cookie) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  for (const sample of samples) await call('POST', 'features', sample);
  await call('POST', 'features/ops.read-replicas/stale/on');
  await call('POST', 'features/checkout.new-flow/tags', { type: 'simple', value: 'team-checkout' });
  await call('POST', 'features', { name: 'legacy.old-banner', description: 'Retired banner' });
  await call('DELETE', 'features/legacy.old-banner');
}
const sizes = [
  { name: '1280x800', width: 1280, height: 800 },
  { name: '390x844', width: 390, height: 844 },
];

mkdirSync(outDir, { recursive: true });
const server = await startServer();
// The admin has seen the environments walkthrough: the screenshots show the screens, not it.
const cookie = await sessionCookie(server.url);
await skipWalkthrough(server.url, cookie);
if (seedSamples) await seed(server.url, cookie);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const size of sizes) {
    const context = await browser.newContext({
      viewport: size,
      isMobile: size.width < 500,
      hasTouch: size.width < 500,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading').first().waitFor();
    await page.screenshot({ path: `${outDir}/login-${size.name}.png` });
    await page.getByRole('textbox', { name: 'Username or email' }).fill(ADMIN_USERNAME);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/features$/);
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('dialog', { name: 'Profile' }).waitFor();
    await page.screenshot({ path: `${outDir}/profile-${size.name}.png` });
    await page.keyboard.press('Escape');
    for (const path of paths.length ? paths : ['/features']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState('networkidle');
      const file = `${outDir}/${path.replace(/^\//, '').replace(/[/?=&]/g, '_') || 'root'}-${size.name}.png`;
      await page.screenshot({ path: file });
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`screenshots in ${outDir}`);
