import { ActionIcon, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { DragHandle } from '../../../shared/ui/SortableList';
import { pickerSections, strategyDisplayName, type StrategyDefinition } from '../../../strategies/definitions';

/** What a dragged sidebar card carries. */
export interface DefinitionDrag {
  kind: 'definition';
  definition: StrategyDefinition;
}

function StrategyCard({ definition, onAdd }: { definition: StrategyDefinition; onAdd(): void }) {
  const name = strategyDisplayName(definition.name, definition);
  const drag: DefinitionDrag = { kind: 'definition', definition };
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `definition:${definition.name}`,
    data: drag,
  });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="xs"
      className="sy-sidebar-card"
      data-dragging={isDragging || undefined}
    >
      <Group gap={4} wrap="nowrap" align="flex-start">
        <DragHandle size="xl" label={`Drag ${name} onto the environment's strategies`} {...attributes} {...listeners} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }} py={6}>
          <Text fw={600} c="indigo.8" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          {definition.description && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {definition.description}
            </Text>
          )}
        </Stack>
        <ActionIcon variant="light" size="xl" aria-label={`Add ${name}`} onClick={onAdd}>
          <IconPlus size={20} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/** The sidebar of non-deprecated strategy definitions: drag a card onto the list, or use its add button. */
export function StrategySidebar({
  definitions,
  environment,
  onAdd,
  onClose,
  focusOnOpen,
}: {
  definitions: StrategyDefinition[] | undefined;
  environment: string;
  /** Opened by the user (not by the page's address): the keyboard continues at the sidebar. */
  focusOnOpen: boolean;
  onAdd(definition: StrategyDefinition): void;
  onClose(): void;
}) {
  const { builtIn, custom } = pickerSections(definitions);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, [focusOnOpen]);
  return (
    <Paper
      component="aside"
      withBorder
      radius="md"
      p="sm"
      className="sy-strategy-sidebar"
      aria-labelledby="strategy-sidebar-title"
    >
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Title order={2} size="h4" id="strategy-sidebar-title" ref={heading} tabIndex={-1}>
          Add a strategy to {environment}
        </Title>
        <ActionIcon variant="subtle" color="gray" size="xl" aria-label="Close the strategy list" onClick={onClose}>
          <IconX size={20} aria-hidden />
        </ActionIcon>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Drag a strategy onto the list, or use its add button.
      </Text>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Strategies">
        {[...builtIn, ...custom].map((definition) => (
          <li key={definition.name}>
            <StrategyCard definition={definition} onAdd={() => onAdd(definition)} />
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
