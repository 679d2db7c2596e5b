import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';

export interface Constraint {
  contextName: string;
  operator: string;
  values: string[];
}

export interface StrategyInstance {
  id?: string;
  name: string;
  parameters?: Record<string, string>;
  constraints?: Constraint[];
}

export interface Tag {
  type: string;
  value: string;
}

/** A toggle as GET api/admin/features (and /features/{name}, /archive/features) returns it. */
export interface FeatureToggle {
  name: string;
  description?: string | null;
  type?: string;
  project?: string;
  enabled?: boolean;
  stale?: boolean;
  archived?: boolean;
  strategies?: StrategyInstance[];
  variants?: unknown[] | null;
  createdAt?: string;
  lastSeenAt?: string | null;
}

export interface FeatureType {
  id: string;
  name: string;
  description?: string;
  lifetimeDays?: number | null;
}

export interface TagType {
  name: string;
  description?: string;
  icon?: string;
}

export interface ToggleMetrics {
  lastHour: Record<string, { yes: number; no: number }>;
  lastMinute: Record<string, { yes: number; no: number }>;
}

export const DEFAULT_PROJECT = 'default';
export const ALL_PROJECTS = '*';
export const DEFAULT_TAG_TYPE = 'simple';
export const DEFAULT_FEATURE_TYPE = 'release';

const path = (name: string) => `api/admin/features/${encodeURIComponent(name)}`;
const projectPath = (project: string, name: string) =>
  `api/admin/projects/${encodeURIComponent(project)}/features/${encodeURIComponent(name)}`;

/** Query keys of the feature-toggle domain: every read of a toggle sits under ['features']. */
export const featureKeys = {
  all: ['features'] as const,
  list: () => ['features', 'list'] as const,
  one: (name: string) => ['features', 'one', name] as const,
  tags: (name: string) => ['features', 'tags', name] as const,
  types: ['feature-types'] as const,
  tagTypes: ['tag-types'] as const,
  metrics: ['features', 'metrics'] as const,
};

export const featuresQuery = queryOptions({
  queryKey: featureKeys.list(),
  queryFn: async () => (await api.get<{ features: FeatureToggle[] }>('api/admin/features')).features,
});

export const featureQuery = (name: string) =>
  queryOptions({ queryKey: featureKeys.one(name), queryFn: () => api.get<FeatureToggle>(path(name)) });

export const featureTagsQuery = (name: string) =>
  queryOptions({
    queryKey: featureKeys.tags(name),
    queryFn: async () => (await api.get<{ tags: Tag[] }>(`${path(name)}/tags`)).tags,
  });

export const featureTypesQuery = queryOptions({
  queryKey: featureKeys.types,
  queryFn: async () => (await api.get<{ types: FeatureType[] }>('api/admin/feature-types')).types,
  staleTime: 5 * 60_000,
});

export const tagTypesQuery = queryOptions({
  queryKey: featureKeys.tagTypes,
  queryFn: async () => (await api.get<{ tagTypes: TagType[] }>('api/admin/tag-types')).tagTypes,
  staleTime: 60_000,
});

/** Usage counts for the metrics sort; a server without metrics gives an empty result. */
export const toggleMetricsQuery = queryOptions({
  queryKey: featureKeys.metrics,
  queryFn: () => api.get<ToggleMetrics>('api/admin/metrics/feature-toggles'),
  meta: { inlineErrors: true },
  staleTime: 10_000,
});

export function useFeatures() {
  return useQuery(featuresQuery);
}

export function useFeature(name: string) {
  return useQuery({ ...featureQuery(name), meta: { inlineErrors: true }, retry: false });
}

export function useFeatureTags(name: string) {
  return useQuery(featureTagsQuery(name));
}

export function useFeatureTypes() {
  return useQuery(featureTypesQuery);
}

export function useTagTypes() {
  return useQuery(tagTypesQuery);
}

export function useToggleMetrics(enabled: boolean) {
  return useQuery({ ...toggleMetricsQuery, enabled });
}

export interface NewFeature {
  name: string;
  type: string;
  project: string;
  description: string;
  enabled: boolean;
}

/** The default strategy the classic create form sends (part 1 section 5: at least one strategy). */
export const DEFAULT_STRATEGIES: StrategyInstance[] = [{ name: 'default', parameters: {}, constraints: [] }];

/** Server name check: POST api/admin/features/validate. */
export function validateFeatureName(name: string): Promise<void> {
  return api.post('api/admin/features/validate', { name });
}

