import type { Permission } from '../../../../contract/permissions';
import type { Segment } from '../../../../contract/segments';
import type { ContextField } from '../../../context/rules';
import type { StrategyDefinition } from '../../../strategies/definitions';
import { StrategyForm } from '../../../strategies/components/StrategyForm';
import type { useStrategyEditor } from '../../../strategies/components/strategy-editor';
import { toStrategyVariants } from '../variants/variants';
import { VariantsEditor } from '../variants/VariantsTab';
import { SegmentPicker } from './SegmentPicker';
import type { StrategyExtrasState } from './strategy-extras';

interface Props {
  definition: StrategyDefinition;
  /** The strategy's parameters and constraints. */
  editor: ReturnType<typeof useStrategyEditor>;
  /** Its segments and variants. */
  extras: StrategyExtrasState;
  project: string;
  /** Every segment (undefined while loading). */
  segments: Segment[] | undefined;
  contextFields: ContextField[];
  constraintsEnabled: boolean;
  /** The level of the segments' and variants' headings: 3 in a saved strategy, 4 in a new one. */
  headingOrder: 3 | 4;
  /** What changing the variants needs: CREATE_FEATURE in a new strategy, UPDATE_FEATURE in a saved one. */
  permission: Permission;
}

/**
 * A toggle's strategy being configured: its segments (before its constraints, as in Unleash), its constraints and
 * parameters, then its variants with the toggle variants' editor and weight rules.
 */
export function ToggleStrategyFields({
  definition,
  editor,
  extras,
  project,
  segments,
  contextFields,
  constraintsEnabled,
  headingOrder,
  permission,
}: Props) {
  return (
    <>
      <SegmentPicker
        segments={segments}
        project={project}
        chosen={extras.extras.segments}
        onChange={extras.setSegments}
        headingOrder={headingOrder}
      />
      <StrategyForm
        definition={definition}
        strategy={editor.strategy}
        onChange={editor.setStrategy}
        contextFields={contextFields}
        constraintsEnabled={constraintsEnabled}
      />
      <VariantsEditor
        project={project}
        variants={extras.extras.variants}
        contextFields={contextFields}
        save={async (variants) => extras.setVariants(toStrategyVariants(variants))}
        strategy={{ headingOrder, permission }}
      />
    </>
  );
}
