import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { environmentsQuery } from '../../environments/api/queries';
import type { ProjectOverview } from '../../projects/api/queries';
import { keptClient, renderInRouter } from '../../test-support';
import { OverviewTab } from './OverviewTab';

const AT = '2026-01-01T00:00:00.000Z';
const toggle = (name: string, stage: 'initial' | 'pre-live' | 'live' | 'completed') => ({
  name,
  type: 'release',
  createdAt: AT,
  stale: false,
  environments: [{ name: 'development', type: 'development', enabled: false, sortOrder: 1 }],
  lifecycle: { stage, enteredStageAt: AT },
});
const overview: ProjectOverview = {
  name: 'Web',
  environments: ['development'],
  features: [
    toggle('web.a', 'initial'),
    toggle('web.b', 'live'),
    toggle('web.c', 'completed'),
    toggle('web.d', 'live'),
  ],
};

function renderTable() {
  const client = keptClient();
  client.setQueryData(environmentsQuery.queryKey, []);
  renderInRouter(<OverviewTab projectId="web" overview={overview} />, client);
}

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Feature toggles of the project' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryByRole('link')?.textContent ?? row.textContent);

describe("the project's toggle table", () => {
  it('shows each toggle’s lifecycle stage and filters by stage', async () => {
    renderTable();
    expect(await screen.findByRole('columnheader', { name: 'Lifecycle' })).toBeInTheDocument();
    const b = screen.getByRole('row', { name: /web\.b/ });
    expect(within(b).getByRole('cell', { name: 'Live' })).toBeInTheDocument();
    expect(rowNames()).toEqual(['web.a', 'web.b', 'web.c', 'web.d']);

    const filter = screen.getByRole('combobox', { name: 'Lifecycle stage' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All stages', 'Initial', 'Pre-live', 'Live', 'Completed']);
    await userEvent.selectOptions(filter, 'live');
    expect(rowNames()).toEqual(['web.b', 'web.d']);
    await userEvent.selectOptions(filter, 'pre-live');
    expect(rowNames()).toEqual(['No toggles in the Pre-live stage.']);
    await userEvent.selectOptions(filter, 'all');
    expect(rowNames()).toHaveLength(4);
  });
});
