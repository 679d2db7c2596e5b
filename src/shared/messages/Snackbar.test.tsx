import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test-support';
import { SNACKBAR_AUTO_HIDE_MS, snackbar } from './messages';
import { Snackbar } from './Snackbar';

afterEach(() => {
  snackbar.clear();
  vi.useRealTimers();
});

describe('Snackbar', () => {
  it('shows one error at a time; dismissing shows the next', async () => {
    snackbar.add('First problem');
    snackbar.add('Second problem');
    renderWithMantine(<Snackbar />);
    expect(screen.getByRole('alert')).toHaveTextContent('First problem');
    expect(screen.queryByText('Second problem')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Second problem');
  });

  it('hides a message after 10 seconds', () => {
    vi.useFakeTimers();
    snackbar.add('Temporary problem');
    renderWithMantine(<Snackbar />);
    act(() => vi.advanceTimersByTime(SNACKBAR_AUTO_HIDE_MS - 1));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
