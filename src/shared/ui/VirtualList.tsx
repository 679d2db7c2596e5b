import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

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
 * Where an element starts in the document, kept up to date as the page above it changes. Measured after the first
 * paint (rows are placed within the list, so only which rows are drawn depends on it), never by a layout forced in
 * the middle of the render that shows the list.
 */
function useDocumentTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setTop(element.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return top;
}

/**
 * A windowed list in the page's own scroll (@tanstack/react-virtual): only the rows on screen, plus `overscan` rows
 * either side, are in the DOM, each placed absolutely inside a list as tall as all rows together.
 */
export function VirtualList<T>({ items, rowHeight, getKey, renderRow, label, overscan = 8, className }: Props<T>) {
  const ref = useRef<HTMLUListElement>(null);
  const scrollMargin = useDocumentTop(ref);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => rowHeight,
    getItemKey: (index) => getKey(items[index]),
    overscan,
    scrollMargin,
  });
  // The list takes its full height in the render that mounts it; its rows follow in a render of their own, so what
  // is above the list is painted without waiting for them, and nothing below it moves when they come.
  const drawRows = useDeferredValue(true, false);

  return (
    <ul
      ref={ref}
      aria-label={label}
      className={`sy-virtual-list ${className ?? ''}`}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {drawRows &&
        virtualizer.getVirtualItems().map((row) => (
          <li
            key={row.key}
            className="sy-virtual-row"
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
            style={{ top: row.start - scrollMargin, height: row.size }}
          >
            {renderRow(items[row.index], row.index)}
          </li>
        ))}
    </ul>
  );
}
