// A toggle's lifecycle and the project's clean-up. An SDK reports a toggle (real api/client/metrics posts with client
// tokens the test made) in development, then in production: the toggle page shows pre-live, then live. Marked
// completed (kept), the project's Health tab lists it under completed, and it is archived from there after the
// confirmation. Then those screens, and the project's table filtered by stage, at 1280x800 and 390x844, light and
// dark: axe clean, touch-sized on the phone.
// A real server on a fresh data folder, Chromium.
import type { Browser, Locator, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { expectTouchTargets } from '../support/targets.ts';
import { adminApiOf, expect, freshServer, PHONE, signedInPage, signIn, test } from './fixtures.ts';

const server = freshServer();
const call = adminApiOf(server);
const PROJECT = 'shop';
const TOGGLE = 'shop.checkout';
/** Shown in the screenshots: completed, kept, and past its lifetime beside it. */
const SHOWN = 'shop.banner';
const SHOTS = '.tmp';
const tokens: Record<'development' | 'production', string> = { development: '', production: '' };

/** What an SDK sends after a minute in `environment` (its token's): the toggles it evaluated. */
async function report(environment: keyof typeof tokens, toggles: string[]) {
  const stop = new Date();
  const answer = await fetch(`${server().url}/api/client/metrics`, {
    method: 'POST',
    headers: { Authorization: tokens[environment], 'Content-Type': 'application/json' },
    body: JSON.stringify({
      appName: 'checkout-service',
      instanceId: 'pod-1',
      bucket: {
        start: new Date(stop.getTime() - 60_000).toISOString(),
        stop: stop.toISOString(),
        toggles: Object.fromEntries(toggles.map((name) => [name, { yes: 5, no: 2 }])),
      },
    }),
  });
  expect(answer.status).toBe(202);
}

const stagesOf = async (name: string) =>
  (await call('GET', `api/admin/projects/${PROJECT}/features/${name}/lifecycle`)) as Array<{
    stage: string;
    status?: string;
    statusValue?: string;
  }>;

test.beforeAll(async () => {
  await call('POST', 'api/admin/projects', { id: PROJECT, name: 'Shop' });
  for (const name of [TOGGLE, SHOWN]) {
    await call('POST', `api/admin/projects/${PROJECT}/features`, { name, type: 'release' });
  }
  for (const environment of ['development', 'production'] as const) {
    const token = await call('POST', 'api/admin/api-tokens', {
      username: `checkout-${environment}`,
      type: 'client',
      project: '*',
      environment,
    });
    tokens[environment] = token.secret;
  }
});

/** The toggle page's Lifecycle section and its current stage. */
function lifecycleOf(page: Page) {
  const section = page.getByRole('region', { name: 'Lifecycle' });
  return { section, current: section.locator('li[aria-current="step"]') };
}

test('pre-live, then live from SDK metrics; completed on the toggle page; archived from the Health tab', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await report('development', [TOGGLE]);
  expect((await stagesOf(TOGGLE)).map((s) => s.stage)).toEqual(['initial', 'pre-live']);

  await signIn(page, server().url);
  await page.getByRole('link', { name: TOGGLE, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}/features2/${TOGGLE.replace('.', '\\.')}$`));
  const { section, current } = lifecycleOf(page);
  await expect(current).toContainText('Pre-live');
  await expect(section.getByRole('listitem')).toHaveCount(5);

  await report('production', [TOGGLE]);
  await page.reload();
  await expect(current).toContainText('Live');
  await expect(current).not.toContainText('Pre-live');
  expect(await seriousViolations(page)).toEqual([]);

  await section.getByRole('button', { name: 'Mark completed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark completed' });
  await expect(dialog.getByRole('radio', { name: /^Kept/ })).toBeChecked();
  await dialog.getByRole('textbox', { name: /What was kept/ }).fill('on');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Mark completed' }).click();
  await expect(dialog).toBeHidden();
  await expect(current).toContainText('Completed');
  await expect(current).toContainText('Kept: on');
  await expect(section.getByRole('button', { name: 'Undo completed' })).toBeVisible();
  expect((await stagesOf(TOGGLE)).at(-1)).toMatchObject({ stage: 'completed', status: 'kept', statusValue: 'on' });

  // To the project's Health tab by clicks.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('list', { name: 'Projects' }).getByRole('link', { name: 'Shop', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(TOGGLE) })).toContainText('Completed');
  await page.getByRole('tab', { name: 'Health' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}/health$`));
  await expect(page.getByRole('heading', { name: 'Completed, not archived (1)' })).toBeVisible();
  const completed = page.getByRole('list', { name: 'Completed toggles' });
  await expect(completed.getByRole('link')).toHaveText([TOGGLE]);
  expect(await seriousViolations(page)).toEqual([]);

  await completed.getByRole('button', { name: `Archive: ${TOGGLE}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Archive feature toggle' });
  await expect(confirm).toContainText(`Are you sure you want to archive ${TOGGLE}?`);
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Archive toggle' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Completed, not archived (0)' })).toBeVisible();
  await expect(completed).toHaveCount(0);
  const archived = (await call('GET', 'api/admin/archive/features')).features as Array<{ name: string }>;
  expect(archived.map((f) => f.name)).toContain(TOGGLE);
  expect((await stagesOf(TOGGLE)).map((s) => s.stage)).toEqual([
    'initial',
    'pre-live',
    'live',
    'completed',
    'archived',
  ]);
});

/** Dark as a person chooses it: 'Theme: System' in the profile menu, on a system in dark mode. */
async function chooseSystemTheme(page: Page) {
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('dialog', { name: 'Profile' }).getByLabel('Theme').selectOption('System');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.keyboard.press('Escape');
}

async function look(page: Page, name: string, targets: Locator[], phone: boolean) {
  await page.waitForLoadState('networkidle', { timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
  if (phone) await expectTouchTargets(targets);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const size of ['1280x800', '390x844'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the Lifecycle section, the table by stage and the Health tab at ${size}, ${scheme}`, async ({
      browser,
    }: {
      browser: Browser;
    }) => {
      test.setTimeout(180_000);
      const phone = size === '390x844';
      if ((await stagesOf(SHOWN)).length === 1) {
        await report('development', [SHOWN]);
        await report('production', [SHOWN]);
        await call('POST', `api/admin/projects/${PROJECT}/features/${SHOWN}/lifecycle/complete`, {
          status: 'kept',
          statusValue: 'variant blue',
        });
      }
      const page = await signedInPage(browser, server().url, undefined, {
        ...(phone ? PHONE : { viewport: { width: 1280, height: 800 } }),
        colorScheme: scheme,
      });
      if (scheme === 'dark') await chooseSystemTheme(page);

      await page.goto(`${server().url}/projects/${PROJECT}/features2/${SHOWN}`);
      const { section, current } = lifecycleOf(page);
      await expect(current).toContainText('Kept: variant blue');
      await section.scrollIntoViewIfNeeded();
      await look(
        page,
        `lifecycle-toggle-${size}-${scheme}`,
        [section.getByRole('button', { name: 'Undo completed' })],
        phone,
      );

      await page.goto(`${server().url}/projects/${PROJECT}`);
      const filter = page.getByRole('combobox', { name: 'Lifecycle stage' });
      await filter.selectOption('completed');
      await expect(page.getByRole('table', { name: 'Feature toggles of the project' }).getByRole('link')).toHaveText([
        SHOWN,
      ]);
      await look(page, `lifecycle-project-${size}-${scheme}`, [filter], phone);

      await page.goto(`${server().url}/projects/${PROJECT}/health`);
      const completed = page.getByRole('list', { name: 'Completed toggles' });
      await expect(completed.getByRole('link')).toHaveText([SHOWN]);
      await look(
        page,
        `lifecycle-health-${size}-${scheme}`,
        [completed.getByRole('button', { name: `Archive: ${SHOWN}` }), completed.getByRole('link')],
        phone,
      );
      await page.context().close();
    });
  }
}
