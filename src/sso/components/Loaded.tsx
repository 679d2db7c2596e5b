import { Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** Stored settings, then their form: a loader while they are read, the error's message if that fails. */
export function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children(settings: T): ReactNode }) {
  if (query.isPending) return <Loader aria-label="Loading settings" />;
  if (query.isError) {
    return (
      <Text c="red.8" role="alert">
        {query.error.message}
      </Text>
    );
  }
  return children(query.data);
}
