import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export interface Range {
  start: number;
  end: number;
}

/**
 * The rows of a fixed-row-height list that are on screen, plus `overscan` rows either side. `top` is the list's
 * top edge relative to the viewport (negative once scrolled past).
 */
export function visibleRange(top: number, viewportHeight: number, rowHeight: number, count: number, overscan: number): Range {
  const first = Math.floor(-top / rowHeight);
  const last = Math.ceil((viewportHeight - top) / rowHeight);
  const start = Math.min(count, Math.max(0, first - overscan));
  const end = Math.max(start, Math.min(count, last + overscan));
  return { start, end };
}

interface Props<T> {
  items: T[];
  rowHeight: number;
  getKey(item: T): string;
  renderRow(item: T, index: number): ReactNode;
  label: string;
  overscan?: number;
  className?: string;
}

/**
 * A windowed list in the page's own scroll: only the rows on screen are in the DOM, each absolutely placed at
 * index × rowHeight inside a list as tall as all rows together.
 */
export function VirtualList<T>({ items, rowHeight, getKey, renderRow, label, overscan = 8, className }: Props<T>) {
  const ref = useRef<HTMLUListElement>(null);
  const [range, setRange] = useState<Range>(() =>
    visibleRange(0, typeof window === 'undefined' ? 800 : window.innerHeight, rowHeight, items.length, overscan),
  );

  useLayoutEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const element = ref.current;
      if (!element) return;
      const next = visibleRange(element.getBoundingClientRect().top, window.innerHeight, rowHeight, items.length, overscan);
      setRange((current) => (current.start === next.start && current.end === next.end ? current : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [items.length, rowHeight, overscan]);

  const rows: ReactNode[] = [];
  for (let index = range.start; index < Math.min(range.end, items.length); index++) {
    const item = items[index];
    rows.push(
      <li
        key={getKey(item)}
        className="sy-virtual-row"
        aria-setsize={items.length}
        aria-posinset={index + 1}
        style={{ top: index * rowHeight, height: rowHeight }}
      >
        {renderRow(item, index)}
      </li>,
    );
  }

  return (
    <ul ref={ref} aria-label={label} className={`sy-virtual-list ${className ?? ''}`} style={{ height: items.length * rowHeight }}>
      {rows}
    </ul>
  );
}
