import { Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { getRouteApi, Navigate, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { usePermission } from '../../auth/PermissionControls';
import { showToast } from '../../shared/messages/toast';
import { definitionFormValues, isBuiltIn, strategyDisplayName, type StrategyDefinition } from '../definitions';
import { DefinitionBadges } from './DefinitionBadges';
import { MissingDefinition } from './MissingDefinition';
import { STRATEGY_UPDATED } from '../messages';
import { StrategyDefinitionForm } from './StrategyDefinitionForm';
import { useDefinitionForm } from './use-definition-form';
import { useStrategyDefinitions } from '../api/queries';
import { useUpdateStrategy } from '../api/use-update-strategy';
import './strategies.css';

const route = getRouteApi('/main/strategies/$activeTab/$strategyName');

const TABS = [
  { value: 'view', label: 'Details' },
  { value: 'edit', label: 'Edit' },
];

/** The toggles that use a definition: drawn by the feature-toggle domain, which sits above this one. */
type TogglesUsing = (name: string) => ReactNode;

function Details({ strategy, togglesUsing }: { strategy: StrategyDefinition; togglesUsing: TogglesUsing }) {
  return (
    <Stack gap="lg">
      <Stack gap="xs" component="section" aria-labelledby="strategy-parameters">
        <Title order={2} size="h4" id="strategy-parameters">
          Parameters
        </Title>
        {strategy.parameters.length === 0 ? (
          <Text c="dimmed">This strategy has no parameters.</Text>
        ) : (
          <dl className="sy-definition-params">
            {strategy.parameters.map((p) => (
              <div key={p.name}>
                <dt>
                  <code>{p.name}</code>{' '}
                  <Text span size="sm" c="dimmed">
                    ({p.type}
                    {p.required ? ', required' : ''})
                  </Text>
                </dt>
                <dd>
                  {p.description || (
                    <Text span c="dimmed" size="sm">
                      No description
                    </Text>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="strategy-toggles">
        <Title order={2} size="h4" id="strategy-toggles">
          Toggles using this strategy
        </Title>
        {togglesUsing(strategy.name)}
      </Stack>
    </Stack>
  );
}

function EditDefinition({ strategy }: { strategy: StrategyDefinition }) {
  const navigate = useNavigate();
  const update = useUpdateStrategy();
  const toView = () =>
    navigate({
      to: '/strategies/$activeTab/$strategyName',
      params: { activeTab: 'view', strategyName: strategy.name },
    });
  const form = useDefinitionForm(definitionFormValues(strategy), {
    editMode: true,
    submit: (values) => update.mutateAsync(values),
    onSaved: () => {
      showToast(STRATEGY_UPDATED, 'success');
      return toView();
    },
  });
  return <StrategyDefinitionForm form={form} onCancel={() => void toView()} />;
}

/**
 * /strategies/{view|edit}/{strategyName}: Details (with the toggles using it, `togglesUsing`), and Edit for an
 * editable strategy when the user may update it.
 */
export function StrategyViewPage({ togglesUsing }: { togglesUsing: TogglesUsing }) {
  const { activeTab, strategyName } = route.useParams();
  const navigate = useNavigate();
  const strategies = useStrategyDefinitions();
  const canUpdate = usePermission('UPDATE_STRATEGY');

  if (strategies.isPending) return <Loader aria-label="Loading strategy" />;
  if (strategies.isError)
    return (
      <Text c="red.8" role="alert">
        {strategies.error.message}
      </Text>
    );
  const strategy = strategies.data.find((s) => s.name === strategyName);
  if (!strategy) return <MissingDefinition name={strategyName} />;

  const editable = !isBuiltIn(strategy) && canUpdate;
  const tab = editable && activeTab === 'edit' ? 'edit' : 'view';
  if (tab !== activeTab) {
    return <Navigate to="/strategies/$activeTab/$strategyName" params={{ activeTab: tab, strategyName }} replace />;
  }
  const displayName = strategyDisplayName(strategy.name, strategy);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Stack gap={4}>
          <Group gap="xs" wrap="wrap">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {displayName}
            </Title>
            {displayName !== strategy.name && <code className="sy-definition-name">{strategy.name}</code>}
            <DefinitionBadges definition={strategy} />
          </Group>
          {strategy.description && <Text style={{ overflowWrap: 'anywhere' }}>{strategy.description}</Text>}
        </Stack>
        {editable ? (
          <Tabs
            value={tab}
            keepMounted={false}
            onChange={(value) =>
              value &&
              void navigate({ to: '/strategies/$activeTab/$strategyName', params: { activeTab: value, strategyName } })
            }
          >
            <Tabs.List aria-label="Strategy sections">
              {TABS.map((t) => (
                <Tabs.Tab key={t.value} value={t.value}>
                  {t.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="view" pt="md">
              <Details strategy={strategy} togglesUsing={togglesUsing} />
            </Tabs.Panel>
            <Tabs.Panel value="edit" pt="md">
              <EditDefinition strategy={strategy} />
            </Tabs.Panel>
          </Tabs>
        ) : (
          <Details strategy={strategy} togglesUsing={togglesUsing} />
        )}
      </Stack>
    </Paper>
  );
}
