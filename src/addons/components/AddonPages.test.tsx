import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PermissionEntry } from '../../../contract/permissions';
import { NO_ACCESS_MESSAGE, OFFLINE_SAVE_MESSAGE } from '../../auth/permissions';
import { keptClient, offlineInEachTest, renderRoute } from '../../test-support';
import { addonsQuery, type AddonProvider } from '../api/queries';
import { DELIVERIES_OFFLINE } from '../messages';

const webhook: AddonProvider = {
  name: 'webhook',
  displayName: 'Webhook',
  description: 'A Webhook is a generic way to post messages from Unleash to third party services.',
  documentationUrl: 'https://docs.getunleash.io/docs/addons/webhook',
  parameters: [{ name: 'url', displayName: 'Webhook URL', type: 'url', required: true, sensitive: true }],
  events: ['feature-created', 'feature-updated'],
};

/** What a returning console holds: the session, the UI config and the kept addons list. */
function kept(permissions: PermissionEntry[]) {
  const client = keptClient(permissions);
  client.setQueryData(addonsQuery.queryKey, {
    addons: [
      {
        id: 7,
        provider: 'webhook',
        description: 'Deploy notifier',
        enabled: false,
        parameters: { url: '*****' },
        events: ['feature-created'],
      },
    ],
    providers: [webhook],
  });
  return client;
}

describe('addon screens', () => {
  describe('offline', () => {
    offlineInEachTest();

    // The first render loads the lazy route modules: seconds on a busy machine.
    it('list and edit the kept addons at once; their writes say why they wait', { timeout: 90_000 }, async () => {
      renderRoute('/addons', kept([{ permission: 'ADMIN', project: null }]));
      const list = await screen.findByRole('list', { name: 'Configured addons' }, { timeout: 45_000 });
      const row = within(list).getByRole('listitem');
      expect(row).toHaveTextContent('(Disabled)');
      expect(within(row).getByRole('switch', { name: 'Webhook enabled' })).toHaveAccessibleDescription(
        OFFLINE_SAVE_MESSAGE,
      );
      expect(within(row).getByRole('button', { name: 'Delete Webhook' })).toHaveAccessibleDescription(
        OFFLINE_SAVE_MESSAGE,
      );
      await userEvent.click(within(row).getByRole('link', { name: 'Webhook' }));
      const form = await screen.findByRole('form', { name: 'Edit Webhook addon' }, { timeout: 45_000 });
      expect(within(form).getByRole('textbox', { name: /^Webhook URL/ })).toHaveValue('*****');
      expect(within(form).getByRole('button', { name: 'Update' })).toHaveAccessibleDescription(OFFLINE_SAVE_MESSAGE);
      expect(screen.getByText(DELIVERIES_OFFLINE)).toBeVisible();
    });
  });

  it(
    'without the permissions, the switch, Edit, Delete and Configure are disabled and say why',
    { timeout: 60_000 },
    async () => {
      renderRoute('/addons', kept([]));
      const list = await screen.findByRole('list', { name: 'Configured addons' }, { timeout: 45_000 });
      for (const control of [
        within(list).getByRole('switch', { name: 'Webhook enabled' }),
        within(list).getByRole('button', { name: 'Edit Webhook' }),
        within(list).getByRole('button', { name: 'Delete Webhook' }),
        screen.getByRole('button', { name: 'Configure Webhook' }),
      ]) {
        expect(control).toHaveAccessibleDescription(NO_ACCESS_MESSAGE);
      }
    },
  );

  it('an unknown addon says so', { timeout: 60_000 }, async () => {
    renderRoute('/addons/edit/99', kept([{ permission: 'ADMIN', project: null }]));
    expect(await screen.findByText('Could not find addon with id: 99', undefined, { timeout: 45_000 })).toBeVisible();
  });
});
