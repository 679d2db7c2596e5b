import { Button, Loader, Paper, Stack, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { showToast } from '../messages/toast';
import { ConfirmDialog } from './ConfirmDialog';
import { PageHeader } from './PageHeader';
import './list.css';

interface Props<T> {
  title: string;
  /** Beside the title: the page's create button. */
  actions?: ReactNode;
  /** The title and the actions stay on one line (actions whose text collapses on a phone). */
  nowrap?: boolean;
  /** A line under the title: what the page is for. */
  intro?: ReactNode;
  /** The list's read (a kept list, mostly: at once offline). */
  query: { data?: T[]; isPending: boolean; isError: boolean; error: Error | null; refetch(): unknown };
  /** The spinner's label while the list loads: 'Loading segments'. */
  loading: string;
  /** What an empty list says. */
  empty: ReactNode;
  /** A failed read offers 'Try again'. */
  retry?: boolean;
  /** One row of the list: an `li` with its key, in a list named by the title. */
  children(item: T): ReactNode;
  /** The confirmation open now, if any (useConfirmation's dialog). */
  dialog?: ReactNode;
}

/** A list page: title and actions, the list in a bordered panel (or its spinner, error or empty text), its dialog. */
export function ListPage<T>({
  title,
  actions,
  nowrap,
  intro,
  query,
  loading,
  empty,
  retry,
  children,
  dialog,
}: Props<T>) {
  const failure = query.isError && (
    <Text c="red.8" role="alert" p={retry ? undefined : 'md'}>
      {query.error?.message}
    </Text>
  );
  return (
    <Stack gap="md">
      <PageHeader title={title} nowrap={nowrap}>
        {actions}
      </PageHeader>
      {intro && (
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      )}
      <Paper withBorder radius="md">
        {query.isPending ? (
          <Loader m="md" aria-label={loading} />
        ) : failure && retry ? (
          <Stack gap="sm" align="flex-start" p="md">
            {failure}
            <Button variant="light" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Stack>
        ) : failure ? (
          failure
        ) : !query.data?.length ? (
          <Text p="md">{empty}</Text>
        ) : (
          <ul className="sy-list" aria-label={title}>
            {query.data.map(children)}
          </ul>
        )}
      </Paper>
      {dialog}
    </Stack>
  );
}

interface Confirmation<T, K> {
  /** The action (a delete, mostly). */
  mutation: UseMutationResult<unknown, Error, K>;
  /** The action's argument for an item. */
  variables(item: T): K;
  /** The question: 'Really delete strategy?'. */
  title: string;
  confirmLabel?: string;
  /** A red confirm button (default: true). */
  danger?: boolean;
  /** What the dialog says about the item. */
  describe(item: T): ReactNode;
  /** The success toast. */
  done: string;
  /** A refusal stays in the dialog, saying why (a mutation whose errors are shown inline); else the dialog closes. */
  showsRefusal?: boolean;
}

/** A list's confirmed action on one item: `ask(item)` opens `dialog`; confirming runs the action and says so. */
export function useConfirmation<T, K>({
  mutation,
  variables,
  title,
  confirmLabel = 'Delete',
  danger = true,
  describe,
  done,
  showsRefusal = false,
}: Confirmation<T, K>) {
  const [item, setItem] = useState<T>();
  const close = () => {
    setItem(undefined);
    mutation.reset();
  };
  const confirm = (asked: T) =>
    mutation.mutate(variables(asked), {
      onSuccess: () => {
        showToast(done, 'success');
        close();
      },
      onError: () => {
        if (!showsRefusal) close();
      },
    });
  const dialog = item !== undefined && (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      danger={danger}
      loading={mutation.isPending}
      error={showsRefusal ? mutation.error?.message : undefined}
      onConfirm={() => confirm(item)}
      onClose={close}
    >
      {describe(item)}
    </ConfirmDialog>
  );
  return { ask: (asked: T) => setItem(() => asked), dialog };
}
