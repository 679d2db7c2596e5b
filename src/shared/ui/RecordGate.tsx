import { Loader, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props<D, T> {
  /** The read the record is in (a kept list, mostly): at once offline. */
  query: { data?: D; isPending: boolean; isError: boolean; error: Error | null };
  find(data: D): T | undefined;
  /** The spinner's label while the read loads: 'Loading segment'. */
  loading: string;
  /** When the read has no such record. */
  notFound: string;
  /** When the read failed (default: its error's message). */
  failed?: string;
  children(record: T): ReactNode;
}

/** An edit page's record, found in its read; until then a spinner, or why there is none. */
export function RecordGate<D, T>({ query, find, loading, notFound, failed, children }: Props<D, T>) {
  const record = query.data === undefined ? undefined : find(query.data);
  if (record !== undefined) return children(record);
  return (
    <Paper withBorder radius="md" p="md" maw={760}>
      {query.isPending ? (
        <Loader aria-label={loading} />
      ) : (
        <Text role="alert">{query.isError ? (failed ?? query.error?.message) : notFound}</Text>
      )}
    </Paper>
  );
}
