import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_AUTO_HIDE_MS } from './messages';
import { showToast, toastStore } from './toast';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  toastStore.get().forEach((toast) => toastStore.hide(toast.id));
  vi.useRealTimers();
});

const texts = () => toastStore.get().map((t) => t.text);

describe('toasts', () => {
  it('hide after the spec’s 6000 ms', () => {
    showToast('Strategy successfully created.', 'success');
    vi.advanceTimersByTime(TOAST_AUTO_HIDE_MS - 1);
    expect(texts()).toEqual(['Strategy successfully created.']);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it('show a message that is already visible once, for 6000 ms from its latest showing', () => {
    showToast('Successfully updated toggle status.', 'success');
    vi.advanceTimersByTime(4000);
    showToast('Successfully updated toggle status.', 'success');
    showToast('Successfully updated toggle status.', 'error');
    expect(toastStore.get().map((t) => [t.type, t.text])).toEqual([
      ['success', 'Successfully updated toggle status.'],
      ['error', 'Successfully updated toggle status.'],
    ]);
    vi.advanceTimersByTime(TOAST_AUTO_HIDE_MS - 1);
    expect(texts()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it('closed by hand, do not come back when their time is up', () => {
    showToast('Saved');
    toastStore.hide(toastStore.get()[0].id);
    showToast('Other');
    vi.advanceTimersByTime(TOAST_AUTO_HIDE_MS);
    expect(texts()).toEqual([]);
  });
});
