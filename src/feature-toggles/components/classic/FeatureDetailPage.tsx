import { Loader, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Navigate, useNavigate } from '@tanstack/react-router';
import { RouteLink } from '../../../shared/ui/RouteLink';
import { statusOf } from '../../../shared/api/errors';
import { useFeature, useArchive } from '../../api/queries';
import type { FeatureToggle } from '../../types';
import { environmentsQuery } from '../../../environments/api/queries';
import { VariantsTab } from '../variants/VariantsTab';
import { MetricsTab } from '../common/MetricsTab';
import { FeatureHeader } from './FeatureHeader';
import { LogTab } from '../common/LogTab';
import { StrategyList } from './StrategyList';

/** The tabs: Activation, Metrics, Variants, Log; an archived toggle's are Metrics and Log. */
export const TABS = [
  { value: 'strategies', label: 'Activation' },
  { value: 'metrics', label: 'Metrics' },
  { value: 'variants', label: 'Variants' },
  { value: 'logs', label: 'Log' },
] as const;

function tabsFor(archived: boolean) {
  return archived ? TABS.filter((t) => t.value === 'metrics' || t.value === 'logs') : [...TABS];
}

function FeatureView({ feature, activeTab }: { feature: FeatureToggle; activeTab: string }) {
  const navigate = useNavigate();
  const archived = !!feature.archived;
  const project = feature.project ?? 'default';
  const tabs = tabsFor(archived);
  const environments = useQuery(environmentsQuery);
  const base = archived
    ? '/projects/$projectId/archived/$name/$activeTab'
    : '/projects/$projectId/features/$name/$activeTab';

  if (!tabs.some((t) => t.value === activeTab)) {
    return <Navigate to={base} params={{ projectId: project, name: feature.name, activeTab: tabs[0].value }} replace />;
  }
  return (
    <Stack gap="md">
      <FeatureHeader feature={feature} activeTab={activeTab} />
      {!archived && (
        // The classic page switches the default environment only; every environment has its switch in the new view.
        <RouteLink
          to="/projects/$projectId/features2/$featureId"
          params={{ projectId: project, featureId: feature.name }}
          className="sy-touch-link"
        >
          Every environment: open the new view
        </RouteLink>
      )}
      <Tabs
        value={activeTab}
        keepMounted={false}
        onChange={(tab) =>
          tab && void navigate({ to: base, params: { projectId: project, name: feature.name, activeTab: tab } })
        }
      >
        <Tabs.List aria-label="Feature toggle sections">
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="strategies" pt="md">
          <StrategyList feature={feature} />
        </Tabs.Panel>
        <Tabs.Panel value="metrics" pt="md">
          <MetricsTab feature={{ name: feature.name, environments: environments.data ?? [] }} />
        </Tabs.Panel>
        <Tabs.Panel value="variants" pt="md">
          <VariantsTab project={project} feature={feature.name} variants={feature.variants ?? []} />
        </Tabs.Panel>
        <Tabs.Panel value="logs" pt="md">
          <LogTab name={feature.name} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

const featureRoute = getRouteApi('/main/projects/$projectId/features/$name/$activeTab');
const archivedRoute = getRouteApi('/main/projects/$projectId/archived/$name/$activeTab');

/** /projects/{id}/features/{name}/{activeTab}: the classic detail page (GET api/admin/features/{name}). */
export default function FeatureDetailPage() {
  const { projectId, name, activeTab } = featureRoute.useParams();
  const feature = useFeature(name);
  if (feature.isPending) return <Loader aria-label="Loading feature toggle" />;
  if (feature.isError) {
    if (statusOf(feature.error) !== 404)
      return (
        <Text c="red.8" role="alert">
          {feature.error.message}
        </Text>
      );
    return (
      <Text role="alert">
        Could not find the toggle{' '}
        <RouteLink to="/projects/$projectId/create-toggle" params={{ projectId }} search={{ name }}>
          {name}
        </RouteLink>
      </Text>
    );
  }
  if (feature.data.archived) {
    return (
      <Navigate
        to="/projects/$projectId/archived/$name/$activeTab"
        params={{ projectId, name, activeTab: 'logs' }}
        replace
      />
    );
  }
  return <FeatureView feature={feature.data} activeTab={activeTab} />;
}

/** /projects/{id}/archived/{name}/{activeTab}: an archived toggle, from GET api/admin/archive/features. */
export function ArchivedFeaturePage() {
  const { name, activeTab } = archivedRoute.useParams();
  const archive = useArchive();
  if (archive.isPending) return <Loader aria-label="Loading feature toggle" />;
  if (archive.isError)
    return (
      <Text c="red.8" role="alert">
        {archive.error.message}
      </Text>
    );
  const feature = archive.data.find((f) => f.name === name);
  if (!feature) return <Text role="alert">Could not find the toggle</Text>;
  return <FeatureView feature={feature} activeTab={activeTab} />;
}
