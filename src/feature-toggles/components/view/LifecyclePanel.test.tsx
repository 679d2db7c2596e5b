import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../shared/locale/format-date';
import { keptClient, renderInRouter } from '../../../test-support';
import { featureKeys } from '../../api/queries';
import type { LifecycleStep } from '../../lifecycle';
import { LifecyclePanel } from './LifecyclePanel';

const toggle = { project: 'web', name: 'checkout' };
const CREATED = '2026-01-01T09:00:00.000Z';
const PRE_LIVE = '2026-01-02T10:30:00.000Z';

/** A session with `permissions` whose lifecycle read of the toggle answered `steps`. */
function clientWith(steps: LifecycleStep[], permissions?: { permission: string; project?: string | null }[]) {
  const client = keptClient(permissions);
  client.setQueryData(featureKeys.lifecycle(toggle.project, toggle.name), steps);
  return client;
}

const stages = async () =>
  within(await screen.findByRole('list', { name: 'Lifecycle stages' })).getAllByRole('listitem');

describe('the Lifecycle section', () => {
  it('shows the five stages in order, when each was entered, and the current one', async () => {
    renderInRouter(
      <LifecyclePanel toggle={toggle} />,
      clientWith([
        { stage: 'initial', enteredStageAt: CREATED },
        { stage: 'pre-live', enteredStageAt: PRE_LIVE },
      ]),
    );
    const items = await stages();
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Initial',
      'Pre-live',
      'Live',
      'Completed',
      'Archived',
    ]);
    expect(items[0]).toHaveTextContent(formatDateTime(CREATED, navigator.language));
    expect(items[1]).toHaveTextContent(formatDateTime(PRE_LIVE, navigator.language));
    expect(items[1]).toHaveTextContent(/ago\)/);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(within(items[1]).getByText('Current')).toBeInTheDocument();
    expect(items.filter((item) => item.hasAttribute('aria-current'))).toHaveLength(1);
    expect(items[2]).toHaveTextContent('Not entered');
    expect(screen.getByRole('button', { name: 'Mark completed' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Undo completed' })).toBeNull();
  });

  it('a completed toggle says what became of it and offers Undo completed', async () => {
    renderInRouter(
      <LifecyclePanel toggle={toggle} />,
      clientWith([
        { stage: 'initial', enteredStageAt: CREATED },
        { stage: 'completed', enteredStageAt: PRE_LIVE, status: 'kept', statusValue: 'blue' },
      ]),
    );
    const items = await stages();
    expect(items[3]).toHaveAttribute('aria-current', 'step');
    expect(items[3]).toHaveTextContent('Kept: blue');
    expect(screen.getByRole('button', { name: 'Undo completed' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Mark completed' })).toBeNull();
  });

  it('without UPDATE_FEATURE in the project, Mark completed is locked', async () => {
    renderInRouter(
      <LifecyclePanel toggle={toggle} />,
      clientWith([{ stage: 'initial', enteredStageAt: CREATED }], [{ permission: 'UPDATE_FEATURE', project: 'other' }]),
    );
    const button = await screen.findByRole('button', { name: 'Mark completed' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it(
    'Mark completed sends kept with the value kept, or discarded without one, and reads the lifecycle again',
    { timeout: 60_000 },
    async () => {
      const sent: Array<{ url: string; body: unknown }> = [];
      let steps: LifecycleStep[] = [{ stage: 'initial', enteredStageAt: CREATED }];
      vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
        if (init.method === 'POST') {
          sent.push({ url, body: JSON.parse(String(init.body)) });
          steps = [...steps, { stage: 'completed', enteredStageAt: PRE_LIVE, status: 'kept', statusValue: 'blue' }];
          return new Response(null, { status: 200 });
        }
        return Response.json(steps);
      });
      try {
        renderInRouter(<LifecyclePanel toggle={toggle} />, clientWith(steps));
        await userEvent.click(await screen.findByRole('button', { name: 'Mark completed' }));
        let dialog = await screen.findByRole('dialog', { name: 'Mark completed' });
        await userEvent.click(within(dialog).getByRole('radio', { name: /^Discarded/ }));
        expect(within(dialog).queryByRole('textbox')).toBeNull();
        await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        expect(sent).toEqual([]);

        await userEvent.click(screen.getByRole('button', { name: 'Mark completed' }));
        dialog = await screen.findByRole('dialog', { name: 'Mark completed' });
        await userEvent.type(within(dialog).getByRole('textbox', { name: /What was kept/ }), ' blue ');
        await userEvent.click(within(dialog).getByRole('button', { name: 'Mark completed' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(sent).toEqual([
          {
            url: '/api/admin/projects/web/features/checkout/lifecycle/complete',
            body: { status: 'kept', statusValue: 'blue' },
          },
        ]);
        expect(await screen.findByText(/Kept: blue/)).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Undo completed' })).toBeInTheDocument();
      } finally {
        vi.unstubAllGlobals();
      }
    },
  );

  it('is not shown by a server without lifecycles (404)', async () => {
    let asked = false;
    vi.stubGlobal('fetch', async () => {
      asked = true;
      return Response.json({ message: 'Not found' }, { status: 404 });
    });
    try {
      const { container } = renderInRouter(<LifecyclePanel toggle={toggle} />, keptClient());
      await waitFor(() => expect(asked).toBe(true));
      await waitFor(() => expect(container.querySelector('section')).toBeNull());
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
