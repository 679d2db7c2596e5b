import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { QueuedChange } from '../../../offline/changes';
import type { ToggleChange } from '../../offline/changes';
import { NO_STRATEGIES_ERROR } from './environment-toggle';
import { EnvironmentsPanel } from './OverviewTab';
import { renderInRouter, sessionClient } from '../../../test-support';
import { sampleFeature } from './test-support';

/** A queued enable of `feature` in development that the server refused for lack of strategies. */
const refusedEnable = (seq: number, feature: string): QueuedChange<ToggleChange> => ({
  seq,
  key: `k${seq}`,
  project: 'default',
  feature,
  change: { kind: 'environment', environment: 'development', enabled: true },
  snapshot: null,
  createdAt: 0,
  state: 'failed',
  error: { status: 400, message: 'Bad request format', detail: NO_STRATEGIES_ERROR },
});

describe('the status panel', () => {
  it('turning on an environment without strategies offers to add one, without a call', async () => {
    const toggle = vi.fn();
    renderInRouter(<EnvironmentsPanel feature={sampleFeature()} onFlip={toggle} />);
    await userEvent.click(await screen.findByRole('switch', { name: /production/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a strategy to production' });
    expect(within(dialog).getByText(`${NO_STRATEGIES_ERROR}.`)).toBeInTheDocument();
    const link = within(dialog).getByRole('link', { name: 'Add strategy' });
    expect(link).toHaveAttribute(
      'href',
      '/projects/default/features2/checkout/strategies?environment=production&addStrategy=true',
    );
    expect(toggle).not.toHaveBeenCalled();
  });

  it('turns an environment off', async () => {
    const toggle = vi.fn();
    renderInRouter(<EnvironmentsPanel feature={sampleFeature()} onFlip={toggle} />);
    const development = await screen.findByRole('switch', { name: /development/ });
    expect(development).toBeChecked();
    await userEvent.click(development);
    expect(toggle).toHaveBeenCalledWith(
      expect.objectContaining({
        feature: 'checkout',
        environment: expect.objectContaining({ name: 'development' }),
        enabled: false,
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the server refusing a queued enable for lack of strategies opens the same dialog, once', async () => {
    const feature = sampleFeature();
    feature.environments[0] = { ...feature.environments[0], enabled: false };
    const toggle = vi.fn();
    const { pending } = renderInRouter(<EnvironmentsPanel feature={feature} onFlip={toggle} />).offline;
    await userEvent.click(await screen.findByRole('switch', { name: /development/ }));
    expect(toggle).toHaveBeenCalledWith(
      expect.objectContaining({ environment: expect.objectContaining({ name: 'development' }), enabled: true }),
    );
    act(() => pending.set([refusedEnable(7, 'checkout')]));
    const dialog = await screen.findByRole('dialog', { name: 'Add a strategy to development' });
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('other refusals and other toggles do not open it', async () => {
    const other = refusedEnable(8, 'other');
    const { pending } = renderInRouter(<EnvironmentsPanel feature={sampleFeature()} onFlip={vi.fn()} />).offline;
    await screen.findByRole('switch', { name: /development/ });
    act(() =>
      pending.set([
        other,
        { ...other, seq: 9, feature: 'checkout', error: { status: 400, message: 'Bad request format' } },
      ]),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('without UPDATE_FEATURE the switches are locked', async () => {
    const toggle = vi.fn();
    renderInRouter(<EnvironmentsPanel feature={sampleFeature()} onFlip={toggle} />, sessionClient([]));
    const development = await screen.findByRole('switch', { name: /development/ });
    expect(development).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(development);
    expect(toggle).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
