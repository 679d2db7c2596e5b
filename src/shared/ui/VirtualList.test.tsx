import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VirtualList, visibleRange } from './VirtualList';

describe('visibleRange', () => {
  it('covers the viewport plus overscan', () => {
    expect(visibleRange(0, 800, 100, 10_000, 2)).toEqual({ start: 0, end: 10 });
    expect(visibleRange(-1050, 800, 100, 10_000, 2)).toEqual({ start: 8, end: 21 });
  });
  it('stays within the list', () => {
    expect(visibleRange(-1_000_000, 800, 100, 50, 2)).toEqual({ start: 50, end: 50 });
    expect(visibleRange(2000, 800, 100, 50, 2)).toEqual({ start: 0, end: 0 });
    expect(visibleRange(0, 800, 100, 3, 2)).toEqual({ start: 0, end: 3 });
  });
});

describe('VirtualList', () => {
  const items = Array.from({ length: 10_000 }, (_, i) => `toggle-${i}`);

  it('renders only the rows on screen and follows scrolling', () => {
    let top = 0;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ top }) as DOMRect);
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      cb(0);
      return 1;
    });
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    render(<VirtualList items={items} rowHeight={80} overscan={2} getKey={(i) => i} renderRow={(i) => i} label="Feature toggles" />);
    const list = screen.getByRole('list', { name: 'Feature toggles' });
    expect(list).toHaveStyle({ height: '800000px' });
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    expect(screen.getByText('toggle-0')).toHaveAttribute('aria-posinset', '1');

    top = -80 * 5000;
    act(() => window.dispatchEvent(new Event('scroll')));
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('toggle-4998');
    expect(rows).toHaveLength(14);
    expect(screen.queryByText('toggle-0')).toBeNull();
    expect(rows[2]).toHaveStyle({ top: `${80 * 5000}px` });
    vi.restoreAllMocks();
  });
});
