import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { keptClient, renderInRouter } from '../../test-support';
import { triggerKeys, type Trigger } from '../api/queries';
import { TriggersPanel } from './TriggersPanel';

const toggle = {
  project: 'default',
  name: 'checkout',
  environments: [{ name: 'development' }, { name: 'production' }],
};

const trigger = (overrides: Partial<Trigger> = {}): Trigger => ({
  id: 1,
  environment: 'production',
  action: 'off',
  description: 'PagerDuty: checkout errors',
  createdBy: 'admin',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastFiredAt: null,
  fireCount: 0,
  ...overrides,
});

/** A session with these permissions whose triggers of the toggle are already read (and not read again). */
function clientWith(triggers: Trigger[], permissions?: Parameters<typeof keptClient>[0]) {
  const client = keptClient(permissions);
  client.setQueryData(triggerKeys.of({ project: 'default', feature: 'checkout' }), triggers);
  return client;
}

describe('the Triggers section', () => {
  it('lists each trigger with its environment, action, description and when it last fired', async () => {
    const fired = trigger({ id: 2, action: 'on', environment: 'development', description: '', fireCount: 3 });
    fired.lastFiredAt = '2026-01-02T10:00:00.000Z';
    renderInRouter(<TriggersPanel toggle={toggle} />, clientWith([trigger(), fired]));
    const section = await screen.findByRole('region', { name: 'Triggers' });
    const [first, second] = within(within(section).getByRole('list', { name: 'Triggers' })).getAllByRole('listitem');
    expect(first).toHaveTextContent('Turns off in production');
    expect(first).toHaveTextContent('PagerDuty: checkout errors');
    expect(first).toHaveTextContent('Never fired');
    expect(second).toHaveTextContent('Turns on in development');
    expect(second).toHaveTextContent(/Last fired .+ \(3 calls\)/);
  });

  it('asks before deleting a trigger', async () => {
    renderInRouter(<TriggersPanel toggle={toggle} />, clientWith([trigger()]));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete trigger: turns off in production' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete trigger?' });
    expect(dialog).toHaveTextContent('calling it will no longer turn checkout off in production');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is read-only without UPDATE_FEATURE in the project', async () => {
    const viewer = [{ permission: 'UPDATE_FEATURE', project: 'other' }];
    renderInRouter(<TriggersPanel toggle={toggle} />, clientWith([trigger()], viewer));
    const section = await screen.findByRole('region', { name: 'Triggers' });
    const create = within(section).getByRole('button', { name: 'New trigger' });
    expect(create).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(create);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(section).getByRole('button', { name: /Delete trigger/ })).toHaveAttribute('aria-disabled', 'true');
  });
});
