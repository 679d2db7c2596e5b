import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { userQuery } from '../../auth/user';
import { renderRoute } from '../../test-support';
import { uiConfigQuery } from '../../ui-config/api/queries';
import { usersQuery, type AdminUser } from '../api/queries';
import { LINK_COPIED } from '../messages';

const LINK = 'http://localhost:4242/new-user?token=tNo3qGvUgXxW1kYcTfUq2m5s9rTjv2dJz3GZ4cqB0nE';

const person = (id: number, name: string, inviteLink: string): AdminUser => ({
  id,
  name,
  username: null,
  email: `${name.split(' ')[0].toLowerCase()}@example.com`,
  rootRole: 2,
  imageUrl: '',
  seenAt: null,
  loginAttempts: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  isAPI: false,
  inviteLink,
});

/** An admin's console holding the user list: one user still invited, one who has set a password. */
function withUsers() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(uiConfigQuery.queryKey, { name: 'Switchyard', version: '1.0.0', flags: {} });
  client.setQueryData(userQuery.queryKey, {
    user: { id: 1 },
    permissions: [{ permission: 'ADMIN', project: null }],
    feedback: [],
  });
  client.setQueryData(usersQuery.queryKey, {
    users: [person(1, 'Sam Signed', ''), person(2, 'Ivy Invited', LINK)],
    rootRoles: [{ id: 2, name: 'Editor', type: 'root', project: null, description: 'Editors' }],
  });
  return client;
}

// The first render loads the lazy route modules: seconds on a busy machine.
it("copies an open invitation's link from its row; a user with a password has none", { timeout: 90_000 }, async () => {
  const user = userEvent.setup();
  renderRoute('/admin/users', withUsers());
  const table = await screen.findByRole('table', { name: 'Users' }, { timeout: 45_000 });
  const signed = within(table).getByRole('row', { name: /Sam Signed/ });
  expect(within(signed).queryByRole('button', { name: /Copy invite link/ })).toBeNull();

  const invited = within(table).getByRole('row', { name: /Ivy Invited/ });
  await user.click(within(invited).getByRole('button', { name: 'Copy invite link of Ivy Invited' }));
  expect(await screen.findByText(LINK_COPIED)).toBeVisible();
  expect(await navigator.clipboard.readText()).toBe(LINK);
});
