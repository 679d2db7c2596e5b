import { useMutation } from '@tanstack/react-query';
import { useOfflineEngine } from '../../offline/context';
import type { ToggleChange } from '../offline/changes';

interface EnvironmentSwitch {
  project: string;
  name: string;
  environment: string;
  enabled: boolean;
}

/** Turns a toggle on or off in one environment, through the offline queue. */
export function useToggleEnvironment() {
  const offline = useOfflineEngine();
  return useMutation({
    mutationFn: ({ project, name, environment, enabled }: EnvironmentSwitch) =>
      offline.queueChange<ToggleChange>(name, { kind: 'environment', environment, enabled }, project),
  });
}
