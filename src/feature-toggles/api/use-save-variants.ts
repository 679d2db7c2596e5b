import { queueToggleChange } from '../offline/queue';
import type { Variant } from '../../../contract/variants';

interface VariantsSave {
  project: string;
  feature: string;
  /** The whole new list; the queue sends the JSON patch from the list it was made on. */
  variants: Variant[];
}

/** Saves a toggle's variants through the offline queue: resolves once the change is queued and shown. */
async function saveVariants({ project, feature, variants }: VariantsSave): Promise<void> {
  await queueToggleChange(feature, { kind: 'variants', variants }, project);
}

export function useSaveVariants() {
  return saveVariants;
}
