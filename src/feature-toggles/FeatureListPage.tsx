import { Badge, Group, Loader, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconArchive, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { memo, useCallback, useMemo, useState } from 'react';
import { RouteLink } from '../shared/ui/RouteLink';
import { VirtualList } from '../shared/ui/VirtualList';
import { PermissionButton, PermissionSwitch } from '../auth/PermissionControls';
import { useProjects } from '../projects/api/queries';
import { useUiConfig } from '../ui-config/api/queries';
import {
  DESCRIPTION_MAX_LENGTH,
  filterFeatures,
  indexFeatures,
  lastSeen,
  NAME_MAX_LENGTH,
  SORT_OPTIONS,
  sortFeatures,
  truncate,
  type IndexedFeature,
  type SortKey,
} from './feature-list';
import { ALL_PROJECTS, DEFAULT_PROJECT, useFeatures, useToggleMetrics } from './api/queries';
import type { FeatureToggle } from './api/types';
import { useToggleFeature } from './api/use-toggle-feature';

/** Search debounce (part 1 section 9). */
export const SEARCH_DEBOUNCE_MS = 500;

const FeatureRow = memo(function FeatureRow({
  feature,
  onToggle,
}: {
  feature: FeatureToggle;
  onToggle(name: string, enabled: boolean): void;
}) {
  const project = feature.project ?? DEFAULT_PROJECT;
  const seen = lastSeen(feature.lastSeenAt);
  return (
    <div className="sy-feature-row">
      <PermissionSwitch
        permission="UPDATE_FEATURE"
        project={project}
        checked={!!feature.enabled}
        onChange={(enabled) => onToggle(feature.name, enabled)}
        aria-label={`Toggle ${feature.name}`}
        size="md"
        className="sy-row-switch"
      />
      <div className="sy-feature-main">
        <Link
          to="/projects/$projectId/features/$name/$activeTab"
          params={{ projectId: project, name: feature.name, activeTab: 'strategies' }}
          className="sy-feature-link"
          title={feature.name}
        >
          {truncate(feature.name, NAME_MAX_LENGTH)}
        </Link>
        <Text size="sm" c="dimmed" className="sy-ellipsis" title={feature.description ?? undefined}>
          {truncate(feature.description, DESCRIPTION_MAX_LENGTH)}
        </Text>
      </div>
      <Group gap={6} className="sy-feature-meta" wrap="nowrap">
        {seen && (
          <Badge
            color={seen.color}
            variant="light"
            aria-label={`Last seen ${seen.text}`}
            title={`Last seen ${seen.text}`}
          >
            {seen.text}
          </Badge>
        )}
        {feature.type && (
          <Badge color="gray" variant="outline">
            {feature.type}
          </Badge>
        )}
        {feature.stale && (
          <Badge color="red" variant="filled">
            Stale
          </Badge>
        )}
        <Badge color="indigo" variant="light" className="sy-desktop-only">
          {project}
        </Badge>
      </Group>
    </div>
  );
});

/** /features: search, archive link, sort, project filter (flag P), create button, and a windowed list of toggles. */
export default function FeatureListPage() {
  const features = useFeatures();
  const flags = useUiConfig().data?.flags ?? {};
  const projectsEnabled = flags.P === true;
  const projects = useProjects(projectsEnabled);
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<SortKey>('name');
  const [project, setProject] = useState(ALL_PROJECTS);
  const metrics = useToggleMetrics(sort === 'metrics');
  const { mutate: toggle } = useToggleFeature();
  const navigate = useNavigate();
  const wide = useMediaQuery('(min-width: 700px)');
  const rowHeight = wide ? 76 : 112;

  const indexed = useMemo(() => indexFeatures(features.data ?? []), [features.data]);
  const filtered = useMemo(
    () => filterFeatures(indexed, query, projectsEnabled ? project : ALL_PROJECTS),
    [indexed, query, project, projectsEnabled],
  );
  const sorted = useMemo(() => sortFeatures(filtered, sort, metrics.data), [filtered, sort, metrics.data]);
  const onToggle = useCallback((name: string, enabled: boolean) => toggle({ name, enabled }), [toggle]);

  const createProject = projectsEnabled && project !== ALL_PROJECTS ? project : DEFAULT_PROJECT;
  const toCreate = () => navigate({ to: '/projects/$projectId/create-toggle', params: { projectId: createProject } });
  const total = features.data?.length ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        {/* The count is beside the heading, not in it: the heading is the page's largest paint, done before the
            list has loaded, and text added to it later would count as a new largest paint. */}
        <Group gap={8} align="baseline" wrap="nowrap">
          <Title order={1} size="h2">
            Feature toggles
          </Title>
          {features.data && (
            <Text span c="dimmed" fz="h2" fw="var(--mantine-h2-font-weight)" lh="var(--mantine-h2-line-height)">
              ({total})
            </Text>
          )}
        </Group>
        <PermissionButton
          permission="CREATE_FEATURE"
          project={createProject}
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={toCreate}
        >
          Create feature toggle
        </PermissionButton>
      </Group>
      <Paper withBorder radius="md" p="sm">
        <div className="sy-list-toolbar">
          <TextInput
            className="sy-search"
            type="search"
            label="Search"
            placeholder="Search by name or description"
            leftSection={<IconSearch size={18} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <NativeSelect
            label="Sort by"
            value={sort}
            data={SORT_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
            onChange={(e) => setSort(e.currentTarget.value as SortKey)}
          />
          {projectsEnabled && (
            <NativeSelect
              label="Project"
              value={project}
              data={[
                { value: ALL_PROJECTS, label: 'All projects' },
                ...(projects.data ?? []).map((p) => ({ value: p.id, label: p.name || p.id })),
              ]}
              onChange={(e) => setProject(e.currentTarget.value)}
            />
          )}
          <RouteLink to="/archive" className="sy-touch-link sy-archive-link">
            <IconArchive size={18} aria-hidden style={{ marginRight: 6 }} />
            Archive
          </RouteLink>
        </div>
      </Paper>
      {features.isPending && (
        // The list's place, kept while it loads (the status line and a screen's height), so nothing below jumps.
        <>
          <Text size="sm" aria-hidden>
            &nbsp;
          </Text>
          <Paper withBorder radius="md" h="100dvh" pt="xl" ta="center">
            <Loader aria-label="Loading feature toggles" />
          </Paper>
        </>
      )}
      {features.isError && (
        <Text c="red.8" role="alert">
          {features.error.message}
        </Text>
      )}
      {features.data?.length === 0 && (
        <Paper withBorder p="xl" radius="md" ta="center">
          <Stack align="center" gap="sm">
            <Text fw={600}>No feature toggles added yet.</Text>
            <PermissionButton permission="CREATE_FEATURE" project={createProject} variant="light" onClick={toCreate}>
              Add your first toggle
            </PermissionButton>
          </Stack>
        </Paper>
      )}
      {total > 0 && (
        <>
          <Text size="sm" c="dimmed" role="status">
            {sorted.length === total ? `${total} feature toggles` : `${sorted.length} of ${total} feature toggles`}
          </Text>
          <Paper withBorder radius="md" className="sy-feature-list">
            <VirtualList
              items={sorted}
              rowHeight={rowHeight}
              label="Feature toggles"
              getKey={(item: IndexedFeature) => item.feature.name}
              renderRow={(item: IndexedFeature) => <FeatureRow feature={item.feature} onToggle={onToggle} />}
            />
          </Paper>
        </>
      )}
    </Stack>
  );
}
