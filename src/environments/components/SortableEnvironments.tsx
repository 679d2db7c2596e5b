import { closestCenter, DndContext, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Button, Group, Text } from '@mantine/core';
import { IconGripVertical, IconLock, IconPencil, IconPlayerPlay, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Gated, PermissionButton, usePermission } from '../../auth/PermissionControls';
import { NO_ACCESS_MESSAGE } from '../../auth/permissions';
import { useOnline } from '../../shared/api/connectivity';
import { useStrategySensors } from '../../strategies/sortable';
import type { Environment } from '../api/queries';
import { OFFLINE_REORDER_MESSAGE, PROTECTED_MESSAGE } from '../messages';
import './environments.css';

export type EnvironmentAction = 'edit' | 'disable' | 'enable' | 'delete';

interface Props {
  environments: Environment[];
  onReorder(names: string[]): Promise<unknown>;
  onAction(environment: Environment, action: EnvironmentAction): void;
}

const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    'To move an environment, press space or enter to pick it up, use the up and down arrow keys to move it, and press space or enter again to drop it. Press escape to cancel.',
};

/** One action of a row: locked with an explanation on a protected environment, else gated by its permission. */
function RowAction({
  environment,
  permission,
  label,
  icon,
  danger,
  onClick,
}: {
  environment: Environment;
  permission: 'UPDATE_ENVIRONMENT' | 'DELETE_ENVIRONMENT';
  label: string;
  icon: ReactNode;
  danger?: boolean;
  onClick(): void;
}) {
  const common = {
    variant: 'subtle',
    size: 'sm',
    color: danger ? 'red' : undefined,
    'aria-label': `${label} ${environment.name}`,
  } as const;
  if (environment.protected) {
    return (
      <Gated allowed={false} message={PROTECTED_MESSAGE}>
        {(gate) => (
          <Button {...common} {...gate} leftSection={<IconLock size={16} aria-hidden />}>
            {label}
          </Button>
        )}
      </Gated>
    );
  }
  return (
    <PermissionButton {...common} permission={permission} onlineOnly leftSection={icon} onClick={onClick}>
      {label}
    </PermissionButton>
  );
}

function SortableEnvironment({
  environment,
  canReorder,
  reorderMessage,
  onAction,
}: {
  environment: Environment;
  canReorder: boolean;
  reorderMessage: string;
  onAction(action: EnvironmentAction): void;
}) {
  const { name, type, enabled = true } = environment;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: name,
    disabled: !canReorder,
  });
  return (
    <li
      ref={setNodeRef}
      className={`sy-environment-row${isDragging ? ' sy-sortable-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      aria-label={name}
    >
      <Gated allowed={canReorder} message={reorderMessage}>
        {(gate) => (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size={44}
            className="sy-drag-handle"
            aria-label={`Move ${name}`}
            {...attributes}
            {...listeners}
            {...gate}
          >
            {canReorder ? <IconGripVertical size={20} aria-hidden /> : <IconLock size={18} aria-hidden />}
          </ActionIcon>
        )}
      </Gated>
      <div className="sy-environment-info">
        <Text fw={600} component="span" style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        <Group gap={6} wrap="wrap">
          <Badge variant="light" color={type === 'production' ? 'orange' : 'indigo'} radius="sm">
            {type}
          </Badge>
          <Badge variant="light" color={enabled ? 'green' : 'gray'} radius="sm">
            {enabled ? 'Enabled' : 'Disabled'}
          </Badge>
          {environment.protected && (
            <Badge variant="light" color="gray" radius="sm" leftSection={<IconLock size={12} aria-hidden />}>
              Protected
            </Badge>
          )}
        </Group>
      </div>
      <Group gap={4} className="sy-environment-actions">
        <RowAction
          environment={environment}
          permission="UPDATE_ENVIRONMENT"
          label="Edit"
          icon={<IconPencil size={18} aria-hidden />}
          onClick={() => onAction('edit')}
        />
        <RowAction
          environment={environment}
          permission="UPDATE_ENVIRONMENT"
          label={enabled ? 'Disable' : 'Enable'}
          icon={enabled ? <IconPlayerStop size={18} aria-hidden /> : <IconPlayerPlay size={18} aria-hidden />}
          onClick={() => onAction(enabled ? 'disable' : 'enable')}
        />
        <RowAction
          environment={environment}
          permission="DELETE_ENVIRONMENT"
          label="Delete"
          danger
          icon={<IconTrash size={18} aria-hidden />}
          onClick={() => onAction('delete')}
        />
      </Group>
    </li>
  );
}

/**
 * The environments in their order, reordered by dragging the handle (pointer or touch) or with the keyboard (focus
 * the handle, space to pick up, arrows to move, space to drop; each step announced). Reordering needs
 * UPDATE_ENVIRONMENT and the server: otherwise the handles are locked, saying why.
 */
export function SortableEnvironments({ environments, onReorder, onAction }: Props) {
  const [order, setOrder] = useState<string[]>();
  const sensors = useStrategySensors();
  const permitted = usePermission('UPDATE_ENVIRONMENT');
  const online = useOnline();
  const canReorder = permitted && online && environments.length > 1;
  const names = environments.map((env) => env.name);
  const shown = order && order.length === names.length && order.every((n) => names.includes(n)) ? order : names;
  const byName = new Map(environments.map((env) => [env.name, env]));
  const position = (id: UniqueIdentifier | undefined) => `position ${shown.indexOf(String(id)) + 1} of ${shown.length}`;

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${active.id}, in ${position(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${active.id} is over ${position(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `${active.id} was dropped in ${position(over.id)}.` : `${active.id} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${active.id} was cancelled.`,
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
        <ul className="sy-environment-list" aria-label="Environments">
          {shown.map((name) => (
            <SortableEnvironment
              key={name}
              environment={byName.get(name)!}
              canReorder={canReorder}
              reorderMessage={permitted ? OFFLINE_REORDER_MESSAGE : NO_ACCESS_MESSAGE}
              onAction={(action) => onAction(byName.get(name)!, action)}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
