import { Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconEyeOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { RouteLink } from '../../shared/ui/RouteLink';
import { PermissionButton } from '../../auth/PermissionControls';
import { showToast } from '../../shared/messages/toast';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { DefinitionBadges } from './DefinitionBadges';
import {
  DEFAULT_STRATEGY,
  isBuiltIn,
  strategyDisplayName,
  strategyTitle,
  type StrategyDefinition,
} from '../definitions';
import {
  REALLY_DELETE,
  REALLY_DEPRECATE,
  REALLY_REACTIVATE,
  STRATEGY_DELETED,
  STRATEGY_DEPRECATED,
  STRATEGY_REACTIVATED,
} from '../messages';
import { useStrategyDefinitions } from '../api/queries';
import { useDeleteStrategy } from '../api/use-delete-strategy';
import { useDeprecateStrategy } from '../api/use-deprecate-strategy';
import { useReactivateStrategy } from '../api/use-reactivate-strategy';
import './strategies.css';

type Action = 'deprecate' | 'reactivate' | 'delete';

const CONFIRM: Record<Action, { title: string; label: string; done: string }> = {
  deprecate: { title: REALLY_DEPRECATE, label: 'Deprecate', done: STRATEGY_DEPRECATED },
  reactivate: { title: REALLY_REACTIVATE, label: 'Reactivate', done: STRATEGY_REACTIVATED },
  delete: { title: REALLY_DELETE, label: 'Delete', done: STRATEGY_DELETED },
};

/** Name (linked to its view), display name, description, badges and the permission-gated actions of one definition. */
function StrategyRow({ strategy, onAction }: { strategy: StrategyDefinition; onAction(action: Action): void }) {
  const navigate = useNavigate();
  const builtIn = isBuiltIn(strategy);
  const displayName = strategyDisplayName(strategy.name, strategy);
  return (
    <li className="sy-definition-row">
      <div>
        <Group gap="xs" wrap="wrap">
          <RouteLink
            to="/strategies/$activeTab/$strategyName"
            params={{ activeTab: 'view', strategyName: strategy.name }}
            fw={600}
            className="sy-touch-link"
          >
            {displayName}
          </RouteLink>
          {displayName !== strategy.name && <code className="sy-definition-name">{strategy.name}</code>}
          <DefinitionBadges definition={strategy} />
        </Group>
        {strategy.description && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {strategy.description}
          </Text>
        )}
      </div>
      <Group gap={4} className="sy-definition-actions">
        {strategy.deprecated ? (
          <PermissionButton
            permission="UPDATE_STRATEGY"
            variant="subtle"
            size="sm"
            leftSection={<IconEye size={18} aria-hidden />}
            onClick={() => onAction('reactivate')}
            aria-label={`Reactivate ${strategy.name}`}
          >
            Reactivate
          </PermissionButton>
        ) : (
          strategy.name !== DEFAULT_STRATEGY && (
            <PermissionButton
              permission="UPDATE_STRATEGY"
              variant="subtle"
              size="sm"
              leftSection={<IconEyeOff size={18} aria-hidden />}
              onClick={() => onAction('deprecate')}
              aria-label={`Deprecate ${strategy.name}`}
            >
              Deprecate
            </PermissionButton>
          )
        )}
        {!builtIn && (
          <>
            <PermissionButton
              permission="UPDATE_STRATEGY"
              variant="subtle"
              size="sm"
              leftSection={<IconPencil size={18} aria-hidden />}
              aria-label={`Edit ${strategy.name}`}
              onClick={() =>
                void navigate({
                  to: '/strategies/$activeTab/$strategyName',
                  params: { activeTab: 'edit', strategyName: strategy.name },
                })
              }
            >
              Edit
            </PermissionButton>
            <PermissionButton
              permission="DELETE_STRATEGY"
              variant="subtle"
              color="red"
              size="sm"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={() => onAction('delete')}
              aria-label={`Delete ${strategy.name}`}
            >
              Delete
            </PermissionButton>
          </>
        )}
      </Group>
    </li>
  );
}

/** /strategies: every definition, with deprecate/reactivate, edit and delete behind confirmations and permissions. */
export default function StrategiesPage() {
  const navigate = useNavigate();
  const strategies = useStrategyDefinitions();
  const actions = {
    delete: useDeleteStrategy(),
    deprecate: useDeprecateStrategy(),
    reactivate: useReactivateStrategy(),
  };
  const [pending, setPending] = useState<{ action: Action; name: string }>();

  const confirm = () => {
    if (!pending) return;
    const mutation = actions[pending.action];
    mutation.mutate(pending.name, {
      onSuccess: () => showToast(CONFIRM[pending.action].done, 'success'),
      onSettled: () => setPending(undefined),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          Strategies
        </Title>
        <PermissionButton
          permission="CREATE_STRATEGY"
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => void navigate({ to: '/strategies/create' })}
        >
          Add new strategy
        </PermissionButton>
      </Group>
      <Paper withBorder radius="md">
        {strategies.isPending ? (
          <Loader m="md" aria-label="Loading strategies" />
        ) : strategies.isError ? (
          <Text c="red.8" role="alert" p="md">
            {strategies.error.message}
          </Text>
        ) : strategies.data.length === 0 ? (
          <Text p="md">No strategies found</Text>
        ) : (
          <ul className="sy-definition-list" aria-label="Strategies">
            {strategies.data.map((strategy) => (
              <StrategyRow
                key={strategy.name}
                strategy={strategy}
                onAction={(action) => setPending({ action, name: strategy.name })}
              />
            ))}
          </ul>
        )}
      </Paper>
      {pending && (
        <ConfirmDialog
          title={CONFIRM[pending.action].title}
          confirmLabel={CONFIRM[pending.action].label}
          danger={pending.action !== 'reactivate'}
          loading={actions[pending.action].isPending}
          onConfirm={confirm}
          onClose={() => setPending(undefined)}
        >
          {strategyTitle(pending, strategies.data)} ({pending.name})
        </ConfirmDialog>
      )}
    </Stack>
  );
}
