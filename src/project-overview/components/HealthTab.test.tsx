import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { QueuedChange } from '../../offline/changes';
import type { ToggleChange } from '../../feature-toggles/offline/changes';
import { featureTypesQuery } from '../../feature-toggles/api/queries';
import { healthReportQuery, projectStatusQuery, type ProjectStatus } from '../../projects/api/queries';
import { keptClient, renderInRouter } from '../../test-support';
import { HealthTab } from './HealthTab';

const AT = '2026-01-01T00:00:00.000Z';
const toggle = (name: string, stale = false) => ({ name, type: 'release', createdAt: AT, stale, environments: [] });

const status = (unseenDays: number, unseenInProduction: string[]): ProjectStatus => ({
  version: 1,
  unseenDays,
  potentiallyStale: { count: 1, features: ['web.old'] },
  completed: { count: 1, features: ['web.done'] },
  unseen: [
    { environment: 'development', count: 0, features: [] },
    { environment: 'production', count: unseenInProduction.length, features: unseenInProduction },
  ],
});

/** A session (admin unless `permissions`) whose health report and status reads of the project 'web' answered. */
function clientFor(permissions?: { permission: string; project?: string | null }[]) {
  const client = keptClient(permissions);
  client.setQueryData(featureTypesQuery.queryKey, [{ id: 'release', name: 'Release', lifetimeDays: 40 }]);
  client.setQueryData(healthReportQuery('web').queryKey, {
    version: 1,
    name: 'Web',
    health: 50,
    environments: ['development', 'production'],
    features: [toggle('web.old'), toggle('web.done'), toggle('web.quiet'), toggle('web.stale-quiet', true)],
    members: 1,
    potentiallyStaleCount: 1,
    activeCount: 3,
    staleCount: 1,
    updatedAt: '2026-03-01T00:00:00.000Z',
  });
  client.setQueryData(projectStatusQuery('web', 7).queryKey, status(7, ['web.quiet', 'web.stale-quiet']));
  return client;
}

const list = (name: string) => screen.findByRole('list', { name });
const names = (ul: HTMLElement) =>
  within(ul)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the Health tab', () => {
  it('keeps the rating and counts, and lists the toggles to clean up with their counts and actions', async () => {
    renderInRouter(<HealthTab projectId="web" />, clientFor());
    expect(await screen.findByRole('heading', { name: 'Health rating' })).toBeInTheDocument();
    expect(screen.getByText('Potentially stale toggles')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Toggle health' })).toBeInTheDocument();

    const cleanUp = screen.getByRole('region', { name: 'Clean-up' });
    expect(
      within(cleanUp)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Potentially stale (1)',
      'Completed, not archived (1)',
      'Unseen in development (0)',
      'Unseen in production (2)',
    ]);
    const old = await list('Potentially stale toggles');
    expect(names(old)).toEqual(['web.old']);
    expect(within(old).getByRole('button', { name: 'Mark stale: web.old' })).toBeEnabled();
    const done = await list('Completed toggles');
    expect(within(done).getByRole('button', { name: 'Archive: web.done' })).toBeEnabled();
    // Unseen: a toggle is marked stale first; one already stale goes to the archive.
    const unseen = await list('Toggles unseen in production');
    expect(names(unseen)).toEqual(['web.quiet', 'web.stale-quiet']);
    expect(within(unseen).getByRole('button', { name: 'Mark stale: web.quiet' })).toBeInTheDocument();
    expect(within(unseen).getByRole('button', { name: 'Archive: web.stale-quiet' })).toBeInTheDocument();
    expect(screen.getByText('No SDK reported them in production for 7 days.')).toBeInTheDocument();
  });

  it('a stale change waiting to be sent shows as marked', async () => {
    const { offline } = renderInRouter(<HealthTab projectId="web" />, clientFor());
    const old = await list('Potentially stale toggles');
    const waiting: QueuedChange<ToggleChange> = {
      seq: 1,
      key: 'k1',
      project: 'web',
      feature: 'web.old',
      change: { kind: 'stale', stale: true },
      snapshot: null,
      createdAt: 0,
      state: 'waiting',
    };
    act(() => offline.pending.set([waiting]));
    expect(await within(old).findByText('Marked stale')).toBeInTheDocument();
    expect(within(old).queryByRole('button')).toBeNull();
  });

  it('reads the figures for the days chosen', async () => {
    const client = clientFor();
    client.setQueryData(projectStatusQuery('web', 30).queryKey, status(30, []));
    renderInRouter(<HealthTab projectId="web" />, client);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Unseen by SDKs for' }), '30');
    expect(await screen.findByText('No SDK reported them in production for 30 days.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Unseen in production (0)' })).toBeInTheDocument();
  });

  it('without permissions in the project the actions are locked', async () => {
    renderInRouter(<HealthTab projectId="web" />, clientFor([{ permission: 'UPDATE_FEATURE', project: 'other' }]));
    const done = await list('Completed toggles');
    const archive = within(done).getByRole('button', { name: 'Archive: web.done' });
    expect(archive).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(archive);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark stale: web.old' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('archives a completed toggle once asked, and reads the figures again', { timeout: 60_000 }, async () => {
    const sent: Array<{ url: string; method?: string }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, method: init.method });
      if (init.method === 'DELETE') return new Response(null, { status: 202 });
      if (url.startsWith('/api/admin/projects/web/status')) return Response.json(status(7, []));
      return new Response('{}', { status: 404 });
    });
    try {
      renderInRouter(<HealthTab projectId="web" />, clientFor());
      await userEvent.click(within(await list('Completed toggles')).getByRole('button', { name: 'Archive: web.done' }));
      let dialog = await screen.findByRole('dialog', { name: 'Archive feature toggle' });
      expect(dialog).toHaveTextContent('Are you sure you want to archive web.done?');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(sent.filter((call) => call.method === 'DELETE')).toEqual([]);

      await userEvent.click(screen.getByRole('button', { name: 'Archive: web.done' }));
      dialog = await screen.findByRole('dialog', { name: 'Archive feature toggle' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Archive toggle' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(sent.filter((call) => call.method === 'DELETE')).toEqual([
        { url: '/api/admin/features/web.done', method: 'DELETE' },
      ]);
      await waitFor(() =>
        expect(sent.some((call) => call.url === '/api/admin/projects/web/status?unseenDays=7')).toBe(true),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('without the status call (a 404), keeps the rest and shows no Clean-up', async () => {
    const client = clientFor();
    client.removeQueries({ queryKey: projectStatusQuery('web', 7).queryKey });
    let asked = false;
    vi.stubGlobal('fetch', async () => {
      asked = true;
      return Response.json({ message: 'Not found' }, { status: 404 });
    });
    try {
      renderInRouter(<HealthTab projectId="web" />, client);
      expect(await screen.findByRole('list', { name: 'Toggle health' })).toBeInTheDocument();
      await waitFor(() => expect(asked).toBe(true));
      await waitFor(() => expect(screen.queryByRole('region', { name: 'Clean-up' })).toBeNull());
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
