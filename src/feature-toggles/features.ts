import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../shared/api/client';
import {
  classicOf,
  listSyncTime,
  listView,
  noteVersion,
  projectFeatureOf,
  readThrough,
  receiveList,
  receiveProjectFeature,
  receiveToggle,
  syncedAt,
  toggleKeys,
} from '../offline/mirror';
import { queueChange } from '../offline/offline';
import type { Variant } from './variants/variants';

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
  sortOrder?: number;
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
  variants?: Variant[] | null;
  createdAt?: string;
  lastSeenAt?: string | null;
  /** Bumped by the server on every change of the toggle (its ETag); absent on servers without versions. */
  version?: number;
}

/** One environment of a toggle, as GET api/admin/projects/{project}/features/{name} returns it. */
export interface FeatureEnvironment {
  name: string;
  type?: string;
  enabled: boolean;
  sortOrder?: number;
  strategies: StrategyInstance[];
}

/** GET api/admin/projects/{project}/features/{name}: the toggle with every environment and its strategies. */
export interface ProjectFeature {
  name: string;
  description?: string | null;
  type?: string;
  project: string;
  stale?: boolean;
  variants?: Variant[] | null;
  createdAt?: string;
  lastSeenAt?: string | null;
  archived?: boolean;
  version?: number;
  environments: FeatureEnvironment[];
}

/** GET api/admin/environments */
export interface Environment {
  name: string;
  type: string;
  sortOrder?: number;
  enabled?: boolean;
  protected?: boolean;
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

/**
 * Query keys of the feature-toggle domain: every read of a toggle sits under ['features']. The list, one toggle and
 * its project shape are served by the offline mirror (first from IndexedDB, then from the network).
 */
export const featureKeys = {
  all: ['features'] as const,
  ...toggleKeys,
  tags: (name: string) => ['features', 'tags', name] as const,
  types: ['feature-types'] as const,
  tagTypes: ['tag-types'] as const,
  metrics: ['features', 'metrics'] as const,
  environments: ['environments'] as const,
};

export const featuresQuery = queryOptions({
  queryKey: featureKeys.list(),
  queryFn: () => readThrough(async () => receiveList((await api.get<{ features: FeatureToggle[] }>('api/admin/features')).features), listView),
  initialData: listView,
  initialDataUpdatedAt: listSyncTime,
});

export const featureQuery = (name: string) =>
  queryOptions({
    queryKey: featureKeys.one(name),
    queryFn: () => readThrough(async () => receiveToggle(await api.get<FeatureToggle>(path(name))), () => classicOf(name)),
    initialData: () => classicOf(name),
    initialDataUpdatedAt: () => syncedAt(name),
  });

export const projectFeatureQuery = (project: string, name: string) =>
  queryOptions({
    queryKey: featureKeys.project(project, name),
    queryFn: () =>
      readThrough(
        async () => receiveProjectFeature(await api.get<ProjectFeature>(projectPath(project, name), { layer: 'project' })),
        () => projectFeatureOf(project, name),
      ),
    initialData: () => projectFeatureOf(project, name),
    initialDataUpdatedAt: () => syncedAt(name),
  });

/** The environments (reference data the offline mirror keeps; definitions and context fields: src/strategies). */
export const environmentsQuery = queryOptions({
  queryKey: featureKeys.environments,
  queryFn: async () => (await api.get<{ environments: Environment[] }>('api/admin/environments')).environments,
  staleTime: 60_000,
});

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

/** The project shape of a toggle (the new view); a 404 is shown by the screen. */
export function useProjectFeature(project: string, name: string) {
  return useQuery({ ...projectFeatureQuery(project, name), meta: { inlineErrors: true }, retry: false });
}

export function useEnvironments() {
  return useQuery(environmentsQuery);
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

/**
 * Writes on toggles; each invalidates the reads it changes. Errors go to the snackbar unless a form shows them. The
 * flips go through the offline queue; the other writes are made online, and those that answer with the toggle's
 * new version (ETag) hand it to the mirror for the queue's next change.
 */
export function useFeatureActions() {
  const queryClient = useQueryClient();
  const refresh = (name?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: featureKeys.list() }),
      name ? queryClient.invalidateQueries({ queryKey: featureKeys.one(name) }) : undefined,
      queryClient.invalidateQueries({ queryKey: ['archive'] }),
      queryClient.invalidateQueries({ queryKey: ['events'] }),
    ]);

  // Each flip resolves once the change is queued and shown; the queue sends it and reports the server's answer.
  const toggle = useMutation({
    mutationFn: ({ name, enabled }: { name: string; enabled: boolean }) => queueChange(name, { kind: 'enabled', enabled }),
  });

  const setStale = useMutation({
    mutationFn: ({ name, stale }: { name: string; stale: boolean }) => queueChange(name, { kind: 'stale', stale }),
  });

  const toggleEnvironment = useMutation({
    mutationFn: ({ project, name, environment, enabled }: { project: string; name: string; environment: string; enabled: boolean }) =>
      queueChange(name, { kind: 'environment', environment, enabled }, project),
  });

  const update = useMutation({
    mutationFn: async ({ feature, changes }: { feature: FeatureToggle; changes: { description?: string; type?: string } }) => {
      const answer = await api.send(
        'PATCH',
        projectPath(feature.project ?? DEFAULT_PROJECT, feature.name),
        Object.entries(changes).map(([key, value]) => ({ op: 'replace', path: `/${key}`, value })),
        { layer: 'project' },
      );
      noteVersion(feature.name, answer.etag);
    },
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
    mutationFn: async ({ name, tag }: { name: string; tag: Tag }) => {
      const answer = await api.send<Tag>('POST', `${path(name)}/tags`, tag);
      noteVersion(name, answer.etag);
      return answer.data;
    },
    meta: { inlineErrors: true },
    onSuccess: (_d, { name }) => queryClient.invalidateQueries({ queryKey: featureKeys.tags(name) }),
  });

  const removeTag = useMutation({
    mutationFn: async ({ name, tag }: { name: string; tag: Tag }) => {
      const answer = await api.send('DELETE', `${path(name)}/tags/${encodeURIComponent(tag.type)}/${encodeURIComponent(tag.value)}`);
      noteVersion(name, answer.etag);
    },
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

  return { toggle, setStale, toggleEnvironment, update, changeProject, archive, revive, addTag, removeTag, create, createInProject, clone };
}
