import { useMutation } from '@tanstack/react-query';
import { queueChange } from '../../offline/offline';

interface EnvironmentSwitch {
  project: string;
  name: string;
  environment: string;
  enabled: boolean;
}

/** Turns a toggle on or off in one environment, through the offline queue. */
export function useToggleEnvironment() {
  return useMutation({
    mutationFn: ({ project, name, environment, enabled }: EnvironmentSwitch) =>
      queueChange(name, { kind: 'environment', environment, enabled }, project),
  });
}
