import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PermissionEntry } from '../../../contract/permissions';
import { NO_ACCESS_MESSAGE, OFFLINE_SAVE_MESSAGE } from '../../auth/permissions';
import { keptClient, offlineInEachTest, renderRoute } from '../../test-support';
import { contextFieldsQuery } from '../api/queries';

/** What a returning console holds: the session, the UI config and the kept context fields. */
function kept(permissions: PermissionEntry[]) {
  const client = keptClient(permissions, { C: true });
  client.setQueryData(contextFieldsQuery.queryKey, [
    { name: 'userId', description: 'Allows you to constrain on userId', stickiness: false, sortOrder: 1 },
    { name: 'region', description: 'Where', stickiness: true, sortOrder: 10, legalValues: ['us', 'eu'] },
  ]);
  return client;
}

describe('context field screens', () => {
  describe('offline', () => {
    offlineInEachTest();

    // The first render loads the lazy route modules: seconds on a busy machine.
    it('list and edit the kept fields at once; their writes say why they wait', { timeout: 90_000 }, async () => {
      renderRoute('/context', kept([{ permission: 'ADMIN', project: null }]));
      const list = await screen.findByRole('list', { name: 'Context fields' }, { timeout: 45_000 });
      const region = within(list).getAllByRole('listitem')[1];
      expect(region).toHaveTextContent('Legal values: eu, us');
      expect(within(region).getByRole('button', { name: 'Delete region' })).toHaveAccessibleDescription(
        OFFLINE_SAVE_MESSAGE,
      );
      await userEvent.click(within(region).getByRole('link', { name: 'region' }));
      const form = await screen.findByRole('form', { name: 'Edit context field' }, { timeout: 45_000 });
      expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveValue('region');
      expect(within(form).getByRole('button', { name: 'Update' })).toHaveAccessibleDescription(OFFLINE_SAVE_MESSAGE);
    });
  });

  it('without the permissions, Add, Edit and Delete are disabled and say why', { timeout: 60_000 }, async () => {
    renderRoute('/context', kept([]));
    const list = await screen.findByRole('list', { name: 'Context fields' }, { timeout: 45_000 });
    for (const name of ['Edit userId', 'Delete userId']) {
      expect(within(list).getByRole('button', { name })).toHaveAccessibleDescription(NO_ACCESS_MESSAGE);
    }
    expect(screen.getByRole('button', { name: 'Add new context field' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('an unknown field says so', { timeout: 60_000 }, async () => {
    renderRoute('/context/edit/nope', kept([{ permission: 'ADMIN', project: null }]));
    expect(
      await screen.findByText('Could not find context field with name: nope', undefined, { timeout: 45_000 }),
    ).toBeInTheDocument();
  });
});
