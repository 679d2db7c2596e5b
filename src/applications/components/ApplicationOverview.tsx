import { Button, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { usePermission } from '../../auth/PermissionControls';
import { formatDateTime } from '../../shared/locale/format-date';
import { useLocale } from '../../shared/locale/locale';
import { RouteLink } from '../../shared/ui/RouteLink';
import type { ApplicationDetail, ImplementedStrategy, Instance, SeenToggle } from '../api/queries';
import { NOT_USED } from '../../feature-toggles/components/common/feature-usage';
import { DEFAULT_PROJECT } from '../../projects/api/queries';
import { MISSING_WANT_TO_CREATE, strategyNotFound, toggleNotFound } from '../messages';

/** Instances listed before 'Show all': an application may run on thousands of pods. */
const FIRST_INSTANCES = 50;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A line under a toggle's, strategy's or instance's name. */
const Note = ({ children }: { children: ReactNode }) => (
  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
    {children}
  </Text>
);

/** What the application uses that the server lacks: a link to create it, or (without permission) that it is missing. */
function Missing({
  name,
  allowed,
  create,
  missing,
}: {
  name: string;
  allowed: boolean;
  create: ReactNode;
  missing: string;
}) {
  return (
    <List.Item icon={<IconAlertTriangle size={18} aria-hidden color="var(--mantine-color-orange-8)" />}>
      {allowed ? create : <Text span>{name}</Text>}
      <Note>{allowed ? MISSING_WANT_TO_CREATE : missing}</Note>
    </List.Item>
  );
}

/** What the application uses that the server has: its link and description. */
function Known({ link, description }: { link: ReactNode; description?: string | null }) {
  return (
    <List.Item>
      {link}
      {description && <Note>{description}</Note>}
    </List.Item>
  );
}

function SeenToggles({ toggles }: { toggles: SeenToggle[] }) {
  const canCreate = usePermission('CREATE_FEATURE', DEFAULT_PROJECT);
  if (toggles.length === 0) return <Text c="dimmed">{NOT_USED}</Text>;
  return (
    <List spacing={0} listStyleType="none" p={0} aria-label="Toggles">
      {toggles.map((toggle) =>
        toggle.notFound || !toggle.project ? (
          <Missing
            key={toggle.name}
            name={toggle.name}
            allowed={canCreate}
            missing={toggleNotFound(toggle.name)}
            create={
              <RouteLink
                className="sy-touch-link sy-application-name"
                to="/projects/$projectId/create-toggle"
                params={{ projectId: DEFAULT_PROJECT }}
                search={{ name: toggle.name }}
              >
                {toggle.name}
              </RouteLink>
            }
          />
        ) : (
          <Known
            key={toggle.name}
            description={toggle.description}
            link={
              <RouteLink
                className="sy-touch-link sy-application-name"
                to="/projects/$projectId/features2/$featureId"
                params={{ projectId: toggle.project, featureId: toggle.name }}
              >
                {toggle.name}
              </RouteLink>
            }
          />
        ),
      )}
    </List>
  );
}

function Strategies({ strategies }: { strategies: ImplementedStrategy[] }) {
  const canCreate = usePermission('CREATE_STRATEGY');
  if (strategies.length === 0) return <Text c="dimmed">No strategies reported.</Text>;
  return (
    <List spacing={0} listStyleType="none" p={0} aria-label="Implemented strategies">
      {strategies.map((strategy) =>
        strategy.notFound ? (
          <Missing
            key={strategy.name}
            name={strategy.name}
            allowed={canCreate}
            missing={strategyNotFound(strategy.name)}
            create={
              <RouteLink
                className="sy-touch-link sy-application-name"
                to="/strategies/create"
                search={{ name: strategy.name }}
              >
                {strategy.name}
              </RouteLink>
            }
          />
        ) : (
          <Known
            key={strategy.name}
            description={strategy.description}
            link={
              <RouteLink
                className="sy-touch-link sy-application-name"
                to="/strategies/$activeTab/$strategyName"
                params={{ activeTab: 'view', strategyName: strategy.name }}
              >
                {strategy.name}
              </RouteLink>
            }
          />
        ),
      )}
    </List>
  );
}

function Instances({ instances }: { instances: Instance[] }) {
  const locale = useLocale();
  const [all, setAll] = useState(false);
  if (instances.length === 0) return <Text c="dimmed">No instances seen in the last two days.</Text>;
  const shown = all ? instances : instances.slice(0, FIRST_INSTANCES);
  return (
    <>
      <List spacing="xs" listStyleType="none" p={0} aria-label="Instances">
        {shown.map((instance) => (
          <List.Item key={`${instance.instanceId} ${instance.environment ?? ''}`}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {instance.instanceId}
              {instance.sdkVersion ? ` (${instance.sdkVersion})` : ''}
            </Text>
            <Note>
              {[
                instance.clientIp,
                instance.lastSeen && `last seen at ${formatDateTime(instance.lastSeen, locale)}`,
                instance.environment && `in ${instance.environment}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Note>
          </List.Item>
        ))}
      </List>
      {!all && instances.length > FIRST_INSTANCES && (
        <Button variant="default" onClick={() => setAll(true)} style={{ alignSelf: 'flex-start' }}>
          Show all {instances.length} instances
        </Button>
      )}
    </>
  );
}

/** The overview tab: the toggles it used in the last hour, the strategies it implements and its instances. */
export function ApplicationOverview({ app }: { app: ApplicationDetail }) {
  return (
    <Stack gap="lg">
      <div className="sy-application-columns">
        <Section id="application-toggles" title="Toggles">
          <SeenToggles toggles={app.seenToggles} />
        </Section>
        <Section id="application-strategies" title="Implemented strategies">
          <Strategies strategies={app.strategies} />
        </Section>
      </div>
      <Section id="application-instances" title={`Instances seen in the last two days (${app.instances.length})`}>
        <Instances instances={app.instances} />
      </Section>
    </Stack>
  );
}
