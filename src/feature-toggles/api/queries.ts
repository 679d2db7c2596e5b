import { queryOptions, useQuery } from '@tanstack/react-query';
import { readThrough } from '../../offline/mirror';
import { api } from '../../shared/api/client';
import { useToggleMirror } from '../offline/context';
import { toggleKeys, type ToggleMirror } from '../offline/mirror';
import type { Tag } from '../../../contract/tags';
import { tagKeys } from '../../tags/api/queries';
import { classicPath, projectFeaturePath } from '../paths';
import type { LifecycleStep } from '../lifecycle';
import type { FeatureToggle, FeatureType, ProjectFeature, ToggleMetrics } from '../types';

export const ALL_PROJECTS = '*';
export const DEFAULT_FEATURE_TYPE = 'release';
/** How long the toggle list read from the server in this page counts as current. */
const LIST_FRESH_MS = 10_000;

/**
 * Query keys of the feature-toggle domain: every read of a toggle sits under ['features']. The list, one toggle and
 * its project shape are served by the offline mirror (first from IndexedDB, then from the network).
 */
export const featureKeys = {
  all: ['features'] as const,
  ...toggleKeys,
  tags: tagKeys.ofToggle,
  metrics: ['features', 'metrics'] as const,
  archive: ['archive'] as const,
  lifecycle: (project: string, name: string) => ['features', 'lifecycle', project, name] as const,
};

/** Every live toggle, served by `toggles` (the offline engine's mirror of them). */
export const featuresQuery = (toggles: ToggleMirror) =>
  queryOptions({
    queryKey: featureKeys.list(),
    queryFn: () =>
      readThrough(
        async () => toggles.receiveList((await api.get<{ features: FeatureToggle[] }>('api/admin/features')).features),
        toggles.listView,
      ),
    initialData: toggles.listView,
    initialDataUpdatedAt: toggles.listSyncTime,
    // The list a route's loader has just read is not read again when the page mounts; the mirror's stored list is.
    staleTime: (query) => (query.state.dataUpdateCount > 0 ? LIST_FRESH_MS : 0),
  });

/** One toggle (the classic shape); a 404 is shown by the screen. */
export const featureQuery = (toggles: ToggleMirror, name: string) =>
  queryOptions({
    queryKey: featureKeys.one(name),
    queryFn: () =>
      readThrough(
        async () => toggles.receiveToggle(await api.get<FeatureToggle>(classicPath(name))),
        () => toggles.classicOf(name),
      ),
    initialData: () => toggles.classicOf(name),
    initialDataUpdatedAt: () => toggles.syncedAt(name),
    meta: { inlineErrors: true },
    retry: false,
  });

/** The project shape of a toggle (the new view); a 404 is shown by the screen. */
export const projectFeatureQuery = (toggles: ToggleMirror, project: string, name: string) =>
  queryOptions({
    queryKey: featureKeys.project(project, name),
    queryFn: () =>
      readThrough(
        async () =>
          toggles.receiveProjectFeature(
            await api.get<ProjectFeature>(projectFeaturePath(project, name), { layer: 'project' }),
          ),
        () => toggles.projectFeatureOf(project, name),
      ),
    initialData: () => toggles.projectFeatureOf(project, name),
    initialDataUpdatedAt: () => toggles.syncedAt(name),
    meta: { inlineErrors: true },
    retry: false,
  });

/** GET api/admin/projects/{p}/features/{name}/lifecycle: the stages the toggle entered, with their times. */
export const lifecycleQuery = (project: string, name: string) =>
  queryOptions({
    queryKey: featureKeys.lifecycle(project, name),
    queryFn: () => api.get<LifecycleStep[]>(`${projectFeaturePath(project, name)}/lifecycle`, { layer: 'project' }),
    meta: { inlineErrors: true },
  });

/** GET api/admin/archive/features: the archived toggles, marked archived. */
export const archiveQuery = queryOptions({
  queryKey: featureKeys.archive,
  queryFn: async () =>
    (await api.get<{ features: FeatureToggle[] }>('api/admin/archive/features')).features.map((f) => ({
      ...f,
      archived: true,
    })),
});

export const featureTagsQuery = (name: string) =>
  queryOptions({
    queryKey: featureKeys.tags(name),
    queryFn: async () => (await api.get<{ tags: Tag[] }>(`${classicPath(name)}/tags`)).tags,
  });

/** GET api/admin/feature-types (reference data the offline mirror keeps). */
export const featureTypesQuery = queryOptions({
  queryKey: ['feature-types'],
  queryFn: async () => (await api.get<{ types: FeatureType[] }>('api/admin/feature-types')).types,
  staleTime: 5 * 60_000,
});

/** Usage counts for the metrics sort; a server without metrics gives an empty result. */
export const toggleMetricsQuery = queryOptions({
  queryKey: featureKeys.metrics,
  queryFn: () => api.get<ToggleMetrics>('api/admin/metrics/feature-toggles'),
  meta: { inlineErrors: true },
  staleTime: 10_000,
});

export function useFeatures() {
  return useQuery(featuresQuery(useToggleMirror()));
}

export function useFeature(name: string) {
  return useQuery(featureQuery(useToggleMirror(), name));
}

export function useProjectFeature(project: string, name: string) {
  return useQuery(projectFeatureQuery(useToggleMirror(), project, name));
}

export function useLifecycle(project: string, name: string) {
  return useQuery(lifecycleQuery(project, name));
}

export function useFeatureTags(name: string) {
  return useQuery(featureTagsQuery(name));
}

export function useFeatureTypes() {
  return useQuery(featureTypesQuery);
}

export function useToggleMetrics(enabled: boolean) {
  return useQuery({ ...toggleMetricsQuery, enabled });
}

export function useArchive(enabled = true) {
  return useQuery({ ...archiveQuery, enabled });
}
