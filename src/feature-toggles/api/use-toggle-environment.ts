import { useMutation } from '@tanstack/react-query';
import { queueToggleChange } from '../offline/queue';

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
      queueToggleChange(name, { kind: 'environment', environment, enabled }, project),
  });
}
