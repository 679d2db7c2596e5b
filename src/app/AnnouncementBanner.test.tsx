import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../test-support';
import { announcementKey } from './announcement';
import { AnnouncementBanner } from './AnnouncementBanner';

const announcement = {
  id: 'v2',
  severity: 'warning' as const,
  message: 'Maintenance tonight.',
  link: 'https://example.com/x',
};

describe('AnnouncementBanner', () => {
  it("shows the message with a 'View more' link and is remembered as seen by its id", async () => {
    const { unmount } = renderWithMantine(<AnnouncementBanner announcement={announcement} />);
    expect(screen.getByText(/Maintenance tonight\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View more' })).toHaveAttribute('href', 'https://example.com/x');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByText(/Maintenance tonight\./)).toBeNull();
    expect(localStorage.getItem(announcementKey('v2'))).toBe('seen');
    unmount();

    renderWithMantine(<AnnouncementBanner announcement={announcement} />);
    expect(screen.queryByText(/Maintenance tonight\./)).toBeNull();
    renderWithMantine(<AnnouncementBanner announcement={{ ...announcement, id: 'v3' }} />);
    expect(screen.getByText(/Maintenance tonight\./)).toBeInTheDocument();
  });

  it('renders nothing without an announcement', () => {
    renderWithMantine(<AnnouncementBanner announcement={undefined} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
