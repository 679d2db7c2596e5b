import { closestCenter, DndContext, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, Paper, Stack, Title } from '@mantine/core';
import { IconGripVertical, IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Gated, PermissionButton } from '../../auth/PermissionControls';
import { strategyDefinition, strategyTitle, type StrategyDefinition } from '../../strategies/definitions';
import { MissingDefinition } from '../../strategies/MissingDefinition';
import { sortableStrategyId, useStrategySensors } from '../../strategies/sortable';
import '../../strategies/strategies.css';
import { StrategySummary } from '../../strategies/StrategySummary';
import type { StrategyInstance } from '../api/types';

interface Props {
  strategies: StrategyInstance[];
  /** The loaded definitions (undefined while loading: no strategy is called missing then). */
  definitions: StrategyDefinition[] | undefined;
  /** UPDATE_FEATURE on the toggle's project: edit, delete and reorder. */
  canUpdate: boolean;
  project: string;
  onReorder(ids: string[]): Promise<void>;
  onEdit(strategy: StrategyInstance, definition: StrategyDefinition): void;
  onDelete(strategy: StrategyInstance): void;
}

const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    'To move a strategy, press space or enter to pick it up, use the up and down arrow keys to move it, and press space or enter again to drop it. Press escape to cancel.',
};

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
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: !canUpdate || !sortable,
  });
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      radius="md"
      p="sm"
      className={isDragging ? 'sy-sortable-dragging' : undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        {sortable && (
          <Gated allowed={canUpdate}>
            {(gate) => (
              <ActionIcon
                ref={setActivatorNodeRef}
                variant="subtle"
                color="gray"
                className="sy-drag-handle"
                aria-label={`Move ${title}`}
                {...attributes}
                {...listeners}
                {...gate}
              >
                {canUpdate ? <IconGripVertical size={20} aria-hidden /> : <IconLock size={18} aria-hidden />}
              </ActionIcon>
            )}
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
            {definition && (
              <PermissionButton
                permission="UPDATE_FEATURE"
                project={project}
                variant="subtle"
                size="sm"
                leftSection={<IconPencil size={18} aria-hidden />}
                aria-label={`Edit ${title}`}
                onClick={onEdit}
              >
                Edit
              </PermissionButton>
            )}
            <PermissionButton
              permission="UPDATE_FEATURE"
              project={project}
              variant="subtle"
              color="red"
              size="sm"
              leftSection={<IconTrash size={18} aria-hidden />}
              aria-label={`Delete ${title}`}
              onClick={onDelete}
            >
              Delete
            </PermissionButton>
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
  const [order, setOrder] = useState<string[]>();
  const sensors = useStrategySensors();
  const sortable = strategies.length > 1 && strategies.every((s) => s.id);
  const ids = strategies.map(sortableStrategyId);
  const shown = order && order.length === ids.length && order.every((id) => ids.includes(id)) ? order : ids;
  const byId = new Map(ids.map((id, index) => [id, strategies[index]]));
  const titleOf = (id: UniqueIdentifier) => {
    const strategy = byId.get(String(id));
    return strategy ? strategyTitle(strategy, definitions) : String(id);
  };
  const position = (id: UniqueIdentifier | undefined) => `position ${shown.indexOf(String(id)) + 1} of ${shown.length}`;

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, in ${position(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} is over ${position(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `${titleOf(active.id)} was dropped in ${position(over.id)}.` : `${titleOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = arrayMove(shown, shown.indexOf(String(active.id)), shown.indexOf(String(over.id)));
    setOrder(next);
    void onReorder(next).finally(() => setOrder(undefined));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
    >
      <SortableContext items={shown} strategy={verticalListSortingStrategy}>
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
      </SortableContext>
    </DndContext>
  );
}
