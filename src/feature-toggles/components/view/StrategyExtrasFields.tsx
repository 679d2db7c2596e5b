import type { Permission } from '../../../../contract/permissions';
import type { Segment } from '../../../../contract/segments';
import type { ContextField } from '../../../context/rules';
import { toStrategyVariants } from '../variants/variants';
import { VariantsEditor } from '../variants/VariantsTab';
import { SegmentPicker } from './SegmentPicker';
import type { StrategyExtrasState } from './strategy-extras';

interface Props {
  state: StrategyExtrasState;
  project: string;
  headingOrder: 3 | 4;
}

/** A strategy's segments (shown before its constraints, as in Unleash). */
export function StrategySegmentsField({ state, project, headingOrder, segments }: Props & { segments?: Segment[] }) {
  return (
    <SegmentPicker
      segments={segments}
      project={project}
      chosen={state.extras.segments}
      onChange={state.setSegments}
      headingOrder={headingOrder}
    />
  );
}

/** A strategy's variants (after its parameters), with the toggle variants' editor and weight rules. */
export function StrategyVariantsField({
  state,
  project,
  headingOrder,
  contextFields,
  permission,
}: Props & { contextFields: ContextField[]; permission: Permission }) {
  return (
    <VariantsEditor
      project={project}
      variants={state.extras.variants}
      contextFields={contextFields}
      save={async (variants) => state.setVariants(toStrategyVariants(variants))}
      strategy={{ headingOrder, permission }}
    />
  );
}
