import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PermissionEntry } from '../../../contract/permissions';
import { OFFLINE_SAVE_MESSAGE } from '../../auth/permissions';
import { keptClient, offlineInEachTest, renderRoute } from '../../test-support';
import { tagsQuery, tagTypesQuery } from '../api/queries';

/** What a returning console holds: the session, the UI config, the kept tag types and the persisted tags. */
function kept(permissions: PermissionEntry[]) {
  const client = keptClient(permissions);
  client.setQueryData(tagTypesQuery.queryKey, [
    { name: 'simple', description: 'Used to simplify filtering of features', icon: '#' },
    { name: 'slack', description: 'The owning channel', icon: null },
  ]);
  client.setQueryData(tagsQuery.queryKey, [{ type: 'slack', value: 'payments' }]);
  return client;
}

describe('tag type and tag screens', () => {
  describe('offline', () => {
    offlineInEachTest();

    // The first render loads the lazy route modules: seconds on a busy machine.
    it('list and edit the kept tag types at once; their writes say why they wait', { timeout: 90_000 }, async () => {
      renderRoute('/tag-types', kept([{ permission: 'ADMIN', project: null }]));
      const list = await screen.findByRole('list', { name: 'Tag types' }, { timeout: 45_000 });
      expect(
        within(list)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['simple', 'slack']);
      expect(list).toHaveTextContent('The owning channel');
      expect(within(list).getByRole('button', { name: 'Delete slack' })).toHaveAccessibleDescription(
        OFFLINE_SAVE_MESSAGE,
      );
      await userEvent.click(within(list).getByRole('button', { name: 'Edit slack' }));
      const form = await screen.findByRole('form', { name: 'Edit tag type' }, { timeout: 45_000 });
      expect(within(form).getByRole('textbox', { name: 'Description' })).toHaveValue('The owning channel');
      expect(within(form).getByRole('button', { name: 'Save' })).toHaveAccessibleDescription(OFFLINE_SAVE_MESSAGE);
    });
  });

  it('the tag delete shows only with the permission', { timeout: 60_000 }, async () => {
    const viewer = renderRoute('/tags', kept([]));
    const list = await screen.findByRole('list', { name: 'Tags' }, { timeout: 45_000 });
    expect(list).toHaveTextContent('payments');
    expect(within(list).queryByRole('button')).toBeNull();
    viewer.unmount();

    renderRoute('/tags', kept([{ permission: 'DELETE_TAG', project: null }]));
    const allowed = await screen.findByRole('list', { name: 'Tags' }, { timeout: 45_000 });
    expect(within(allowed).getByRole('button', { name: 'Delete slack:payments' })).not.toHaveAttribute('aria-disabled');
  });
});
