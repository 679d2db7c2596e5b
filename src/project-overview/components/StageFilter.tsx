import { NativeSelect } from '@mantine/core';
import { LIFECYCLE_STAGES } from '../../../contract/lifecycle';
import { STAGE_LABELS } from '../../feature-toggles/lifecycle';
import type { StageFilter as Filter } from '../rules';

/** The stages a live toggle can be in (the table lists no archived ones). */
const OPTIONS = [
  { value: 'all', label: 'All stages' },
  ...LIFECYCLE_STAGES.filter((stage) => stage !== 'archived').map((stage) => ({
    value: stage,
    label: STAGE_LABELS[stage],
  })),
];

/** The toggle table's filter by lifecycle stage. */
export function StageFilter({ value, onChange }: { value: Filter; onChange(stage: Filter): void }) {
  return (
    <NativeSelect
      label="Lifecycle stage"
      size="md"
      w={{ base: '100%', sm: 260 }}
      data={OPTIONS}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as Filter)}
    />
  );
}
