import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PermissionEntry } from '../../../../contract/permissions';
import { changeRequestConfigQuery } from '../../../change-requests/api/queries';
import { renderInRouter, sessionClient } from '../../../test-support';
import { FeatureHeader } from './FeatureHeader';

const EDITOR: PermissionEntry[] = [{ permission: 'UPDATE_FEATURE', project: 'web' }];

function render(permissions?: PermissionEntry[]) {
  const client = sessionClient(permissions);
  client.setQueryData(changeRequestConfigQuery('web').queryKey, [
    { environment: 'default', type: 'production', changeRequestsEnabled: true, requiredApprovals: 1 },
  ]);
  const feature = { name: 'checkout', project: 'web', type: 'release', enabled: true, strategies: [] };
  return renderInRouter(<FeatureHeader feature={feature} activeTab="strategies" />, client);
}

describe("the classic page's switch where the default environment takes changes through change requests", () => {
  it('asks to request turning the toggle off, and queues nothing', async () => {
    const { offline } = render(EDITOR);
    const enabled = await screen.findByRole('switch', { name: 'Enabled' });
    await userEvent.click(enabled);
    const dialog = await screen.findByRole('dialog', { name: 'Request a change in default?' });
    expect(dialog).toHaveTextContent(
      'default takes changes through change requests: turning checkout off is added to your change request',
    );
    expect(within(dialog).getByRole('button', { name: 'Request change' })).toBeInTheDocument();
    expect(enabled).toBeChecked();
    expect(offline.pending.get()).toEqual([]);
  });

  it('tells an admin the direct change bypasses the requests', async () => {
    const { offline } = render();
    await userEvent.click(await screen.findByRole('switch', { name: 'Enabled' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change default?' });
    expect(dialog).toHaveTextContent('As an admin you can change it directly');
    expect(within(dialog).getByRole('button', { name: 'Turn off in default' })).toBeInTheDocument();
    expect(offline.pending.get()).toEqual([]);
  });
});
