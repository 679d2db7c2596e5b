import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';
let media: MediaQueryList | undefined;
const reducedMotion = () => (media ??= window.matchMedia(QUERY));

const subscribe = (onChange: () => void) => {
  reducedMotion().addEventListener('change', onChange);
  return () => reducedMotion().removeEventListener('change', onChange);
};

/**
 * @mantine/hooks' useReducedMotion as the console's build and tests serve it (vite.config.ts, `mantineHooks`): the
 * system's setting from the first render. Mantine's reads it in an effect, so for someone who asks for less motion an
 * accordion panel (Collapse) is drawn animated, then a moment later without animation: another element tree, whose
 * fields are mounted anew, losing the focus and what was being typed into them.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => reducedMotion().matches);
}
