import { useWindowVirtualizer, windowScroll } from '@tanstack/react-virtual';
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

/** The page's scroll position, as the browser last reported it. */
let lastScrollY = 0;
if (typeof window !== 'undefined')
  window.addEventListener('scroll', () => (lastScrollY = window.scrollY), { passive: true });

/**
 * Where an element starts in the document, kept up to date as the page above it changes. Measured when the browser
 * has laid the page out (a ResizeObserver's first notice comes after the first layout, and its later ones after
 * each change of the page's size; rows are placed within the list, so only which rows are drawn depends on it),
 * never by a layout forced in the middle of a render or an effect.
 */
function useDocumentTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setTop(element.getBoundingClientRect().top + window.scrollY);
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
export function VirtualList<T>({ items, rowHeight, getKey, renderRow, label, overscan = 4, className }: Props<T>) {
  const ref = useRef<HTMLUListElement>(null);
  const scrollMargin = useDocumentTop(ref);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => rowHeight,
    getItemKey: (index) => getKey(items[index]),
    overscan,
    scrollMargin,
    // The scroll position as last reported (window.scrollY read during the render would force a layout of the page
    // in the middle of it); the virtualizer reads the real one once the list is on screen.
    initialOffset: () => lastScrollY,
    // On attaching, the virtualizer scrolls to where the page already is: a scroll that would force a layout of the
    // whole page in the middle of the render. Only real moves are passed on.
    scrollToFn: (offset, options, instance) => {
      if (options.behavior === undefined && offset + (options.adjustments ?? 0) === lastScrollY) return;
      windowScroll(offset, options, instance);
    },
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
