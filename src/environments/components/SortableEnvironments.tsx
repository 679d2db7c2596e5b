import { Badge, Button, Group, Text } from '@mantine/core';
import { IconLock, IconPencil, IconPlayerPlay, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Gated, PermissionButton, usePermission } from '../../auth/PermissionControls';
import { NO_ACCESS_MESSAGE } from '../../auth/permissions';
import { useOnline } from '../../shared/api/connectivity';
import { DragHandle, SortableList, useSortableRow } from '../../shared/ui/SortableList';
import type { Environment } from '../api/queries';
import { OFFLINE_REORDER_MESSAGE, PROTECTED_MESSAGE } from '../messages';
import './environments.css';

export type EnvironmentAction = 'edit' | 'disable' | 'enable' | 'delete';

interface Props {
  environments: Environment[];
  onReorder(names: string[]): Promise<unknown>;
  onAction(environment: Environment, action: EnvironmentAction): void;
}

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
  const { row, handle } = useSortableRow(name, { disabled: !canReorder });
  return (
    <li {...row} className="sy-environment-row" aria-label={name}>
      <Gated allowed={canReorder} message={reorderMessage}>
        {(gate) => <DragHandle {...handle} {...gate} size={44} label={`Move ${name}`} locked={!canReorder} />}
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
  const permitted = usePermission('UPDATE_ENVIRONMENT');
  const online = useOnline();
  const canReorder = permitted && online && environments.length > 1;
  const byName = new Map(environments.map((env) => [env.name, env]));

  return (
    <SortableList
      ids={environments.map((env) => env.name)}
      nameOf={(name) => name}
      itemNoun="an environment"
      onReorder={onReorder}
    >
      {(shown) => (
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
      )}
    </SortableList>
  );
}
