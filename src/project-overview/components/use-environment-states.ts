import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ToggleChange } from '../../feature-toggles/offline/changes';
import type { QueuedChange } from '../../offline/changes';
import { useOfflineEngine, usePendingChanges } from '../../offline/context';
import { isActive } from '../../offline/pending';
import { projectKeys, type ProjectOverview, type ProjectToggle } from '../../projects/api/queries';

type EnvironmentChange = Extract<ToggleChange, { kind: 'environment' }>;
type Accepted = EnvironmentChange & { feature: string };

const isEnvironmentChange = (entry: QueuedChange): entry is QueuedChange<EnvironmentChange> =>
  entry.change.kind === 'environment';

/** The project read with the changes the server has accepted since it was made. */
function withAccepted(overview: ProjectOverview, accepted: Accepted[]): ProjectOverview {
  const stateOf = (feature: string, environment: string, enabled: boolean) =>
    accepted.findLast((c) => c.feature === feature && c.environment === environment)?.enabled ?? enabled;
  return {
    ...overview,
    features: overview.features.map((toggle) => ({
      ...toggle,
      environments: toggle.environments.map((env) => ({
        ...env,
        enabled: stateOf(toggle.name, env.name, env.enabled),
      })),
    })),
  };
}

/**
 * Whether a toggle of the project is on in an environment, as the overview shows it: a flip still to be sent shows at
 * once (as the feature list shows it); once the server has accepted it, the project read takes it (until its next
 * refresh), so the switch does not fall back meanwhile. A refused or held flip leaves the project read as it was.
 */
export function useEnvironmentStates(projectId: string) {
  const queryClient = useQueryClient();
  const { activeChangesOf } = useOfflineEngine().pending;
  const entries = usePendingChanges();
  const active = useRef(new Map<number, Accepted>());

  useEffect(() => {
    const sent: Accepted[] = [];
    const present = new Map(entries.map((entry) => [entry.seq, entry]));
    for (const [seq, change] of active.current) {
      const entry = present.get(seq);
      if (!entry) sent.push(change);
      if (!entry || !isActive(entry)) active.current.delete(seq);
    }
    for (const entry of entries) {
      if (entry.seq !== undefined && entry.project === projectId && isActive(entry) && isEnvironmentChange(entry)) {
        active.current.set(entry.seq, { ...entry.change, feature: entry.feature });
      }
    }
    if (sent.length > 0) {
      queryClient.setQueryData<ProjectOverview>(
        projectKeys.overview(projectId),
        (overview) => overview && withAccepted(overview, sent),
      );
    }
  }, [entries, projectId, queryClient]);

  return (toggle: ProjectToggle, environment: string): boolean | undefined => {
    const queued = activeChangesOf(toggle.name)
      .filter(isEnvironmentChange)
      .findLast((entry) => entry.change.environment === environment);
    return queued?.change.enabled ?? toggle.environments.find((env) => env.name === environment)?.enabled;
  };
}
