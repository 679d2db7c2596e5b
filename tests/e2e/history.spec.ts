// Event history, as an admin goes: with 2,000 events (appended through the events service,
// tests/support/events-seed.ts), Event History from the Admin menu at 1280x800 draws a bounded number of rows (counted
// in the DOM) and reads older pages as the list is scrolled; the filters by user and by toggle narrow it; a user
// event links to the users, a toggle event to the toggle's history, which pages the same way. At 390x844, from the
// phone drawer, the page with its filters open fits the screen and its targets are at least 44 px.
import type { Page } from '@playwright/test';
import { HEALTHY_WITHIN_MS } from '../support/server.ts';
import { expectTouchTargets } from '../support/targets.ts';
import { apiOf, expect, signIn, test } from './fixtures.ts';
import { startServerWithEvents, type ServerWithEvents } from '../support/events-seed.ts';

const EVENTS = 2_000;
const TOGGLES = 8;
/** Every 400th event is the editor's: five of them. */
const EDITOR = 'ed@example.com';
/** At most this many event rows in the DOM, however many events are loaded: a screenful and the overscan. */
const ROW_BOUND = 25;

let seeded: ServerWithEvents | undefined;
const server = () => seeded!.server;
const api = apiOf(server);

test.beforeAll(async () => {
  test.setTimeout(3 * HEALTHY_WITHIN_MS);
  seeded = await startServerWithEvents(EVENTS, (i) => {
    // Round after round over the toggles, each round flipping stale on or off.
    const name = `history.t${i % TOGGLES}`;
    const stale = Math.floor(i / TOGGLES) % 2 === 0;
    return {
      type: stale ? 'feature-stale-on' : 'feature-stale-off',
      createdBy: i % 400 === 7 ? EDITOR : 'admin',
      project: 'default',
      featureName: name,
      preData: { name, stale: !stale },
      data: { name, stale },
    };
  });
});
test.afterAll(async () => {
  await seeded?.stop();
});

const rows = (page: Page) => page.getByRole('list', { name: 'Events' }).getByRole('listitem');

/** The highest position among the drawn rows (aria-posinset): how far into the loaded events the list is. */
const deepest = (page: Page) =>
  page.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll('ul[aria-label="Events"] > li')].map((li) =>
        Number(li.getAttribute('aria-posinset')),
      ),
    ),
  );

test.describe('at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the history draws a bounded list, loads more on scroll, and filters by user and by toggle', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const pages: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/events')) pages.push(request.url());
    });
    await signIn(page, server().url);
    // A user event of the API's: the account of the editor whose changes the seed holds.
    await api(page, 'POST', 'api/admin/user-admin', { email: EDITOR, rootRole: 2 });
    await page.getByRole('button', { name: 'Admin' }).click();
    await page.getByRole('link', { name: 'Event History' }).click();
    await expect(page.getByRole('heading', { name: 'Recent changes', exact: true })).toBeVisible();
    await expect(rows(page).first()).toBeVisible();
    expect(await rows(page).count()).toBeLessThanOrEqual(ROW_BOUND);
    expect(pages.filter((u) => u.includes('before='))).toEqual([]);

    // Scrolling to the end of what is loaded reads older pages; the DOM stays bounded.
    for (let round = 0; round < 4; round++) {
      const before = await deepest(page);
      await page.keyboard.press('End');
      await expect.poll(() => deepest(page), { timeout: 30_000 }).toBeGreaterThan(before);
      expect(await rows(page).count()).toBeLessThanOrEqual(ROW_BOUND);
    }
    expect(await deepest(page)).toBeGreaterThan(150);
    expect(pages.filter((u) => u.includes('before=')).length).toBeGreaterThanOrEqual(3);

    // By user: only the editor's five events (the account they were created by is the admin's).
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const filters = page.getByRole('form', { name: 'Filters' });
    await filters.getByRole('textbox', { name: 'Changed by' }).fill(EDITOR);
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/createdBy=ed%40example.com/);
    await expect(page.getByText('No older events.')).toBeVisible();
    await expect(rows(page)).toHaveCount(5);
    for (const row of await rows(page).all()) await expect(row.getByText(EDITOR)).toBeVisible();

    // By toggle: every row names history.t3, and it pages on scroll too.
    await filters.getByRole('textbox', { name: 'Changed by' }).fill('');
    await filters.getByRole('textbox', { name: 'Toggle' }).fill('history.t3');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/feature=history.t3/);
    await expect(rows(page).first()).toBeVisible();
    for (const row of await rows(page).all())
      await expect(row.getByRole('link', { name: 'history.t3', exact: true })).toBeVisible();

    // A user event links to the users, not to a toggle named after the user.
    await filters.getByRole('button', { name: 'Clear' }).click();
    await filters.getByRole('textbox', { name: 'Event type' }).fill('user-created');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    const userEvent = rows(page).filter({ hasText: 'user-created' }).first();
    await expect(userEvent.getByRole('link')).toHaveText(['Users']);
    await userEvent.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
  });

  test("a toggle's history links from its events and pages on scroll", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, server().url);
    await page.goto(`${server().url}/history?type=feature-stale-on&feature=history.t5`);
    await page.getByRole('list', { name: 'Events' }).getByRole('link', { name: 'history.t5' }).first().click();
    await expect(page).toHaveURL(/\/history\/history.t5$/);
    await expect(page.getByRole('heading', { name: 'Recent changes: history.t5' })).toBeVisible();
    await expect(rows(page).first()).toBeVisible();
    // On a toggle's own history its events link nowhere.
    await expect(page.getByRole('list', { name: 'Events' }).getByRole('link')).toHaveCount(0);
    const before = await deepest(page);
    await page.keyboard.press('End');
    await expect.poll(() => deepest(page), { timeout: 30_000 }).toBeGreaterThan(before);
    expect(await rows(page).count()).toBeLessThanOrEqual(ROW_BOUND);
  });
});

test.describe('at 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('from the drawer, the history with its filters open fits the screen; targets at least 44 px', async ({
    page,
  }) => {
    await signIn(page, server().url);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Event History' }).click();
    await expect(rows(page).first()).toBeVisible();
    expect(await rows(page).count()).toBeLessThanOrEqual(ROW_BOUND);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const filters = page.getByRole('form', { name: 'Filters' });
    await expect(filters).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const targets = [
      page.getByRole('button', { name: 'Filters', exact: true }),
      filters.getByRole('button', { name: 'Apply filters' }),
      filters.getByRole('button', { name: 'Clear' }),
      rows(page).first().getByRole('link'),
    ];
    await expectTouchTargets(targets);
  });
});
