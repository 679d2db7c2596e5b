import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { NEED_INSTANCE_ADMIN } from '../../admin/messages';
import { useIsAdmin } from '../../auth/user';
import { keepNewestPage, useEventPages, type EventFilters } from '../api/queries';
import { EventFeed } from './EventFeed';
import { HistoryFilters } from './HistoryFilters';

const FILTER_KEYS = ['type', 'createdBy', 'feature', 'project', 'from', 'to'] as const;

/**
 * /history and /history/{toggleName}: recent changes, instance admins only. The filters are in the address (so a
 * filtered history can be shared and reloaded); the list reads older pages as the reader scrolls.
 */
export default function HistoryPage() {
  const { toggleName } = useParams({ strict: false });
  const search = useSearch({ strict: false }) as EventFilters;
  const filters: EventFilters = Object.fromEntries(
    FILTER_KEYS.filter((key) => search[key] !== undefined && (key !== 'feature' || !toggleName)).map((key) => [
      key,
      search[key],
    ]),
  );
  const active = Object.keys(filters).length;
  const isAdmin = useIsAdmin();
  const pages = useEventPages(toggleName, filters, isAdmin);
  const [filtersOpen, setFiltersOpen] = useState(active > 0);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // Leaving keeps only the newest page: the persisted cache (what the page shows offline) stays one page long.
  const filtersText = JSON.stringify(filters);
  useEffect(
    () => () => keepNewestPage(queryClient, toggleName, JSON.parse(filtersText) as EventFilters),
    [queryClient, toggleName, filtersText],
  );

  const { fetchNextPage } = pages;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const apply = (next: EventFilters) => void navigate({ to: '.', search: next as never, replace: true });
  const events = pages.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <Stack gap="md">
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {toggleName ? `Recent changes: ${toggleName}` : 'Recent changes'}
      </Title>
      {!isAdmin ? (
        <Alert color="red" variant="light" role="alert">
          {NEED_INSTANCE_ADMIN}
        </Alert>
      ) : (
        <>
          <Group gap="sm">
            <Button
              variant={filtersOpen ? 'light' : 'default'}
              mih={44}
              aria-expanded={filtersOpen}
              aria-controls="history-filters"
              onClick={() => setFiltersOpen(!filtersOpen)}
            >
              {active > 0 ? `Filters (${active})` : 'Filters'}
            </Button>
          </Group>
          {filtersOpen && (
            <Paper id="history-filters" withBorder radius="md" p="sm">
              <HistoryFilters
                key={JSON.stringify(filters)}
                filters={filters}
                withToggle={!toggleName}
                onApply={apply}
              />
            </Paper>
          )}
          {pages.isPending ? (
            <Loader aria-label="Loading events" />
          ) : pages.data === undefined ? (
            <Text c="red.8" role="alert">
              {pages.error?.message}
            </Text>
          ) : events.length === 0 ? (
            <Text>No entries</Text>
          ) : (
            <EventFeed
              events={events}
              showLink={!toggleName}
              hasMore={pages.hasNextPage}
              loadingMore={pages.isFetchingNextPage}
              moreError={pages.isFetchNextPageError ? pages.error.message : null}
              loadMore={loadMore}
            />
          )}
        </>
      )}
    </Stack>
  );
}
