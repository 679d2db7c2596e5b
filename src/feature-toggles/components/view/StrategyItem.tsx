import '@mantine/core/styles/Accordion.css';
import { Accordion, Badge, Button, Group, Stack, Text, type MantineSpacing } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { ContextField } from '../../../context/rules';
import { strategyDisplayName, type StrategyDefinition } from '../../../strategies/definitions';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { DragHandle, useSortableRow } from '../../../shared/ui/SortableList';
import { REALLY_DELETE } from '../../../strategies/messages';
import { MissingDefinition } from '../../../strategies/components/MissingDefinition';
import { StrategySummary } from '../../../strategies/components/StrategySummary';
import { useStrategyEditor } from '../../../strategies/components/strategy-editor';
import { toEdited, type StrategyInstance } from '../../../strategies/strategy-instance';
import type { Segment } from '../../../../contract/segments';
import { useStrategyExtras, type TargetedStrategy } from './strategy-extras';
import { ToggleStrategyFields } from './ToggleStrategyFields';

/** What a dragged strategy carries. */
export interface StrategyDrag {
  kind: 'strategy';
}

interface Props {
  /** The sortable id (the strategy's id). */
  id: string;
  strategy: StrategyInstance;
  project: string;
  /** Every segment (undefined while loading). */
  segments: Segment[] | undefined;
  definition: StrategyDefinition | undefined;
  /** The definitions are loaded and none has this strategy's name. */
  missing: boolean;
  contextFields: ContextField[];
  constraintsEnabled: boolean;
  /** UPDATE_FEATURE: without it dragging is disabled and the edit parts are hidden. */
  editable: boolean;
  onSave(strategy: TargetedStrategy): Promise<void> | void;
  onDelete(): Promise<void>;
}

/** Opens the confirmation that deletes the strategy. */
const DeleteStrategyButton = ({ mt, onClick }: { mt?: MantineSpacing; onClick(): void }) => (
  <Button mt={mt} variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onClick}>
    Delete strategy
  </Button>
);

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/**
 * One strategy of an environment as an accordion item: a drag handle, its name, how many constraints, segments and
 * variants it has, and the 'Unsaved changes' badge; inside, its form (segments, constraints, parameters, variants)
 * with 'Save changes' and 'Discard changes' while it differs from the saved one, and delete.
 */
export function StrategyItem({
  id,
  strategy,
  project,
  segments,
  definition,
  missing,
  contextFields,
  constraintsEnabled,
  editable,
  onSave,
  onDelete,
}: Props) {
  const editor = useStrategyEditor(toEdited(strategy), definition);
  const extras = useStrategyExtras(strategy);
  const dirty = editor.dirty || extras.dirty;
  const segmentNames = (strategy.segments ?? []).map(
    (segmentId) => segments?.find((s) => s.id === segmentId)?.name ?? `Segment ${segmentId}`,
  );
  const variantCount = strategy.variants?.length ?? 0;
  const drag: StrategyDrag = { kind: 'strategy' };
  const { row, handle } = useSortableRow(id, { disabled: !editable, data: drag });
  const [deleting, setDeleting] = useState(false);
  const [removing, setRemoving] = useState(false);
  const title = strategyDisplayName(strategy.name, definition);

  return (
    <div {...row}>
      <Accordion.Item value={id}>
        <Group wrap="nowrap" gap={0} align="center">
          {editable && <DragHandle {...handle} size="xl" ml={4} label={`Move ${title}`} />}
          <Accordion.Control>
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{title}</Text>
              {(strategy.constraints?.length ?? 0) > 0 && (
                <Badge variant="light" color="gray">
                  {strategy.constraints?.length === 1 ? '1 constraint' : `${strategy.constraints?.length} constraints`}
                </Badge>
              )}
              {segmentNames.map((name) => (
                <Badge key={name} variant="light" color="gray" title="Segment">
                  {`Segment: ${name}`}
                </Badge>
              ))}
              {variantCount > 0 && (
                <Badge variant="light" color="gray">
                  {count(variantCount, 'variant', 'variants')}
                </Badge>
              )}
              {dirty && (
                <Badge color="orange" variant="light">
                  Unsaved changes
                </Badge>
              )}
            </Group>
          </Accordion.Control>
        </Group>
        <Accordion.Panel>
          {missing && <MissingDefinition name={strategy.name} />}
          {editable && definition ? (
            <Stack gap="md">
              <ToggleStrategyFields
                definition={definition}
                editor={editor}
                extras={extras}
                project={project}
                segments={segments}
                contextFields={contextFields}
                constraintsEnabled={constraintsEnabled}
                headingOrder={3}
                permission="UPDATE_FEATURE"
              />
              <Group gap="sm" justify="space-between">
                <Group gap="sm">
                  {dirty && (
                    <>
                      <Button
                        onClick={() => void editor.save((edited) => onSave(extras.with(edited)))}
                        disabled={!editor.valid}
                        loading={editor.saving}
                      >
                        Save changes
                      </Button>
                      <Button
                        variant="default"
                        onClick={() => {
                          editor.reset();
                          extras.reset();
                        }}
                      >
                        Discard changes
                      </Button>
                    </>
                  )}
                </Group>
                <DeleteStrategyButton onClick={() => setDeleting(true)} />
              </Group>
            </Stack>
          ) : (
            <StrategySummary strategy={strategy} />
          )}
          {editable && !definition && <DeleteStrategyButton mt="sm" onClick={() => setDeleting(true)} />}
        </Accordion.Panel>
      </Accordion.Item>
      {deleting && (
        <ConfirmDialog
          title={REALLY_DELETE}
          confirmLabel="Delete strategy"
          danger
          loading={removing}
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            setRemoving(true);
            try {
              await onDelete();
              setDeleting(false);
            } finally {
              setRemoving(false);
            }
          }}
        >
          {`${title} will be removed from this environment.`}
        </ConfirmDialog>
      )}
    </div>
  );
}