/** Writes on toggles; each invalidates the reads it changes. Errors go to the snackbar unless a form shows them. */
export function useFeatureActions() {
  const queryClient = useQueryClient();
  const refresh = (name?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: featureKeys.list() }),
      name ? queryClient.invalidateQueries({ queryKey: featureKeys.one(name) }) : undefined,
      queryClient.invalidateQueries({ queryKey: ['archive'] }),
      queryClient.invalidateQueries({ queryKey: ['events'] }),
    ]);

  const toggle = useMutation({
    mutationFn: ({ name, enabled }: { name: string; enabled: boolean }) =>
      api.post(`${path(name)}/toggle/${enabled ? 'on' : 'off'}`),
    onMutate: async ({ name, enabled }) => {
      // The switch follows at once; the refetch settles it.
      await queryClient.cancelQueries({ queryKey: featureKeys.one(name) });
      queryClient.setQueryData<FeatureToggle>(featureKeys.one(name), (f) => (f ? { ...f, enabled } : f));
      queryClient.setQueryData<FeatureToggle[]>(featureKeys.list(), (list) =>
        list?.map((f) => (f.name === name ? { ...f, enabled } : f)),
      );
    },
    onSettled: (_d, _e, { name }) => refresh(name),
  });

  const setStale = useMutation({
    mutationFn: ({ name, stale }: { name: string; stale: boolean }) => api.post(`${path(name)}/stale/${stale ? 'on' : 'off'}`),
    onSettled: (_d, _e, { name }) => refresh(name),
  });

  const update = useMutation({
    mutationFn: ({ feature, changes }: { feature: FeatureToggle; changes: { description?: string; type?: string } }) =>
      api.patch(
        projectPath(feature.project ?? DEFAULT_PROJECT, feature.name),
        Object.entries(changes).map(([key, value]) => ({ op: 'replace', path: `/${key}`, value })),
        { layer: 'project' },
      ),
    onSettled: (_d, _e, { feature }) => refresh(feature.name),
  });

  const changeProject = useMutation({
    mutationFn: ({ feature, newProjectId }: { feature: FeatureToggle; newProjectId: string }) =>
      api.post(`${projectPath(feature.project ?? DEFAULT_PROJECT, feature.name)}/changeProject`, { newProjectId }),
    meta: { inlineErrors: true },
    onSettled: (_d, _e, { feature }) => refresh(feature.name),
  });

  const archive = useMutation({
    mutationFn: (name: string) => api.delete(path(name)),
    onSuccess: (_d, name) => {
      queryClient.removeQueries({ queryKey: featureKeys.one(name) });
      return refresh();
    },
  });

  const revive = useMutation({
    mutationFn: (name: string) => api.post(`api/admin/archive/revive/${encodeURIComponent(name)}`),
    onSettled: (_d, _e, name) => refresh(name),
  });

  const addTag = useMutation({
    mutationFn: ({ name, tag }: { name: string; tag: Tag }) => api.post<Tag>(`${path(name)}/tags`, tag),
    meta: { inlineErrors: true },
    onSuccess: (_d, { name }) => queryClient.invalidateQueries({ queryKey: featureKeys.tags(name) }),
  });

  const removeTag = useMutation({
    mutationFn: ({ name, tag }: { name: string; tag: Tag }) =>
      api.delete(`${path(name)}/tags/${encodeURIComponent(tag.type)}/${encodeURIComponent(tag.value)}`),
    onSettled: (_d, _e, { name }) => queryClient.invalidateQueries({ queryKey: featureKeys.tags(name) }),
  });

  /** Classic create: POST api/admin/features with the default strategy. */
  const create = useMutation({
    mutationFn: (feature: NewFeature) => api.post<FeatureToggle>('api/admin/features', { ...feature, strategies: DEFAULT_STRATEGIES }),
    meta: { inlineErrors: true },
    onSuccess: () => refresh(),
  });

  /**
   * New form: POST api/admin/projects/{project}/features. That call takes no `enabled` (as in Unleash 4), so an
   * enabled toggle is then turned on with the classic toggle/on call.
   */
  const createInProject = useMutation({
    mutationFn: async ({ project, enabled, ...feature }: NewFeature) => {
      const created = await api.post<FeatureToggle>(`api/admin/projects/${encodeURIComponent(project)}/features`, feature, {
        layer: 'project',
      });
      if (enabled) await api.post(`api/admin/features/${encodeURIComponent(feature.name)}/toggle/on`);
      return created;
    },
    meta: { inlineErrors: true },
    onSuccess: () => refresh(),
  });

  const clone = useMutation({
    mutationFn: ({ project, name, newName, replaceGroupId }: { project: string; name: string; newName: string; replaceGroupId: boolean }) =>
      api.post<FeatureToggle>(`${projectPath(project, name)}/clone`, { name: newName, replaceGroupId }, { layer: 'project' }),
    meta: { inlineErrors: true },
    onSuccess: () => refresh(),
  });

  return { toggle, setStale, update, changeProject, archive, revive, addTag, removeTag, create, createInProject, clone };
}
