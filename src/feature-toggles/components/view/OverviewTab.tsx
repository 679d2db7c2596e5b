import '@mantine/core/styles/Accordion.css';
import { Accordion, Badge, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PermissionSwitch } from '../../../auth/PermissionControls';
import { useChangeRequestConfig } from '../../../change-requests/api/queries';
import { REQUESTS_NEEDED } from '../../../change-requests/messages';
import { usePendingChanges } from '../../../offline/context';
import { strategyTitle } from '../../../strategies/definitions';
import { useStrategyDefinitions } from '../../../strategies/api/queries';
import { StrategySummary } from '../../../strategies/components/StrategySummary';
import type { ProjectFeature } from '../../types';
import { switchName, type Flip } from '../switches/flip';
import { useEnvironmentFlip } from '../switches/use-environment-flip';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { DependencyPanel } from './DependencyPanel';
import { LifecyclePanel } from './LifecyclePanel';
import { refusedForNoStrategies } from './environment-toggle';
import { EMPTY_USAGE, NOT_USED, usageIn, useFeatureUsage, type FeatureUsage } from '../common/feature-usage';
import { NoStrategiesDialog } from './NoStrategiesDialog';
import { UsageCounts } from '../common/UsageCounts';
import { TriggersPanel } from '../../../triggers/components/TriggersPanel';

type Environment = ProjectFeature['environments'][number];

/** The yes/no counts of the last hour in one environment, or the not-used note. */
function UsageBlock({ usage, environment }: { usage: FeatureUsage; environment: string }) {
  const counts = usageIn(usage, environment);
  if (counts) return <UsageCounts counts={counts} environment={environment} />;
  return (
    <Text size="sm" c="dimmed">
      {NOT_USED}
    </Text>
  );
}

/**
 * The status panel: each environment with its on/off switch (the change is queued; the queue reports the server's
 * answer). Turning on an environment without strategies, or the server refusing it for that reason, opens the
 * dialog that offers to add a strategy. An environment that takes changes through change requests says so.
 */
export function EnvironmentsPanel({ feature, onFlip }: { feature: ProjectFeature; onFlip(flip: Flip): void }) {
  const [needsStrategy, setNeedsStrategy] = useState<string>();
  const entries = usePendingChanges();
  // Refusals from before this panel opened were reported then; only new ones open the dialog.
  const [seen, setSeen] = useState(() =>
    entries.flatMap((entry) => (entry.state === 'failed' && entry.seq !== undefined ? [entry.seq] : [])),
  );
  const refused = refusedForNoStrategies(entries, feature.name);
  const refusedEnvironment =
    refused && !seen.includes(refused.seq ?? -1) && refused.change.kind === 'environment'
      ? refused.change.environment
      : undefined;
  const dialogEnvironment = needsStrategy ?? refusedEnvironment;
  const requests = useChangeRequestConfig(feature.project).data;
  const describe = (environment: Environment) =>
    [
      environment.type && `${environment.type} environment`,
      requests?.some((c) => c.environment === environment.name && c.changeRequestsEnabled) && REQUESTS_NEEDED,
    ]
      .filter(Boolean)
      .join(' · ');

  const change = (environment: Environment, enabled: boolean) => {
    if (enabled && environment.strategies.length === 0) setNeedsStrategy(environment.name);
    else onFlip({ project: feature.project, feature: feature.name, environment, enabled });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="overview-status">
      <Title order={2} size="h4" id="overview-status" mb="xs">
        Environments
      </Title>
      {feature.environments.length === 0 ? (
        <Text c="dimmed">No environments available.</Text>
      ) : (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {feature.environments.map((environment) => (
            <li key={environment.name}>
              <PermissionSwitch
                permission="UPDATE_FEATURE"
                project={feature.project}
                size="lg"
                label={environment.name}
                aria-label={switchName(feature.name, environment.name)}
                description={describe(environment)}
                checked={environment.enabled}
                onChange={(enabled) => change(environment, enabled)}
              />
            </li>
          ))}
        </Stack>
      )}
      {dialogEnvironment && (
        <NoStrategiesDialog
          project={feature.project}
          feature={feature.name}
          environment={dialogEnvironment}
          onClose={() => {
            setNeedsStrategy(undefined);
            if (refused?.seq !== undefined) setSeen((list) => [...list, refused.seq as number]);
          }}
        />
      )}
    </Paper>
  );
}

/**
 * Overview: the status panel of environments with their switches, the lifecycle, the dependency and the triggers, and
 * per environment its running strategies.
 */
export function OverviewTab({ feature }: { feature: ProjectFeature }) {
  const usage = useFeatureUsage(feature.name).data ?? EMPTY_USAGE;
  const definitions = useStrategyDefinitions().data;
  const { flip, dialog } = useEnvironmentFlip();

  return (
    <div className="sy-overview">
      <Stack gap="md">
        <EnvironmentsPanel feature={feature} onFlip={flip} />
        <LifecyclePanel toggle={{ project: feature.project, name: feature.name }} />
        <DependencyPanel feature={feature} />
        <TriggersPanel toggle={feature} />
      </Stack>
      {dialog}
      <Accordion
        multiple
        variant="separated"
        radius="md"
        chevronSize={20}
        defaultValue={feature.environments.filter((e) => e.enabled).map((e) => e.name)}
      >
        {feature.environments.map((environment) => (
          <Accordion.Item key={environment.name} value={environment.name}>
            <Accordion.Control>
              <Group gap="xs" wrap="wrap">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {environment.name}
                </Text>
                <Badge variant="light" color={environment.enabled ? 'green' : 'gray'}>
                  {environment.enabled ? 'On' : 'Off'}
                </Badge>
                <Text size="sm" c="dimmed">
                  {environment.strategies.length === 1 ? '1 strategy' : `${environment.strategies.length} strategies`}
                </Text>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                {environment.strategies.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No strategies in this environment.
                  </Text>
                ) : (
                  <Stack
                    gap="xs"
                    component="ul"
                    p={0}
                    m={0}
                    style={{ listStyle: 'none' }}
                    aria-label={`Strategies in ${environment.name}`}
                  >
                    {environment.strategies.map((strategy, index) => (
                      <li key={strategy.id ?? index}>
                        {index > 0 && <Divider label="OR" labelPosition="center" my={4} />}
                        <Text fw={600} size="sm">
                          {strategyTitle(strategy, definitions)}
                        </Text>
                        <StrategySummary strategy={strategy} />
                      </li>
                    ))}
                  </Stack>
                )}
                <Divider />
                <Text size="sm" fw={600}>
                  Last hour
                </Text>
                <UsageBlock usage={usage} environment={environment.name} />
                <ButtonLink
                  variant="light"
                  style={{ alignSelf: 'flex-start' }}
                  to="/projects/$projectId/features2/$featureId/$activeTab"
                  params={{ projectId: feature.project, featureId: feature.name, activeTab: 'strategies' }}
                  search={{ environment: environment.name }}
                >
                  Edit strategies
                </ButtonLink>
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </div>
  );
}
