import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { INVALID_ORIGIN } from '../../../contract/frontend-api';
import type { PermissionEntry } from '../../../contract/permissions';
import { NO_ACCESS_MESSAGE, OFFLINE_SAVE_MESSAGE } from '../../auth/permissions';
import { keptClient, offlineInEachTest, renderRoute } from '../../test-support';
import { corsOriginsQuery } from '../api/queries';
import { ADMINS_ONLY, ORIGINS_LABEL } from '../messages';

const ADMIN: PermissionEntry[] = [{ permission: 'ADMIN', project: null }];
const VIEWER: PermissionEntry[] = [];

/** A returning console holding the origins already read. */
function kept(permissions: PermissionEntry[]) {
  const client = keptClient(permissions);
  client.setQueryData(corsOriginsQuery.queryKey, ['https://shop.example.com', '*']);
  return client;
}

// The first render loads the lazy route modules: seconds on a busy machine.
const field = () => screen.findByRole('textbox', { name: ORIGINS_LABEL }, { timeout: 45_000 });

describe('the CORS origins screen', () => {
  it(
    "checks the lines by the server's rule before sending, naming the first bad one",
    { timeout: 90_000 },
    async () => {
      const user = userEvent.setup();
      const client = kept(ADMIN);
      renderRoute('/admin/cors', client);
      const origins = await field();
      expect(origins).toHaveValue('https://shop.example.com\n*');
      expect(origins).not.toHaveAttribute('readonly');
      await user.clear(origins);
      await user.type(origins, 'https://ok.example{Enter}{Enter}https://shop.example.com/cart');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(origins).toHaveAccessibleDescription(
        expect.stringContaining(`Line 3, "https://shop.example.com/cart": ${INVALID_ORIGIN}`),
      );
      expect(origins).toHaveAttribute('aria-invalid', 'true');
      expect(client.isMutating()).toBe(0);
      // Changing the field clears its message.
      await user.type(origins, 'x');
      expect(origins).not.toHaveAttribute('aria-invalid');
    },
  );

  it(
    'follows a newer list from the server while the field is unedited, never over edits',
    { timeout: 90_000 },
    async () => {
      const user = userEvent.setup();
      const client = kept(ADMIN);
      renderRoute('/admin/cors', client);
      const origins = await field();
      act(() => client.setQueryData(corsOriginsQuery.queryKey, ['https://shop.example.com']));
      await waitFor(() => expect(origins).toHaveValue('https://shop.example.com'));
      await user.type(origins, '{Enter}https://new.example');
      act(() => client.setQueryData(corsOriginsQuery.queryKey, ['*']));
      expect(origins).toHaveValue('https://shop.example.com\nhttps://new.example');
    },
  );

  it('shows a non-admin the list read-only, Save locked saying why', { timeout: 90_000 }, async () => {
    renderRoute('/admin/cors', kept(VIEWER));
    const origins = await field();
    expect(origins).toHaveValue('https://shop.example.com\n*');
    expect(origins).toHaveAttribute('readonly');
    expect(origins).toHaveAccessibleDescription(expect.stringContaining(ADMINS_ONLY));
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(save).toHaveAccessibleDescription(NO_ACCESS_MESSAGE);
  });

  describe('offline', () => {
    offlineInEachTest();

    it('shows the kept list at once; Save waits for the connection, saying so', { timeout: 90_000 }, async () => {
      renderRoute('/admin/cors', kept(ADMIN));
      const origins = await field();
      expect(origins).toHaveValue('https://shop.example.com\n*');
      const form = screen.getByRole('form', { name: 'CORS origins' });
      expect(within(form).getByRole('button', { name: 'Save' })).toHaveAccessibleDescription(OFFLINE_SAVE_MESSAGE);
    });
  });
});
