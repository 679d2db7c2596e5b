import { Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { EnvironmentType } from '../../../contract/environments';
import { CreateButton } from '../../auth/ListButtons';
import { showToast } from '../../shared/messages/toast';
import { ListContent } from '../../shared/ui/ListContent';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useEnvironments, type Environment } from '../api/queries';
import { useDeleteEnvironment } from '../api/use-delete-environment';
import { useSetEnvironmentEnabled } from '../api/use-set-environment-enabled';
import { useSortEnvironments } from '../api/use-sort-environments';
import { useUpdateEnvironment } from '../api/use-update-environment';
import {
  ENVIRONMENT_DELETED,
  ENVIRONMENT_UPDATED,
  environmentSwitched,
  FETCH_FAILED,
  NO_ENVIRONMENTS,
} from '../messages';
import { ConfirmEnvironmentDialog } from './ConfirmEnvironmentDialog';
import { EditEnvironmentDialog } from './EditEnvironmentDialog';
import { SortableEnvironments, type EnvironmentAction } from './SortableEnvironments';

/** A refused or failed write: an error toast with its text. */
const showFailure = (error: unknown) => showToast(error instanceof Error ? error.message : String(error), 'error');

/**
 * /environments: every environment with its type and state, reordered by drag or keyboard; edit (type), disable or
 * enable, and delete behind confirmations (the typed name for disable and delete). Protected ones are locked.
 */
export default function EnvironmentsPage() {
  const environments = useEnvironments();
  const sort = useSortEnvironments();
  const update = useUpdateEnvironment();
  const setEnabled = useSetEnvironmentEnabled();
  const remove = useDeleteEnvironment();
  const [pending, setPending] = useState<{ environment: Environment; action: EnvironmentAction }>();
  const close = () => setPending(undefined);
  const succeeded = (message: string) => () => {
    showToast(message, 'success');
    close();
  };

  const reorder = (names: string[]) => sort.mutateAsync(names).catch(showFailure);
  const switchEnabled = (environment: Environment, enabled: boolean) =>
    setEnabled.mutate(
      { name: environment.name, enabled },
      { onSuccess: succeeded(environmentSwitched(enabled)), onError: showFailure },
    );
  const saveType = (environment: Environment, type: EnvironmentType) =>
    update.mutate({ environment, type }, { onSuccess: succeeded(ENVIRONMENT_UPDATED), onError: showFailure });
  const deleteEnvironment = (environment: Environment) =>
    remove.mutate(environment.name, { onSuccess: succeeded(ENVIRONMENT_DELETED), onError: showFailure });

  return (
    <Stack gap="md">
      <PageHeader title="Environments">
        <CreateButton permission="ADMIN" to="/environments/create">
          New environment
        </CreateButton>
      </PageHeader>
      <Text c="dimmed" size="sm">
        Drag an environment by its handle, or focus the handle and use space and the arrow keys, to change the order in
        which environments are shown everywhere.
      </Text>
      <Paper withBorder radius="md">
        <ListContent query={environments} loading="Loading environments" failed={FETCH_FAILED} empty={NO_ENVIRONMENTS}>
          {(list) => (
            <SortableEnvironments
              environments={list}
              onReorder={reorder}
              onAction={(environment, action) => setPending({ environment, action })}
            />
          )}
        </ListContent>
      </Paper>
      {pending?.action === 'edit' && (
        <EditEnvironmentDialog
          environment={pending.environment}
          saving={update.isPending}
          onSave={(type) => saveType(pending.environment, type)}
          onClose={close}
        />
      )}
      {pending?.action === 'disable' && (
        <ConfirmEnvironmentDialog
          title="Disable environment?"
          confirmLabel="Disable"
          permission="UPDATE_ENVIRONMENT"
          typedName={pending.environment.name}
          danger
          loading={setEnabled.isPending}
          onConfirm={() => switchEnabled(pending.environment, false)}
          onClose={close}
        >
          While {pending.environment.name} is disabled, SDKs get every toggle off in it. Its strategies are kept and
          come back when it is enabled again.
        </ConfirmEnvironmentDialog>
      )}
      {pending?.action === 'enable' && (
        <ConfirmEnvironmentDialog
          title="Enable environment?"
          confirmLabel="Enable"
          permission="UPDATE_ENVIRONMENT"
          loading={setEnabled.isPending}
          onConfirm={() => switchEnabled(pending.environment, true)}
          onClose={close}
        >
          SDKs get the toggles of {pending.environment.name} as they are configured there again.
        </ConfirmEnvironmentDialog>
      )}
      {pending?.action === 'delete' && (
        <ConfirmEnvironmentDialog
          title="Delete environment?"
          confirmLabel="Delete"
          permission="DELETE_ENVIRONMENT"
          typedName={pending.environment.name}
          danger
          loading={remove.isPending}
          onConfirm={() => deleteEnvironment(pending.environment)}
          onClose={close}
        >
          Deleting {pending.environment.name} removes it from every project and removes every activation strategy in it
          from every feature toggle. This can not be undone.
        </ConfirmEnvironmentDialog>
      )}
    </Stack>
  );
}
