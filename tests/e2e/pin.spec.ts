// Pinned (favourite) toggles, per user on the server. The star on the classic page and on the new view pins
// and unpins for the signed-in user (the server's reads say so), and a tap made offline is refused with the reason
// every online action gives, changing nothing. A real server on a fresh data folder, Debian's Chromium.
import type { Page } from '@playwright/test';
import { expectTouchTargets } from '../support/targets.ts';
import { apiOf, expect, freshServer, signIn, test } from './fixtures.ts';

const server = freshServer();
const api = apiOf(server);
const TOGGLE = 'payments.kill-switch';

/** Whether the signed-in user's list and toggle reads say the toggle is pinned. */
async function pinnedOnServer(page: Page) {
  const list = (await api(page, 'GET', 'api/admin/features')).features as Array<{ name: string; favorite: boolean }>;
  const one = await api(page, 'GET', `api/admin/projects/default/features/${TOGGLE}`);
  return [list.find((toggle) => toggle.name === TOGGLE)?.favorite, one.favorite];
}

test('a toggle is pinned and unpinned from its page and the new view; offline the tap is refused', async ({
  page,
  context,
}) => {
  const { url } = server();
  await signIn(page, url);
  await api(page, 'POST', 'api/admin/features', { name: TOGGLE, type: 'kill-switch' });

  await page.goto(`${url}/projects/default/features/${TOGGLE}/strategies`);
  const pin = page.getByRole('button', { name: `Pin ${TOGGLE}` });
  await expect(pin).toHaveAttribute('aria-pressed', 'false');
  await expectTouchTargets([pin]);
  await pin.click();
  await expect(page.getByRole('button', { name: `Unpin ${TOGGLE}` })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => pinnedOnServer(page)).toEqual([true, true]);

  // The new view shows the same pin after a reload (read from the server), and unpins it.
  await page.goto(`${url}/projects/default/features2/${TOGGLE}`);
  const unpin = page.getByRole('button', { name: `Unpin ${TOGGLE}` });
  await expect(unpin).toHaveAttribute('aria-pressed', 'true');
  await unpin.click();
  await expect(page.getByRole('button', { name: `Pin ${TOGGLE}` })).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => pinnedOnServer(page)).toEqual([false, false]);

  // Offline: refused with the message of every online action; the star stays as it was.
  await context.setOffline(true);
  await page.getByRole('button', { name: `Pin ${TOGGLE}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The server could not be reached' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Pin ${TOGGLE}` })).toHaveAttribute('aria-pressed', 'false');
  await context.setOffline(false);
  await expect.poll(() => pinnedOnServer(page)).toEqual([false, false]);
});
