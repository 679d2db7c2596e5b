import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MEMBER_ROLE, OWNER_ROLE, type ProjectAccess } from '../../../contract/project-access';
import type { PermissionEntry } from '../../../contract/permissions';
import { keptClient, renderInRouter } from '../../test-support';
import { projectAccessQuery } from './api/queries';
import ProjectAccessTab from './ProjectAccessTab';

const person = (id: number, name: string, roleId: number) => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  username: null,
  imageUrl: '',
  roleId,
});
const ACCESS: ProjectAccess = {
  roles: [
    { id: MEMBER_ROLE, name: 'Member', type: 'project', description: 'Members' },
    { id: OWNER_ROLE, name: 'Owner', type: 'project', description: 'Owners' },
  ],
  users: [person(1, 'Olga', OWNER_ROLE), person(2, 'Mia', MEMBER_ROLE)],
};

function render(permissions: PermissionEntry[]) {
  const client = keptClient(permissions);
  client.setQueryData(projectAccessQuery('web').queryKey, ACCESS);
  return renderInRouter(<ProjectAccessTab projectId="web" />, client);
}

const ownerOption = (select: HTMLElement) => within(select).getByRole('option', { name: 'Owner' });
const OWNERS_ONLY = "Only the project's Owners and Admins can make someone Owner or take that away";

describe("the access tab, for someone who manages the project's access but is not its Owner", () => {
  it('offers Member only, and leaves Owners as they are, saying why', async () => {
    render([{ permission: 'UPDATE_PROJECT', project: 'web' }]);
    const mia = await screen.findByRole('combobox', { name: 'Role of Mia' });
    expect(mia).not.toHaveAttribute('aria-disabled');
    expect(ownerOption(mia)).toBeDisabled();
    expect(ownerOption(screen.getByRole('combobox', { name: 'Role' }))).toBeDisabled();

    const olga = screen.getByRole('combobox', { name: 'Role of Olga' });
    expect(olga).toHaveAttribute('aria-disabled', 'true');
    const removeOlga = screen.getByRole('button', { name: 'Remove Olga' });
    expect(removeOlga).toHaveAttribute('aria-disabled', 'true');
    expect(removeOlga).toHaveAccessibleDescription(OWNERS_ONLY);
    expect(screen.getByRole('button', { name: 'Remove Mia' })).not.toHaveAttribute('aria-disabled');
  });
});

describe("the access tab, for the project's Owners", () => {
  it('offers every role and changes Owners too', async () => {
    render([
      { permission: 'UPDATE_PROJECT', project: 'web' },
      { permission: 'PROJECT_OWNERS_WRITE', project: 'web' },
    ]);
    const olga = await screen.findByRole('combobox', { name: 'Role of Olga' });
    expect(olga).not.toHaveAttribute('aria-disabled');
    expect(ownerOption(screen.getByRole('combobox', { name: 'Role of Mia' }))).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove Olga' })).not.toHaveAttribute('aria-disabled');
  });
});
