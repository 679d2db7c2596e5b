import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChangeRequest } from '../../../contract/change-requests';
import { renderInRouter } from '../../test-support';
import { FETCH_FAILED } from '../messages';
import { ChangeRequestList } from './ChangeRequestList';

const AT = '2026-01-01T00:00:00.000Z';
const request: ChangeRequest = {
  id: 12,
  project: 'shop',
  environment: 'production',
  state: 'In review',
  createdBy: { id: 7, username: 'erin' },
  createdAt: AT,
  scheduledAt: null,
  minApprovals: 2,
  approvals: [{ createdBy: { id: 8, username: 'anna' }, createdAt: AT }],
  changes: ['checkout', 'checkout', 'search'].map((feature, id) => ({
    id,
    feature,
    action: 'updateEnabled',
    payload: { enabled: false },
    version: 1,
    createdAt: AT,
  })),
  comments: [],
  conflict: null,
  version: 3,
  scheduleFailure: null,
  revertAt: null,
  revert: null,
  revertedAt: null,
};

describe('a list of change requests', () => {
  it('links each to its page, naming its toggles once, its state and its approvals', async () => {
    renderInRouter(<ChangeRequestList read={{ data: [request], isError: false }} label="Requests" empty="None" />);
    const row = within(await screen.findByRole('list', { name: 'Requests' })).getByRole('listitem');
    expect(within(row).getByRole('link', { name: '#12 in production: checkout, search' })).toHaveAttribute(
      'href',
      '/projects/shop/change-requests/12',
    );
    expect(row).toHaveTextContent('In review');
    expect(row).toHaveTextContent(/shop · by erin · .* · 3 changes · 1 of 2 approvals/);
  });

  it('says when there are none, and when they could not be read', async () => {
    const { unmount } = renderInRouter(
      <ChangeRequestList read={{ data: [], isError: false }} label="Requests" empty="Nothing awaits you." />,
    );
    expect(await screen.findByText('Nothing awaits you.')).toBeInTheDocument();
    unmount();
    renderInRouter(<ChangeRequestList read={{ isError: true }} label="Requests" empty="None" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(FETCH_FAILED);
  });
});
