import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectivity } from '../../../shared/api/connectivity';
import { userQuery } from '../../../auth/user';
import { toastStore } from '../../../shared/messages/toast';
import type { QueuedChange } from '../../../offline/changes';
import type { SwitchyardDb } from '../../../offline/db';
import { FALLBACK_DEFINITION, type StrategyDefinition } from '../../../strategies/definitions';
import { contextKeys } from '../../../context/api/queries';
import { changeRequestConfigQuery } from '../../../change-requests/api/queries';
import { strategyKeys } from '../../../strategies/api/queries';
import { renderWithMantine } from '../../../test-support';
import { uiConfigQuery } from '../../../ui-config/api/queries';
import { featureKeys, useFeature } from '../../api/queries';
import type { FeatureToggle } from '../../types';
import { closePages, openPage, type Page } from '../../offline/test-support';
import { StrategyList } from './StrategyList';

const definitions: StrategyDefinition[] = [
  { name: 'default', displayName: 'Standard', description: 'On or off for everyone.', parameters: [], editable: false },
  FALLBACK_DEFINITION,
  {
    name: 'userWithId',
    displayName: 'UserIDs',
    parameters: [{ name: 'userIds', type: 'list', description: '' }],
    editable: false,
  },
];

const checkout: FeatureToggle = {
  name: 'checkout',
  project: 'web',
  type: 'release',
  enabled: true,
  version: 3,
  strategies: [
    { id: 's1', name: 'default', parameters: {}, constraints: [] },
    {
      id: 's2',
      name: 'userWithId',
      parameters: { userIds: 'ann,bob' },
      constraints: [{ contextName: 'environment', operator: 'IN', values: ['prod'] }],
    },
    { id: 's3', name: 'retired', parameters: {}, constraints: [] },
  ],
};

let page: Page;
let db: SwitchyardDb;

function Tab() {
  const feature = useFeature('checkout');
  return feature.data ? <StrategyList feature={feature.data} /> : null;
}

