import { useId as useReactId } from 'react';

/**
 * @mantine/hooks' useId as the console's build and tests serve it (vite.config.ts, `mantineHooks`): React's id,
 * stable from the first render. Mantine's own swaps it for a random one in a layout effect, so every input that
 * mounts is drawn a second time at once, and React runs the whole commit's other effects in that same task first.
 * `staticId`: the caller's own id, taken as given.
 */
export function useId(staticId?: string): string {
  const id = `mantine-${useReactId().replace(/:/g, '')}`;
  return typeof staticId === 'string' ? staticId : id;
}
