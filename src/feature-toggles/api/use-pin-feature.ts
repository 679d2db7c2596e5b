import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api, NO_ANSWER, type ApiClient } from '../../shared/api/client';
import { connectivity } from '../../shared/api/connectivity';
import { NetworkError } from '../../shared/api/errors';
import { useToggleMirror } from '../offline/context';
import type { ToggleMirror } from '../offline/mirror';
import { projectFeaturePath } from '../paths';
import { DEFAULT_PROJECT } from '../../projects/api/queries';
import { featureKeys } from './queries';
import type { FeatureToggle, ProjectFeature } from '../types';

export interface PinChange {
  feature: Pick<FeatureToggle, 'name' | 'project'>;
  /** true pins, false unpins. */
  favorite: boolean;
}

/**
 * Shows a toggle as pinned or not wherever the console keeps it: the list, the toggle and its project shape in the
 * query cache (keeping when each was read), and the offline mirror's toggle (`toggles`), which the list is made of.
 */
function showFavorite(queryClient: QueryClient, toggles: ToggleMirror, name: string, favorite: boolean) {
  const keep = (key: QueryKey) => ({ updatedAt: queryClient.getQueryState(key)?.dataUpdatedAt });
  const mark = <T extends { name: string; favorite?: boolean }>(toggle: T): T =>
    toggle.name === name ? { ...toggle, favorite } : toggle;
  queryClient.setQueryData<FeatureToggle[]>(featureKeys.list(), (list) => list?.map(mark), keep(featureKeys.list()));
  queryClient.setQueryData<FeatureToggle>(
    featureKeys.one(name),
    (toggle) => toggle && mark(toggle),
    keep(featureKeys.one(name)),
  );
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['features', 'project'] })) {
    if (query.queryKey[3] !== name) continue;
    queryClient.setQueryData<ProjectFeature>(query.queryKey, (toggle) => toggle && mark(toggle), keep(query.queryKey));
  }
  const row = toggles.serverStateOf(name);
  if (row && !!row.toggle.favorite !== favorite)
    toggles.confirmState(name, { ...row, toggle: { ...row.toggle, favorite } });
}

/**
 * Pins or unpins a toggle for the signed-in user (POST/DELETE .../favorites): shown at once, put back if the server
 * refuses. Online only: a pin is the user's own preference, not a change of the toggle, so it is not queued; offline
 * it is refused with the message of every online action, before anything is shown.
 */
export async function pinFeature(
  queryClient: QueryClient,
  toggles: ToggleMirror,
  { feature, favorite }: PinChange,
  client: ApiClient = api,
) {
  if (!connectivity.isOnline()) throw new NetworkError(NO_ANSWER);
  const { name } = feature;
  const path = `${projectFeaturePath(feature.project ?? DEFAULT_PROJECT, name)}/favorites`;
  // A read of the toggle already under way would answer with the pin as it was: it is called off.
  await queryClient.cancelQueries({
    predicate: ({ queryKey: [domain, kind, ...rest] }) =>
      domain === 'features' && (kind === 'one' || kind === 'project') && rest.at(-1) === name,
  });
  showFavorite(queryClient, toggles, name, favorite);
  try {
    await client.send(favorite ? 'POST' : 'DELETE', path, undefined, { layer: 'project' });
  } catch (error) {
    showFavorite(queryClient, toggles, name, !favorite);
    throw error;
  }
  // The server has it: shown again over a list read that answered meanwhile with the pin as it was.
  showFavorite(queryClient, toggles, name, favorite);
}

/** Pins or unpins a toggle (see pinFeature); a refusal goes to the snackbar, as other actions' do. */
export function usePinFeature() {
  const queryClient = useQueryClient();
  const toggles = useToggleMirror();
  return useMutation({ mutationFn: (change: PinChange) => pinFeature(queryClient, toggles, change) });
}