/** The tab inside a router (its links need one), on the real offline queue (IndexedDB), offline so nothing is sent. */
async function renderTab(permissions: { permission: string; project?: string | null }[], gated = false) {
  const client = page.queryClient;
  client.setQueryData(changeRequestConfigQuery('web').queryKey, [
    { environment: 'default', type: 'production', changeRequestsEnabled: gated, requiredApprovals: 1 },
  ]);
  client.setDefaultOptions({ queries: { staleTime: Infinity, retry: false } });
  client.setQueryData(uiConfigQuery.queryKey, { name: 'Switchyard', version: '1', flags: { C: true } });
  client.setQueryData(userQuery.queryKey, { user: { id: 1 }, permissions, feedback: [] });
  client.setQueryData(strategyKeys.definitions, definitions);
  client.setQueryData(contextKeys.all, [{ name: 'environment' }, { name: 'userId', stickiness: true }]);
  ({ db } = await page.offline.openStorage());
  page.toggles.receiveToggle(checkout);
  client.setQueryData(featureKeys.one('checkout'), page.toggles.classicOf('checkout'));
  const root = createRootRoute({ component: Outlet });
  const tab = createRoute({ getParentRoute: () => root, path: '/', component: Tab });
  const router = createRouter({
    routeTree: root.addChildren([tab]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  renderWithMantine(<RouterProvider router={router} />, client, page);
  return screen.findByRole('list', { name: 'Activation strategies' });
}

const outbox = async () => (await db.outbox.orderBy('seq').toArray()).map((entry: QueuedChange) => entry.change);
const titles = (list: HTMLElement) =>
  within(list)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
const ADMIN = [{ permission: 'ADMIN', project: null }];

beforeEach(() => {
  page = openPage();
  connectivity.lost();
});

afterEach(async () => {
  await closePages(page);
  connectivity.reached();
});

describe('classic Activation tab', () => {
  it('lists the strategies of the default environment; a missing definition says so and links to creating it', async () => {
    const list = await renderTab(ADMIN);
    expect(titles(list)).toEqual(['Standard', 'UserIDs', 'retired']);
    expect(within(list).getByText('ann,bob')).toBeInTheDocument();
    expect(within(list).getByText('environment is one of prod')).toBeInTheDocument();
    expect(
      within(list).getByText('The strategy definition "retired" does not exist', { exact: false }),
    ).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Create it' })).toHaveAttribute(
      'href',
      '/strategies/create?name=retired',
    );
    expect(within(list).queryByRole('button', { name: 'Edit retired' })).toBeNull();
  });

  it('adds a Gradual rollout through the picker and the configuration dialog; it is queued and shown at once', async () => {
    const list = await renderTab(ADMIN);
    await userEvent.click(screen.getByRole('button', { name: 'Add a new strategy' }));
    const picker = await screen.findByRole('dialog', { name: 'Add a new strategy' });
    expect(within(picker).getByRole('heading', { name: 'Built in strategies' })).toBeInTheDocument();
    await userEvent.click(within(picker).getByRole('button', { name: /Gradual rollout/ }));
    const configure = await screen.findByRole('dialog', { name: 'Configure Gradual rollout strategy' });
    expect(within(configure).getByRole('textbox', { name: /groupId/ })).toHaveValue('checkout');
    expect(within(configure).getByRole('slider', { name: 'rollout' })).toHaveAttribute('aria-valuenow', '100');
    await userEvent.click(within(configure).getByRole('button', { name: 'Save' }));
    expect(await within(list).findByRole('heading', { name: 'Gradual rollout' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [change] = await outbox();
    expect(change).toMatchObject({
      kind: 'strategy-add',
      environment: 'default',
      strategy: {
        name: 'flexibleRollout',
        parameters: { rollout: '100', stickiness: 'default', groupId: 'checkout' },
        constraints: [],
      },
    });
    // Offline, the queue says it waits rather than claiming success.
    expect(toastStore.get().map((t) => t.text)).toContain(
      'Queued: Add strategy Gradual rollout to "checkout" in default. It will be sent when the server can be reached.',
    );
  });

  it('edits a strategy: its values are in the dialog and the update is queued', async () => {
    const list = await renderTab(ADMIN);
    await userEvent.click(within(list).getByRole('button', { name: 'Edit UserIDs' }));
    const configure = await screen.findByRole('dialog', { name: 'Configure UserIDs strategy' });
    expect(within(configure).getByRole('list', { name: 'Values of userIds' })).toHaveTextContent('annbob');
    await userEvent.type(within(configure).getByRole('textbox', { name: 'userIds' }), 'cy{Enter}');
    await userEvent.click(within(configure).getByRole('button', { name: 'Save' }));
    expect(await within(list).findByText('ann,bob,cy')).toBeInTheDocument();
    expect(await outbox()).toEqual([
      {
        kind: 'strategy-update',
        environment: 'default',
        strategy: {
          id: 's2',
          name: 'userWithId',
          parameters: { userIds: 'ann,bob,cy' },
          constraints: [{ contextName: 'environment', operator: 'IN', values: ['prod'] }],
        },
      },
    ]);
  });

  it('deletes after "Really delete strategy?"', async () => {
    const list = await renderTab(ADMIN);
    await userEvent.click(within(list).getByRole('button', { name: 'Delete Standard' }));
    const confirm = await screen.findByRole('dialog', { name: 'Really delete strategy?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete strategy' }));
    await screen.findByText('UserIDs');
    expect(await outbox()).toEqual([{ kind: 'strategy-remove', environment: 'default', strategyId: 's1' }]);
    await waitFor(() => expect(titles(list)).toEqual(['UserIDs', 'retired']));
  });

  it('reorders with the keyboard: the handle picks up with space, arrows move, space drops', async () => {
    const list = await renderTab(ADMIN);
    // jsdom has no layout: give the rows the positions a browser would (stacked, 100 px apart).
    const rows = within(list).getAllByRole('listitem');
    for (const [index, row] of rows.entries()) {
      row.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: index * 100, width: 600, height: 90 });
    }
    const handle = within(list).getByRole('button', { name: 'Move Standard' });
    expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    handle.focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard(' ');
    expect(await outbox()).toEqual([{ kind: 'strategy-order', environment: 'default', ids: ['s2', 's1', 's3'] }]);
    await waitFor(() => expect(titles(list)).toEqual(['UserIDs', 'Standard', 'retired']));
  });

  it('without UPDATE_FEATURE editing, deleting and dragging are locked; without CREATE_FEATURE so is adding', async () => {
    const list = await renderTab([{ permission: 'UPDATE_FEATURE', project: 'other' }]);
    for (const name of ['Add a new strategy', 'Edit UserIDs', 'Delete Standard', 'Move Standard']) {
      const control = screen.getByRole('button', { name });
      expect(control).toHaveAttribute('aria-disabled', 'true');
      expect(control).toHaveAccessibleDescription("You don't have access to perform this operation");
    }
    await userEvent.click(within(list).getByRole('button', { name: 'Delete Standard' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a new strategy' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await outbox()).toEqual([]);
  });
});

describe('classic Activation tab where the default environment takes changes through change requests', () => {
  const EDITOR = [
    { permission: 'CREATE_FEATURE', project: 'web' },
    { permission: 'UPDATE_FEATURE', project: 'web' },
  ];
  const asked = async (what: string) => {
    const dialog = await screen.findByRole('dialog', { name: 'Request a change in default?' });
    expect(dialog).toHaveTextContent(`default takes changes through change requests: ${what} is added to your change`);
    return dialog;
  };

  it('requests an added strategy instead of queueing it; the list stays as it was', async () => {
    const list = await renderTab(EDITOR, true);
    await userEvent.click(screen.getByRole('button', { name: 'Add a new strategy' }));
    const picker = await screen.findByRole('dialog', { name: 'Add a new strategy' });
    await userEvent.click(within(picker).getByRole('button', { name: /Gradual rollout/ }));
    const configure = await screen.findByRole('dialog', { name: 'Configure Gradual rollout strategy' });
    await userEvent.click(within(configure).getByRole('button', { name: 'Save' }));
    await asked('adding the Gradual rollout strategy to checkout');
    expect(screen.queryByRole('dialog', { name: 'Configure Gradual rollout strategy' })).toBeNull();
    expect(titles(list)).toEqual(['Standard', 'UserIDs', 'retired']);
    expect(await outbox()).toEqual([]);
  });

  it('requests an edit, a removal and a new order', async () => {
    const list = await renderTab(EDITOR, true);
    await userEvent.click(within(list).getByRole('button', { name: 'Edit UserIDs' }));
    const configure = await screen.findByRole('dialog', { name: 'Configure UserIDs strategy' });
    await userEvent.click(within(configure).getByRole('button', { name: 'Save' }));
    await userEvent.click(within(await asked('changing the UserIDs strategy of checkout')).getByText('Cancel'));

    await userEvent.click(within(list).getByRole('button', { name: 'Delete Standard' }));
    const confirm = await screen.findByRole('dialog', { name: 'Really delete strategy?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete strategy' }));
    await userEvent.click(within(await asked('removing the Standard strategy of checkout')).getByText('Cancel'));

    const rows = within(list).getAllByRole('listitem');
    for (const [index, row] of rows.entries()) {
      row.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: index * 100, width: 600, height: 90 });
    }
    within(list).getByRole('button', { name: 'Move Standard' }).focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard(' ');
    await asked('reordering the strategies of checkout');
    await waitFor(() => expect(titles(list)).toEqual(['Standard', 'UserIDs', 'retired']));
    expect(await outbox()).toEqual([]);
  });

  it('asks an admin first, saying the change bypasses the requests; confirmed, it is queued', async () => {
    const list = await renderTab(ADMIN, true);
    await userEvent.click(within(list).getByRole('button', { name: 'Delete Standard' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Really delete strategy?' })).getByRole('button', {
        name: 'Delete strategy',
      }),
    );
    const bypass = await screen.findByRole('dialog', { name: 'Change default?', busy: false }, { timeout: 30_000 });
    expect(bypass).toHaveTextContent('As an admin you can change it directly');
    expect(await outbox()).toEqual([]);
    await userEvent.click(within(bypass).getByRole('button', { name: 'Remove strategy' }));
    await waitFor(async () =>
      expect(await outbox()).toEqual([{ kind: 'strategy-remove', environment: 'default', strategyId: 's1' }]),
    );
  });
});
