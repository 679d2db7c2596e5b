import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test-support';
import { TOAST_AUTO_HIDE_MS } from './messages';
import { showToast } from './toast';
import { ToastArea } from './ToastArea';

afterEach(() => vi.useRealTimers());

describe('ToastArea', () => {
  it('shows a toast and hides it after 6 seconds', () => {
    vi.useFakeTimers();
    renderWithMantine(<ToastArea />);
    act(() => showToast('Successfully updated password.', 'success'));
    expect(screen.getByRole('status')).toHaveTextContent('Successfully updated password.');
    act(() => vi.advanceTimersByTime(TOAST_AUTO_HIDE_MS));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows an identical message that is already visible once', () => {
    vi.useFakeTimers();
    renderWithMantine(<ToastArea />);
    const notFound = 'The requested resource could not be found but may be available in the future';
    act(() => {
      showToast(notFound, 'error');
      showToast(notFound, 'error');
      showToast(notFound, 'info');
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByRole('status')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(TOAST_AUTO_HIDE_MS));
    act(() => showToast(notFound, 'error'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(TOAST_AUTO_HIDE_MS));
  });

  it('shows errors as alerts', () => {
    renderWithMantine(<ToastArea />);
    act(() => showToast('An error occurred while trying to get config', 'error'));
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred while trying to get config');
  });
});
