import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualList } from './VirtualList';

const setWindow = (property: 'innerHeight' | 'scrollY', value: number) =>
  Object.defineProperty(window, property, { value, configurable: true });
/** The window's height, as the browser reports it (the list reads it from the resize events). */
const resizeWindow = (height: number) => {
  setWindow('innerHeight', height);
  window.dispatchEvent(new Event('resize'));
};

// Back at the top, as the browser reports it (the list follows the scroll position the scroll events give).
afterEach(() => {
  setWindow('scrollY', 0);
  window.dispatchEvent(new Event('scroll'));
});

/** A list of rows 80 px high, 2 rows of overscan, in a window 800 px high. */
function renderRows(items: string[]) {
  resizeWindow(800);
  render(
    <VirtualList
      items={items}
      rowHeight={80}
      overscan={2}
      getKey={(i) => i}
      renderRow={(i) => i}
      label="Feature toggles"
    />,
  );
}

describe('VirtualList', () => {
  const items = Array.from({ length: 10_000 }, (_, i) => `toggle-${i}`);

  it('renders only the rows on screen, plus the overscan, and follows scrolling', () => {
    renderRows(items);
    const list = screen.getByRole('list', { name: 'Feature toggles' });
    expect(list).toHaveStyle({ height: '800000px' });
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    expect(screen.getByText('toggle-0')).toHaveAttribute('aria-posinset', '1');

    setWindow('scrollY', 80 * 5000);
    act(() => window.dispatchEvent(new Event('scroll')));
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('toggle-4998');
    expect(rows).toHaveLength(14);
    expect(screen.queryByText('toggle-0')).toBeNull();
    expect(rows[2]).toHaveStyle({ top: `${80 * 5000}px` });
  });

  it('follows the window as it is resized', () => {
    renderRows(items);
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    act(() => resizeWindow(1600));
    expect(screen.getAllByRole('listitem')).toHaveLength(22);
  });

  it('a short list is rendered whole', () => {
    renderRows(items.slice(0, 3));
    expect(screen.getAllByRole('listitem').map((row) => row.textContent)).toEqual(['toggle-0', 'toggle-1', 'toggle-2']);
  });
});
