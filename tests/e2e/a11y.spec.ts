// Accessibility: axe-core over every console route that exists, at 1280x800 and 390x844, in
// light and dark, and no request of the session leaving the instance's origin. One browser context per scheme, both
// sizes in it, against one seeded server; dark is chosen as a person would: 'Theme: System' in the profile menu on a
// device whose system setting is dark. Every screen must have 0 serious and 0 critical violations, and at 390x844
// every visible target at least 44x44 CSS px (tests/support/targets.ts).
import type { Browser, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { smallTargets } from '../support/targets.ts';
import { adminApiOf, expect, freshServer, signIn, test } from './fixtures.ts';

// The two sessions are independent: spread over the workers (each starts and seeds its own server).
test.describe.configure({ mode: 'parallel' });
const server = freshServer();

const TOGGLE = 'payments.kill-switch';
const ARCHIVED = 'legacy.old-banner';
const STRATEGY = 'by-region';
const CONTEXT_FIELD = 'region';
const APPLICATION = 'web-shop';
/** The first addon of a fresh server (seeded below). */
const ADDON_ID = 1;
/** The first change request of a fresh server (seeded below). */
const CHANGE_REQUEST_ID = 1;
/** The first segment of a fresh server (seeded below). */
const SEGMENT_ID = 1;

/** Every route in src/app/routes today, with the seeded names. /login is checked last, after logout. */
const SCREENS = [
  '/features',
  '/projects',
  '/projects/create',
  '/projects/default',
  '/projects/default/health',
  '/projects/default/change-requests',
  `/projects/default/change-requests/${CHANGE_REQUEST_ID}`,
  '/change-requests',
  '/projects/default/access',
  '/projects/default/environments',
  '/projects/default/settings',
  '/projects/default/edit',
  '/projects/default/archived',
  '/projects/default/create-toggle',
  '/projects/default/create-toggle2',
  `/projects/default/features/${TOGGLE}/strategies`,
  `/projects/default/features/${TOGGLE}/metrics`,
  `/projects/default/features/${TOGGLE}/variants`,
  `/projects/default/features/${TOGGLE}/logs`,
  `/projects/default/features/${TOGGLE}/strategies/copy`,
  `/projects/default/features2/${TOGGLE}`,
  `/projects/default/features2/${TOGGLE}/strategies`,
  `/projects/default/features2/${TOGGLE}/metrics`,
  `/projects/default/features2/${TOGGLE}/variants`,
  `/projects/default/features2/${TOGGLE}/settings`,
  `/projects/default/features2/${TOGGLE}/logs`,
  `/projects/default/features2/${TOGGLE}/overview/copy`,
  `/projects/default/archived/${ARCHIVED}/logs`,
  `/projects/default/archived/${ARCHIVED}/metrics`,
  '/features?pinned=true',
  '/playground',
  '/strategies',
  '/strategies/create',
  '/strategies/view/default',
  `/strategies/view/${STRATEGY}`,
  `/strategies/edit/${STRATEGY}`,
  '/environments',
  '/environments/create',
  '/context',
  '/context/create',
  `/context/edit/${CONTEXT_FIELD}`,
  '/segments',
  '/segments/create',
  `/segments/edit/${SEGMENT_ID}`,
  '/tag-types',
  '/tag-types/create',
  '/tag-types/edit/simple',
  '/tags',
  '/tags/create',
  '/addons',
  '/addons/create/webhook',
  `/addons/edit/${ADDON_ID}`,
  '/applications',
  `/applications/${APPLICATION}`,
  `/applications/${APPLICATION}?tab=edit`,
  '/archive',
  '/history',
  `/history/${TOGGLE}`,
  '/admin/auth',
  '/admin/users',
  '/admin/api',
  '/admin/cors',
  '/admin-invoices',
  '/new-user?token=a11y-unknown',
  '/reset-password?token=a11y-unknown',
  '/reset-password-success',
  '/forgotten-password',
  '/404',
];

const SIZES = [
  { name: '1280x800', viewport: { width: 1280, height: 800 }, phone: false },
  { name: '390x844', viewport: { width: 390, height: 844 }, phone: true },
];
const SCHEMES = ['light', 'dark'] as const;

const call = adminApiOf(server);

test.beforeAll(async () => {
  await call('POST', 'api/admin/strategies', {
    name: STRATEGY,
    description: 'On in the listed regions',
    parameters: [{ name: 'regions', type: 'list', description: 'Region codes', required: true }],
  });
  await call('POST', 'api/admin/features', {
    name: TOGGLE,
    type: 'kill-switch',
    description: 'Turn off card payments during an incident',
    enabled: true,
  });
  await call('POST', `api/admin/features/${TOGGLE}/tags`, { type: 'simple', value: 'team-payments' });
  // Production takes changes through change requests; the admin's draft holds one (the request page).
  const production = 'api/admin/projects/default/environments/production';
  await call('PUT', `${production}/change-requests/config`, { changeRequestsEnabled: true, requiredApprovals: 2 });
  const change = { feature: TOGGLE, action: 'updateEnabled', payload: { enabled: false } };
  expect((await call('POST', `${production}/change-requests`, change)).id).toBe(CHANGE_REQUEST_ID);
  await call('POST', 'api/admin/features', {
    name: 'checkout.new-flow',
    type: 'release',
    description: 'One-page checkout',
  });
  await call('POST', 'api/admin/features/checkout.new-flow/stale/on');
  await call('POST', 'api/admin/features', { name: ARCHIVED, description: 'Retired banner' });
  await call('DELETE', `api/admin/features/${ARCHIVED}`);
  await call('POST', 'api/admin/context', { name: CONTEXT_FIELD, legalValues: ['eu', 'us'], stickiness: true });
  const segment = {
    name: 'beta-testers',
    description: 'Recent app versions in the EU',
    constraints: [
      { contextName: 'appName', operator: 'SEMVER_GT', value: '2.0.0', values: [] },
      { contextName: CONTEXT_FIELD, operator: 'IN', values: ['eu'] },
    ],
  };
  expect((await call('POST', 'api/admin/segments', segment)).id).toBe(SEGMENT_ID);
  const addon = { provider: 'webhook', parameters: { url: 'http://127.0.0.1:9/hook' }, events: ['feature-created'] };
  expect((await call('POST', 'api/admin/addons', addon)).id).toBe(ADDON_ID);
  // An SDK registers and reports, with a client token (the applications screens).
  const { secret } = await call('POST', 'api/admin/api-tokens', { username: 'a11y-sdk', type: 'CLIENT' });
  const sdk = async (path: string, body: object) =>
    expect(
      (
        await fetch(`${server().url}/api/client/${path}`, {
          method: 'POST',
          headers: { Authorization: secret, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    ).toBe(202);
  const started = new Date().toISOString();
  await sdk('register', {
    appName: APPLICATION,
    instanceId: 'pod-1',
    strategies: ['default', 'x'],
    started,
    interval: 1,
  });
  const bucket = {
    start: started,
    stop: started,
    toggles: { [TOGGLE]: { yes: 3, no: 1 }, 'not.created': { yes: 1, no: 0 } },
  };
  await sdk('metrics', { appName: APPLICATION, instanceId: 'pod-1', bucket });
});

/** The screen has settled: no request in flight and no loader showing. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 30_000 });
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 30_000 });
}

type Size = (typeof SIZES)[number];

/**
 * One session per scheme, both sizes in it: each screen is reached once and checked at one size, then at the other
 * (the console's layout follows the viewport's width alone). The order of sizes alternates from screen to screen, so
 * the viewport changes once per screen.
 */
async function checkSession(browser: Browser, scheme: (typeof SCHEMES)[number]) {
  const { url } = server();
  const origin = new URL(url).origin;
  const context = await browser.newContext({
    viewport: SIZES[0].viewport,
    colorScheme: scheme,
    reducedMotion: 'reduce',
  });
  const foreign: string[] = [];
  context.on('request', (request) => {
    const requested = new URL(request.url());
    if (!['data:', 'blob:'].includes(requested.protocol) && requested.origin !== origin) foreign.push(request.url());
  });
  // A load the CSP refused (a Gravatar avatar, say) never becomes a request: Chromium reports it on the console.
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/.test(message.text())) foreign.push(message.text());
  });
  const page = await context.newPage();
  const found: Record<string, string[]> = {};
  const small: Record<string, string[]> = {};
  let size: Size = SIZES[0];
  const resize = async (to: Size) => {
    size = to;
    await page.setViewportSize(to.viewport);
    // The header follows the width once React has re-rendered (a media query's listener): its menus or the burger.
    if (await page.locator('.sy-header').count())
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(to.phone ? 0 : 1);
    await settle(page);
  };
  const check = async (screen: string) => {
    found[`${size.name} ${screen}`] = await seriousViolations(page);
    if (size.phone) small[screen] = await smallTargets(page);
  };

  await signIn(page, url);
  await settle(page);
  for (const to of SIZES) {
    await resize(to);
    // The toggle list's own popup: the environments shown as columns on a desktop, the filter sheet on a phone.
    await page.getByRole('button', { name: size.phone ? 'Filters' : 'Environments' }).click();
    const popup = size.phone
      ? page.getByRole('dialog', { name: 'Filters' })
      : page.getByRole('group', { name: 'Environments shown' });
    await expect(popup).toBeVisible();
    await check(size.phone ? '/features filters' : '/features environments');
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    // The profile menu; 'System' follows the device, here emulated as light or dark.
    await page.getByRole('button', { name: 'Profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Profile' });
    await profile.getByLabel('Theme').selectOption('System');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await check('profile menu');
    await page.keyboard.press('Escape');
    await expect(profile).toBeHidden();
  }

  // The screens are reached inside the running console, as its links do (the router follows history.pushState): a
  // reload per screen would start the whole console again, about a second of work each on this machine.
  for (const screen of SCREENS) {
    await page.evaluate((path) => window.history.pushState({}, '', path), screen);
    await expect(page).toHaveURL(`${url}${screen}`);
    await settle(page);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await check(screen);
    await resize(SIZES.find((other) => other !== size)!);
    await check(screen);
  }

  await page.goto(`${url}/logout`);
  await expect(page).toHaveURL(/\/login/, { timeout: 30_000 });
  await settle(page);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
  await check('/login');
  await resize(SIZES.find((other) => other !== size)!);
  await check('/login');
  await context.close();

  for (const [screen, violations] of Object.entries(found)) {
    if (violations.length) console.log(`[a11y ${scheme}] ${screen}: ${violations.join('; ')}`);
  }
  const failing = Object.fromEntries(Object.entries(found).filter(([, violations]) => violations.length));
  expect.soft(failing, `serious or critical axe violations in ${scheme}`).toEqual({});
  const tooSmall = Object.fromEntries(Object.entries(small).filter(([, targets]) => targets.length));
  expect.soft(tooSmall, `targets under 44x44 px at 390x844 in ${scheme}`).toEqual({});
  expect.soft(foreign, 'requests to another origin').toEqual([]);
}

for (const scheme of SCHEMES) {
  test(`every screen at ${SIZES.map((size) => size.name).join(' and ')} in ${scheme}: no serious or critical axe violation, 44 px targets on a phone, no other origin`, async ({
    browser,
  }) => {
    // A minute to sign in, and up to 8 s a screen at each size (a busy machine; a quiet one takes about 2 s).
    test.setTimeout(60_000 + SCREENS.length * SIZES.length * 8_000);
    await checkSession(browser, scheme);
  });
}
