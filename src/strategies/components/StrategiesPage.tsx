import { Group, Text } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { RouteLink } from '../../shared/ui/RouteLink';
import { PermissionButton } from '../../auth/PermissionControls';
import { CreateButton, DeleteButton, EditButton } from '../../auth/ListButtons';
import { ListPage, useConfirmation } from '../../shared/ui/ListPage';
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

/** Name (linked to its view), display name, description, badges and the permission-gated actions of one definition. */
function StrategyRow({ strategy, onAction }: { strategy: StrategyDefinition; onAction(action: Action): void }) {
  const navigate = useNavigate();
  const builtIn = isBuiltIn(strategy);
  // A deprecated definition can be reactivated; any other but the default one deprecated.
  const [stateAction, stateLabel, StateIcon] = strategy.deprecated
    ? (['reactivate', 'Reactivate', IconEye] as const)
    : (['deprecate', 'Deprecate', IconEyeOff] as const);
  const displayName = strategyDisplayName(strategy.name, strategy);
  return (
    <li className="sy-list-row">
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
        {(strategy.deprecated || strategy.name !== DEFAULT_STRATEGY) && (
          <PermissionButton
            permission="UPDATE_STRATEGY"
            variant="subtle"
            size="sm"
            leftSection={<StateIcon size={18} aria-hidden />}
            onClick={() => onAction(stateAction)}
            aria-label={`${stateLabel} ${strategy.name}`}
          >
            {stateLabel}
          </PermissionButton>
        )}
        {!builtIn && (
          <>
            <EditButton
              item={strategy.name}
              permission="UPDATE_STRATEGY"
              onClick={() =>
                void navigate({
                  to: '/strategies/$activeTab/$strategyName',
                  params: { activeTab: 'edit', strategyName: strategy.name },
                })
              }
            />
            <DeleteButton item={strategy.name} permission="DELETE_STRATEGY" onClick={() => onAction('delete')} />
          </>
        )}
      </Group>
    </li>
  );
}

/** /strategies: every definition, with deprecate/reactivate, edit and delete behind confirmations and permissions. */
export default function StrategiesPage() {
  const strategies = useStrategyDefinitions();
  const describe = (strategy: StrategyDefinition) => `${strategyTitle(strategy, strategies.data)} (${strategy.name})`;
  const variables = (strategy: StrategyDefinition) => strategy.name;
  const confirmations = {
    deprecate: useConfirmation({
      mutation: useDeprecateStrategy(),
      variables,
      title: REALLY_DEPRECATE,
      confirmLabel: 'Deprecate',
      describe,
      done: STRATEGY_DEPRECATED,
    }),
    reactivate: useConfirmation({
      mutation: useReactivateStrategy(),
      variables,
      title: REALLY_REACTIVATE,
      confirmLabel: 'Reactivate',
      danger: false,
      describe,
      done: STRATEGY_REACTIVATED,
    }),
    delete: useConfirmation({
      mutation: useDeleteStrategy(),
      variables,
      title: REALLY_DELETE,
      describe,
      done: STRATEGY_DELETED,
    }),
  };

  return (
    <ListPage
      title="Strategies"
      actions={
        <CreateButton permission="CREATE_STRATEGY" to="/strategies/create">
          Add new strategy
        </CreateButton>
      }
      query={strategies}
      loading="Loading strategies"
      empty="No strategies found"
      dialog={
        <>
          {confirmations.deprecate.dialog}
          {confirmations.reactivate.dialog}
          {confirmations.delete.dialog}
        </>
      }
    >
      {(strategy) => (
        <StrategyRow
          key={strategy.name}
          strategy={strategy}
          onAction={(action) => confirmations[action].ask(strategy)}
        />
      )}
    </ListPage>
  );
}
