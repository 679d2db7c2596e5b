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

  it('stands above what the notification area shows, following its height', () => {
    // jsdom lays nothing out: the area's height and the browser's resize notices are played here.
    let height = 0;
    const observed: Array<() => void> = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: () => void) {}
        observe() {
          observed.push(this.callback);
          this.callback();
        }
        disconnect() {}
      },
    );
    try {
      const notices = document.body.appendChild(document.createElement('div'));
      notices.className = 'sy-notification-area';
      notices.getBoundingClientRect = () => ({ height }) as DOMRect;
      const { container } = renderWithMantine(<ToastArea />);
      const area = container.querySelector<HTMLElement>('.sy-toast-area')!;
      expect(area.style.getPropertyValue('--sy-notices-height')).toBe('0px');
      height = 60;
      observed.forEach((notify) => notify());
      expect(area.style.getPropertyValue('--sy-notices-height')).toBe('68px');
      notices.remove();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
