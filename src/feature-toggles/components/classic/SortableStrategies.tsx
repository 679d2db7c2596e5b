import { Group, Paper, Stack, Title } from '@mantine/core';
import { Gated } from '../../../auth/PermissionControls';
import { DeleteButton, EditButton } from '../../../auth/ListButtons';
import { DragHandle, SortableList, useSortableRow } from '../../../shared/ui/SortableList';
import { strategyDefinition, strategyTitle, type StrategyDefinition } from '../../../strategies/definitions';
import { MissingDefinition } from '../../../strategies/components/MissingDefinition';
import '../../../strategies/components/strategies.css';
import { StrategySummary } from '../../../strategies/components/StrategySummary';
import { sortableStrategyId, type StrategyInstance } from '../../../strategies/strategy-instance';

interface Props {
  strategies: StrategyInstance[];
  /** The loaded definitions (undefined while loading: no strategy is called missing then). */
  definitions: StrategyDefinition[] | undefined;
  /** UPDATE_FEATURE on the toggle's project: edit, delete and reorder. */
  canUpdate: boolean;
  project: string;
  onReorder(ids: string[]): Promise<unknown>;
  onEdit(strategy: StrategyInstance, definition: StrategyDefinition): void;
  onDelete(strategy: StrategyInstance): void;
}

interface ItemProps {
  id: string;
  strategy: StrategyInstance;
  title: string;
  definition: StrategyDefinition | undefined;
  missing: boolean;
  canUpdate: boolean;
  sortable: boolean;
  project: string;
  onEdit(): void;
  onDelete(): void;
}

function SortableStrategy({
  id,
  strategy,
  title,
  definition,
  missing,
  canUpdate,
  sortable,
  project,
  onEdit,
  onDelete,
}: ItemProps) {
  const { row, handle } = useSortableRow(id, { disabled: !canUpdate || !sortable });
  return (
    <Paper component="li" {...row} withBorder radius="md" p="sm">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        {sortable && (
          <Gated allowed={canUpdate}>
            {(gate) => <DragHandle {...handle} {...gate} label={`Move ${title}`} locked={!canUpdate} />}
          </Gated>
        )}
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap" mih={44}>
            <Title order={3} size="h5">
              {title}
            </Title>
            {title !== strategy.name && <code className="sy-definition-name">{strategy.name}</code>}
          </Group>
          {missing && <MissingDefinition name={strategy.name} />}
          <StrategySummary strategy={strategy} />
          <Group gap="xs" justify="flex-end">
            {definition && <EditButton item={title} permission="UPDATE_FEATURE" project={project} onClick={onEdit} />}
            <DeleteButton item={title} permission="UPDATE_FEATURE" project={project} onClick={onDelete} />
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * The strategies as a list reordered by dragging the handle (pointer or touch) or with the keyboard (focus the
 * handle, space to pick up, arrows to move, space to drop). Without UPDATE_FEATURE the handles are locked.
 */
export function SortableStrategies({
  strategies,
  definitions,
  canUpdate,
  project,
  onReorder,
  onEdit,
  onDelete,
}: Props) {
  const sortable = strategies.length > 1 && strategies.every((s) => s.id);
  const ids = strategies.map(sortableStrategyId);
  const byId = new Map(ids.map((id, index) => [id, strategies[index]]));
  const titleOf = (id: string) => {
    const strategy = byId.get(id);
    return strategy ? strategyTitle(strategy, definitions) : id;
  };

  return (
    <SortableList ids={ids} nameOf={titleOf} itemNoun="a strategy" onReorder={onReorder}>
      {(shown) => (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Activation strategies">
          {shown.map((id) => {
            const strategy = byId.get(id)!;
            const { definition, missing } = strategyDefinition(definitions, strategy.name);
            return (
              <SortableStrategy
                key={id}
                id={id}
                strategy={strategy}
                title={titleOf(id)}
                definition={definition}
                missing={missing}
                canUpdate={canUpdate}
                sortable={sortable}
                project={project}
                onEdit={() => definition && onEdit(strategy, definition)}
                onDelete={() => onDelete(strategy)}
              />
            );
          })}
        </Stack>
      )}
    </SortableList>
  );
}
