import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChangeRequestConfig } from '../../../../contract/change-requests';
import type { PermissionEntry } from '../../../../contract/permissions';
import { changeRequestConfigQuery } from '../../../change-requests/api/queries';
import { renderInRouter, sessionClient } from '../../../test-support';
import { useEnvironmentFlip } from './use-environment-flip';

const CONFIG: ChangeRequestConfig[] = [
  { environment: 'development', type: 'development', changeRequestsEnabled: false, requiredApprovals: 1 },
  { environment: 'production', type: 'production', changeRequestsEnabled: true, requiredApprovals: 2 },
];
const EDITOR: PermissionEntry[] = [{ permission: 'UPDATE_FEATURE', project: 'default' }];

/** A switch's tap, turning `checkout` off in `environment`. */
function Switch({ environment }: { environment: { name: string; type: string } }) {
  const { flip, dialog } = useEnvironmentFlip();
  return (
    <>
      <button onClick={() => flip({ project: 'default', feature: 'checkout', environment, enabled: false })}>
        Flip
      </button>
      {dialog}
    </>
  );
}

function render(environment: { name: string; type: string }, permissions?: PermissionEntry[]) {
  const client = sessionClient(permissions);
  client.setQueryData(changeRequestConfigQuery('default').queryKey, CONFIG);
  return renderInRouter(<Switch environment={environment} />, client);
}

describe('a flip where the environment takes changes through requests', () => {
  it('asks to request the change instead, and queues nothing', async () => {
    const { offline } = render({ name: 'production', type: 'production' }, EDITOR);
    await userEvent.click(await screen.findByRole('button', { name: 'Flip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a change in production?' });
    expect(dialog).toHaveTextContent(
      'production takes changes through change requests: turning checkout off is added to your change request, ' +
        'and made once 2 other people have approved it.',
    );
    expect(within(dialog).getByRole('button', { name: 'Request change' })).toBeEnabled();
    expect(offline.pending.get()).toEqual([]);
  });

  it('tells an admin the direct change bypasses the requests, in any environment type', async () => {
    const { offline } = render({ name: 'production', type: 'development' });
    await userEvent.click(await screen.findByRole('button', { name: 'Flip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change production?' });
    expect(dialog).toHaveTextContent(
      'production takes changes through change requests. As an admin you can change it directly: the change ' +
        'bypasses the approvals and is recorded as a bypass.',
    );
    expect(within(dialog).getByRole('button', { name: 'Turn off in production' })).toBeInTheDocument();
    expect(offline.pending.get()).toEqual([]);
  });
});
