import { Button, Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A read that failed before anything was shown: what failed, and 'Try again'. */
export function ReadFailure({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <Group p="md" gap="sm" role="alert">
      <Text c="red.8">{message}</Text>
      <Button variant="default" onClick={onRetry}>
        Try again
      </Button>
    </Group>
  );
}

interface Props<T> {
  query: { data?: T[]; isError: boolean; refetch(): unknown };
  /** The spinner's label while the list loads: 'Loading environments'. */
  loading: string;
  /** What a failed first read says. */
  failed: string;
  /** What an empty list says. */
  empty: ReactNode;
  children(items: T[]): ReactNode;
}

/**
 * A list panel's content: the list (or its empty text) whenever one was read, so a failed refresh keeps it shown;
 * else a failed read with 'Try again', or the spinner.
 */
export function ListContent<T>({ query, loading, failed, empty, children }: Props<T>) {
  if (query.data) return query.data.length === 0 ? <Text p="md">{empty}</Text> : children(query.data);
  if (query.isError) return <ReadFailure message={failed} onRetry={() => void query.refetch()} />;
  return <Loader m="md" aria-label={loading} />;
}
