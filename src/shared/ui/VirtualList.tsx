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
 * The page's scroll position and the window's height, as the browser last reported them: read while the page's
 * layout is out of date (as a list mounts), either would force the browser to lay the page out there and then.
 */
let lastScrollY = 0;
let windowHeight = 0;
if (typeof window !== 'undefined') {
  windowHeight = window.innerHeight;
  window.addEventListener('scroll', () => (lastScrollY = window.scrollY), { passive: true });
  window.addEventListener('resize', () => (windowHeight = window.innerHeight));
}

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

/** Which rows of a list starting `listTop` down the page are in the window: [start, end), rows of `rowHeight`. */
const rowsAt = (scrollY: number, listTop: number, rowHeight: number) => ({
  start: Math.floor((scrollY - listTop) / rowHeight),
  end: Math.ceil((scrollY + windowHeight - listTop) / rowHeight),
});

/** The rows on screen, followed as the page scrolls and resizes: a render only when they change. */
function useRowsOnScreen(listTop: number, rowHeight: number) {
  const [start, setStart] = useState(() => rowsAt(lastScrollY, listTop, rowHeight).start);
  const [end, setEnd] = useState(() => rowsAt(lastScrollY, listTop, rowHeight).end);
  useEffect(() => {
    const update = () => {
      const rows = rowsAt(lastScrollY, listTop, rowHeight);
      setStart(rows.start);
      setEnd(rows.end);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [listTop, rowHeight]);
  return { start, end };
}

/**
 * A windowed list of rows of one height in the page's own scroll: only the rows on screen, plus `overscan` rows
 * either side, are in the DOM, each placed absolutely inside a list as tall as all rows together.
 */
export function VirtualList<T>({ items, rowHeight, getKey, renderRow, label, overscan = 4, className }: Props<T>) {
  const ref = useRef<HTMLUListElement>(null);
  const onScreen = useRowsOnScreen(useDocumentTop(ref), rowHeight);
  const first = Math.max(0, onScreen.start - overscan);
  const last = Math.min(items.length, onScreen.end + overscan);
  // The list takes its full height in the render that mounts it; its rows follow in a render of their own, so what
  // is above the list is painted without waiting for them, and nothing below it moves when they come.
  const drawRows = useDeferredValue(true, false);

  return (
    <ul
      ref={ref}
      aria-label={label}
      className={`sy-virtual-list ${className ?? ''}`}
      style={{ height: items.length * rowHeight }}
    >
      {drawRows &&
        items.slice(first, last).map((item, offset) => {
          const index = first + offset;
          return (
            <li
              key={getKey(item)}
              className="sy-virtual-row"
              aria-setsize={items.length}
              aria-posinset={index + 1}
              style={{ top: index * rowHeight, height: rowHeight }}
            >
              {renderRow(item, index)}
            </li>
          );
        })}
    </ul>
  );
}
