import { Loader, Stack, Tabs, Text } from '@mantine/core';
import { getRouteApi, Navigate, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { statusOf } from '../../../shared/api/errors';
import { RouteLink } from '../../../shared/ui/RouteLink';
import { useUiConfig } from '../../../ui-config/api/queries';
import { LogTab } from '../common/LogTab';
import { useProjectFeature } from '../../api/queries';
import type { ProjectFeature } from '../../types';
import { VariantsTab } from '../variants/VariantsTab';
import { FeatureViewHeader, shortName } from './FeatureViewHeader';
import { MetricsTab } from '../common/MetricsTab';
import { CompareTab } from '../compare/CompareTab';
import { OverviewTab } from './OverviewTab';
import { SettingsTab } from './SettingsTab';
import { StrategiesTab } from './StrategiesTab';
import { FEATURE_VIEW_TABS, isFeatureViewTab, OVERVIEW_TAB, type FeatureViewTab } from './view-search';
import './view.css';

const overviewRoute = getRouteApi('/main/projects/$projectId/features2/$featureId');
const tabRoute = getRouteApi('/main/projects/$projectId/features2/$featureId/$activeTab');

interface ViewParams {
  projectId: string;
  featureId: string;
  activeTab?: string;
}

/** The feature does not exist: its name (cut to 30 characters) and a link to create it. */
function FeatureNotFound({ projectId, featureId }: { projectId: string; featureId: string }) {
  const newForm = useUiConfig().data?.flags.E === true;
  return (
    <Text role="alert" style={{ overflowWrap: 'anywhere' }}>
      The feature <strong>{shortName(featureId)}</strong> does not exist. Do you want to{' '}
      <RouteLink
        to={newForm ? '/projects/$projectId/create-toggle2' : '/projects/$projectId/create-toggle'}
        params={{ projectId }}
        search={{ name: featureId }}
      >
        create it
      </RouteLink>
      ?
    </Text>
  );
}

function TabContent({ tab, feature }: { tab: FeatureViewTab; feature: ProjectFeature }) {
  switch (tab) {
    case 'overview':
      return <OverviewTab feature={feature} />;
    case 'strategies':
      return <StrategiesTab feature={feature} />;
    case 'metrics':
      return <MetricsTab feature={feature} />;
    case 'variants':
      return <VariantsTab project={feature.project} feature={feature.name} variants={feature.variants ?? []} />;
    case 'compare':
      return <CompareTab feature={feature} />;
    case 'settings':
      return <SettingsTab feature={feature} />;
    case 'logs':
      return <LogTab name={feature.name} />;
  }
}

/** /projects/{projectId}/features2/{featureId}: the new feature view (flagged), at its Overview. */
export default function FeatureViewPage() {
  return <FeatureView {...overviewRoute.useParams()} />;
}

/** /projects/{projectId}/features2/{featureId}/{activeTab}: the new feature view at another tab. */
export function FeatureViewTabPage() {
  return <FeatureView {...tabRoute.useParams()} />;
}

function FeatureView({ projectId, featureId, activeTab }: ViewParams) {
  const navigate = useNavigate();
  const feature = useProjectFeature(projectId, featureId);
  const tab = activeTab ?? OVERVIEW_TAB;
  const tabList = useRef<HTMLDivElement>(null);
  // On a phone the tab bar scrolls sideways: keep the open tab in sight.
  useEffect(() => {
    tabList.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab, feature.isSuccess]);

  if (!isFeatureViewTab(tab) || activeTab === OVERVIEW_TAB) {
    return <Navigate to="/projects/$projectId/features2/$featureId" params={{ projectId, featureId }} replace />;
  }
  if (feature.isPending) return <Loader aria-label="Loading feature toggle" />;
  if (feature.isError && statusOf(feature.error) === 404)
    return <FeatureNotFound projectId={projectId} featureId={featureId} />;
  // Any other failure keeps what is shown (a failed poll of the Strategies tab included); only without data it shows.
  if (!feature.data) {
    return (
      <Text c="red.8" role="alert">
        {feature.error?.message}
      </Text>
    );
  }

  const select = (value: string | null) => {
    if (!value || value === tab) return;
    void navigate(
      value === OVERVIEW_TAB
        ? { to: '/projects/$projectId/features2/$featureId', params: { projectId, featureId } }
        : {
            to: '/projects/$projectId/features2/$featureId/$activeTab',
            params: { projectId, featureId, activeTab: value },
          },
    );
  };

  return (
    <Stack gap="md">
      <FeatureViewHeader feature={feature.data} />
      <Tabs value={tab} keepMounted={false} onChange={select} className="sy-view-tabs">
        <Tabs.List aria-label="Feature toggle sections" ref={tabList}>
          {FEATURE_VIEW_TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab} pt="md">
          <TabContent tab={tab} feature={feature.data} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
