import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { pickerSections, strategyDisplayName, type StrategyDefinition } from '../definitions';
import './strategies.css';

export interface AddStrategyDialogProps {
  /** The loaded definitions; undefined (or none) offers the built-in fallback. */
  definitions: StrategyDefinition[] | undefined;
  onPick(definition: StrategyDefinition): void;
  onClose(): void;
}

function Section({
  title,
  definitions,
  onPick,
}: {
  title: string;
  definitions: StrategyDefinition[];
  onPick(d: StrategyDefinition): void;
}) {
  const id = `add-strategy-${title.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <Title order={3} size="h5" id={id} mb="xs">
        {title}
      </Title>
      <ul className="sy-picker-grid">
        {definitions.map((definition) => (
          <li key={definition.name}>
            <button type="button" className="sy-strategy-card" onClick={() => onPick(definition)}>
              <Text fw={600} c="indigo.8">
                {strategyDisplayName(definition.name, definition)}
              </Text>
              {definition.description && (
                <Text size="sm" c="dimmed">
                  {definition.description}
                </Text>
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 'Add a new strategy': 'Built in strategies' in the spec's order, then 'Custom strategies'; no deprecated ones. */
export function AddStrategyDialog({ definitions, onPick, onClose }: AddStrategyDialogProps) {
  const { builtIn, custom } = pickerSections(definitions);
  const phone = useMediaQuery('(max-width: 499.98px)');
  return (
    <Modal
      opened
      onClose={onClose}
      title="Add a new strategy"
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close', size: 'lg' }}
    >
      <Stack gap="lg">
        <Section title="Built in strategies" definitions={builtIn} onPick={onPick} />
        {custom.length > 0 && <Section title="Custom strategies" definitions={custom} onPick={onPick} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
