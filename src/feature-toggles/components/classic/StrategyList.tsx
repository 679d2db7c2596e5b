import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PermissionButton, usePermission } from '../../../auth/PermissionControls';
import { snackbar } from '../../../shared/messages/messages';
import { CLASSIC_ENVIRONMENT } from '../../offline/changes';
import { AddStrategyDialog } from '../../../strategies/components/AddStrategyDialog';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { strategyTitle, type StrategyDefinition } from '../../../strategies/definitions';
import { REALLY_DELETE } from '../../../strategies/messages';
import { StrategyConfigureDialog } from '../../../strategies/components/StrategyForm';
import {
  newStrategy,
  toEdited,
  type EditedStrategy,
  type StrategyInstance,
} from '../../../strategies/strategy-instance';
import { useStrategyDefinitions } from '../../../strategies/api/queries';
import { DEFAULT_PROJECT } from '../../../projects/api/queries';
import type { FeatureToggle } from '../../types';
import { useStrategyActions } from '../../api/use-strategy-actions';
import { useEnvironmentChange, type EnvironmentChange } from '../switches/use-environment-change';
import { SortableStrategies } from './SortableStrategies';

type Editing = { definition: StrategyDefinition; initial: EditedStrategy };

/**
 * The Activation tab: the toggle's strategies in the default environment, with 'Add a new strategy' (needs
 * CREATE_FEATURE), and edit, delete and drag-to-reorder (need UPDATE_FEATURE). Where the default environment takes
 * changes through change requests, each of them is requested instead (an admin is asked first, as it bypasses them;
 * see useEnvironmentChange). Every write goes through the offline queue: the list follows at once, and the queue says
 * when the server accepted it ('Strategy successfully created.') or that it waits for the connection.
 */
export function StrategyList({ feature }: { feature: FeatureToggle }) {
  const project = feature.project ?? DEFAULT_PROJECT;
  const strategies = feature.strategies ?? [];
  const definitions = useStrategyDefinitions();
  const actions = useStrategyActions();
  const canCreate = usePermission('CREATE_FEATURE', project);
  const canUpdate = usePermission('UPDATE_FEATURE', project);
  const [picking, setPicking] = useState(false);
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<StrategyInstance>();
  const gated = useEnvironmentChange();
  const target = { project, feature: feature.name, environment: CLASSIC_ENVIRONMENT };
  const titled = (strategy: StrategyInstance) => `the ${strategyTitle(strategy, definitions.data)} strategy`;
  /** A change of the default environment's strategies, as it takes them. */
  const change = (edit: Pick<EnvironmentChange, 'change' | 'what' | 'label' | 'make'>) =>
    gated.change({ project, environment: { name: CLASSIC_ENVIRONMENT }, ...edit });

  /** Saving the configure dialog; it closes once the change is made, requested or asked about. */
  const save = async ({ id, ...strategy }: EditedStrategy) => {
    await change(
      id
        ? {
            change: { feature: feature.name, action: 'updateStrategy', payload: { ...strategy, id } },
            what: `changing ${titled(strategy)} of ${feature.name}`,
            label: 'Save changes',
            make: () => actions.update({ ...target, strategy: { ...strategy, id } }),
          }
        : {
            change: { feature: feature.name, action: 'addStrategy', payload: strategy },
            what: `adding ${titled(strategy)} to ${feature.name}`,
            label: 'Add strategy',
            make: async () => void (await actions.add({ ...target, strategy })),
          },
    );
    setEditing(undefined);
  };

  /** A change that could not even be queued (e.g. the browser refused storage) goes to the snackbar. */
  const report = (error: unknown) => snackbar.add(error instanceof Error ? error.message : String(error));

  const remove = (strategy: StrategyInstance) => {
    setDeleting(undefined);
    const strategyId = strategy.id;
    if (!strategyId) return;
    change({
      change: { feature: feature.name, action: 'deleteStrategy', payload: { id: strategyId } },
      what: `removing ${titled(strategy)} of ${feature.name}`,
      label: 'Remove strategy',
      make: () => actions.remove({ ...target, strategyId }),
    }).catch(report);
  };

  const reorder = (ids: string[]) =>
    change({
      change: {
        feature: feature.name,
        action: 'reorderStrategy',
        payload: ids.map((id, sortOrder) => ({ id, sortOrder })),
      },
      what: `reordering the strategies of ${feature.name}`,
      label: 'Save order',
      make: () => actions.reorder({ ...target, ids }),
    }).catch(report);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h4">
          Activation strategies
        </Title>
        <PermissionButton
          permission="CREATE_FEATURE"
          project={project}
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setPicking(true)}
        >
          Add a new strategy
        </PermissionButton>
      </Group>
      {strategies.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text c="dimmed">No activation strategies.{canCreate ? ' Add one to decide who gets the toggle.' : ''}</Text>
        </Paper>
      ) : (
        <SortableStrategies
          strategies={strategies}
          definitions={definitions.data}
          canUpdate={canUpdate}
          project={project}
          onReorder={reorder}
          onEdit={(strategy, definition) => setEditing({ definition, initial: toEdited(strategy) })}
          onDelete={setDeleting}
        />
      )}
      {picking && (
        <AddStrategyDialog
          definitions={definitions.data}
          onClose={() => setPicking(false)}
          onPick={(definition) => {
            setPicking(false);
            setEditing({ definition, initial: newStrategy(definition, feature.name) });
          }}
        />
      )}
      {editing && (
        <StrategyConfigureDialog
          definition={editing.definition}
          initial={editing.initial}
          onCancel={() => setEditing(undefined)}
          onSave={save}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={REALLY_DELETE}
          confirmLabel="Delete strategy"
          danger
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(undefined)}
        >
          {strategyTitle(deleting, definitions.data)} ({deleting.name})
        </ConfirmDialog>
      )}
      {gated.dialog}
    </Stack>
  );
}
