import { useOfflineEngine } from '../../offline/context';
import type { ToggleChange } from '../offline/changes';
import type { Variant } from '../../../contract/variants';

interface VariantsSave {
  project: string;
  feature: string;
  /** The whole new list; the queue sends the JSON patch from the list it was made on. */
  variants: Variant[];
}

/** Saves a toggle's variants through the offline queue: resolves once the change is queued and shown. */
export function useSaveVariants() {
  const offline = useOfflineEngine();
  return async ({ project, feature, variants }: VariantsSave): Promise<void> => {
    await offline.queueChange<ToggleChange>(feature, { kind: 'variants', variants }, project);
  };
}
