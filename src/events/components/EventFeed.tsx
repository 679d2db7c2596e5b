import { Button, Group, Loader, Text } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { AuditEvent } from '../api/queries';
import { EventCard } from '../EventList';
import './history.css';

interface Props {
  events: AuditEvent[];
  showLink: boolean;
  /** Whether the server has older events than the last one here. */
  hasMore: boolean;
  loadingMore: boolean;
  /** Why the last page could not be read (offline, ...), if it could not. */
  moreError: string | null;
  loadMore(): void;
}

/** An event card's height before it is measured: a card with a few lines of changes. */
const ESTIMATED_ROW = 140;
/** Older events are asked for while the last drawn row is this close to the end of those loaded. */
const LOAD_AHEAD = 10;

/**
 * Where the list starts in the document, measured after each layout change of the page (a ResizeObserver's notice
 * comes after layout, so nothing forces one in the middle of a render).
 */
function useDocumentTop(ref: React.RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setTop(element.getBoundingClientRect().top + window.scrollY));
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return top;
}

/**
 * Events in the page's own scroll, newest first: only the cards on screen (and a few either side) are in the DOM,
 * each measured as drawn (cards differ in height with their changes), and older pages are read as the reader
 * nears the end.
 */
export function EventFeed({ events, showLink, hasMore, loadingMore, moreError, loadMore }: Props) {
  const ref = useRef<HTMLUListElement>(null);
  const scrollMargin = useDocumentTop(ref);
  const virtualizer = useWindowVirtualizer({
    count: events.length,
    estimateSize: () => ESTIMATED_ROW,
    getItemKey: (index) => events[index].id,
    overscan: 3,
    scrollMargin,
  });
  const rows = virtualizer.getVirtualItems();
  const lastDrawn = rows.length > 0 ? rows[rows.length - 1].index : -1;
  const nearEnd = lastDrawn >= events.length - LOAD_AHEAD;

  useEffect(() => {
    if (nearEnd && hasMore && !loadingMore && !moreError) loadMore();
  }, [nearEnd, hasMore, loadingMore, moreError, loadMore]);

  return (
    <>
      <ul ref={ref} aria-label="Events" className="sy-virtual-list" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => (
          <li
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            className="sy-event-row"
            aria-setsize={hasMore ? -1 : events.length}
            aria-posinset={row.index + 1}
            style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
          >
            <EventCard event={events[row.index]} showLink={showLink} />
          </li>
        ))}
      </ul>
      {loadingMore && <Loader aria-label="Loading older events" mx="auto" />}
      {moreError && (
        <Group gap="sm" role="alert">
          <Text c="red.8">{moreError}</Text>
          <Button variant="light" mih={44} onClick={loadMore}>
            Try again
          </Button>
        </Group>
      )}
      {!hasMore && events.length > 0 && (
        <Text size="sm" c="dimmed" ta="center">
          No older events.
        </Text>
      )}
    </>
  );
}
