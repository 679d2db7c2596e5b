import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChangeRequestConfig } from '../../../contract/change-requests';
import type { PermissionEntry } from '../../../contract/permissions';
import { NO_ACCESS_MESSAGE } from '../../auth/permissions';
import { renderInRouter, sessionClient } from '../../test-support';
import { changeRequestConfigQuery } from '../api/queries';
import { ApprovalSettings } from './ApprovalSettings';

const CONFIG: ChangeRequestConfig[] = [
  { environment: 'development', type: 'development', changeRequestsEnabled: false, requiredApprovals: 1 },
  { environment: 'production', type: 'production', changeRequestsEnabled: true, requiredApprovals: 3 },
];

function render(permissions: PermissionEntry[]) {
  const client = sessionClient(permissions);
  client.setQueryData(changeRequestConfigQuery('default').queryKey, CONFIG);
  return renderInRouter(<ApprovalSettings projectId="default" />, client);
}

describe('the environments that require change requests', () => {
  it('shows each environment: required or not, and the approvals where required', async () => {
    render([{ permission: 'PROJECT_CHANGE_REQUEST_WRITE', project: 'default' }]);
    const production = await screen.findByRole('switch', { name: 'Require change requests in production' });
    expect(production).toBeChecked();
    expect(production).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('switch', { name: 'Require change requests in development' })).not.toBeChecked();
    const approvals = screen.getByRole('combobox', { name: 'Approvals needed in production' });
    expect(approvals).toHaveValue('3');
    expect(approvals).toBeEnabled();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    expect(screen.queryByRole('combobox', { name: 'Approvals needed in development' })).toBeNull();
  });

  it("is read-only for those who are not the project's Owners (Editors included), saying why", async () => {
    render([{ permission: 'UPDATE_PROJECT', project: 'default' }]);
    const production = await screen.findByRole('switch', { name: 'Require change requests in production' });
    expect(production).toHaveAttribute('aria-disabled', 'true');
    expect(production).toHaveAccessibleDescription(NO_ACCESS_MESSAGE);
    expect(screen.getByRole('combobox', { name: 'Approvals needed in production' })).toBeDisabled();
  });

  it('is read-only in another project', async () => {
    render([{ permission: 'PROJECT_CHANGE_REQUEST_WRITE', project: 'other' }]);
    const production = await screen.findByRole('switch', { name: 'Require change requests in production' });
    expect(production).toHaveAttribute('aria-disabled', 'true');
  });
});
