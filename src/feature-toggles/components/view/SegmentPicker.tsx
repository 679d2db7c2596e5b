import { ActionIcon, Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { STRATEGY_SEGMENTS_LIMIT, type Segment } from '../../../../contract/segments';
import { ConstraintSummary } from '../../../strategies/components/ConstraintsEditor';

/** The segments a strategy of `project` may use: the project's own and the global ones, by name. */
export const usableSegments = (segments: Segment[], project: string) =>
  segments.filter((s) => s.project === null || s.project === project).sort((a, b) => a.name.localeCompare(b.name));

export const SEGMENTS_LIMIT_REACHED = `A strategy can use at most ${STRATEGY_SEGMENTS_LIMIT} segments.`;

interface Props {
  /** Every segment (GET api/admin/segments); undefined while loading. */
  segments: Segment[] | undefined;
  project: string;
  /** The ids the strategy uses. */
  chosen: number[];
  onChange(chosen: number[]): void;
  headingOrder: 3 | 4;
  disabled?: boolean;
}

/**
 * The segments of a strategy (Unleash 4.13+): choose from the project's and the global segments, at most
 * STRATEGY_SEGMENTS_LIMIT; each chosen one shows its constraints, read-only, and can be removed.
 */
export function SegmentPicker({ segments, project, chosen, onChange, headingOrder, disabled }: Props) {
  const [picked, setPicked] = useState('');
  const headingId = useId();
  const byId = new Map((segments ?? []).map((s) => [s.id, s]));
  const available = usableSegments(segments ?? [], project).filter((s) => !chosen.includes(s.id));
  const full = chosen.length >= STRATEGY_SEGMENTS_LIMIT;

  const add = () => {
    const id = Number(picked);
    if (!picked || full || chosen.includes(id)) return;
    onChange([...chosen, id]);
    setPicked('');
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={headingOrder} size="h5" id={headingId}>
        Segments
      </Title>
      {chosen.length === 0 && (
        <Text size="sm" c="dimmed">
          No segments. A segment is a reusable set of constraints; the strategy applies only when all of them hold.
        </Text>
      )}
      {chosen.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Chosen segments">
          {chosen.map((id) => {
            const segment = byId.get(id);
            const name = segment?.name ?? `Segment ${id}`;
            return (
              <Paper component="li" key={id} withBorder radius="md" p="xs">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {name}
                      </Text>
                      {segment && segment.project === null && (
                        <Badge variant="light" color="gray">
                          global
                        </Badge>
                      )}
                    </Group>
                    {segment?.constraints.map((constraint, index) => (
                      <ConstraintSummary key={index} constraint={constraint} />
                    ))}
                    {segment && segment.constraints.length === 0 && (
                      <Text size="sm" c="dimmed">
                        No constraints.
                      </Text>
                    )}
                  </Stack>
                  {!disabled && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="xl"
                      aria-label={`Remove segment ${name}`}
                      onClick={() => onChange(chosen.filter((c) => c !== id))}
                    >
                      <IconTrash size={20} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {!disabled && (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label="Segment"
            style={{ flex: '1 1 200px', minWidth: 0 }}
            value={picked}
            disabled={full || available.length === 0}
            description={
              full ? SEGMENTS_LIMIT_REACHED : available.length === 0 ? 'No other segments to use.' : undefined
            }
            data={[
              { value: '', label: 'Choose a segment' },
              ...available.map((s) => ({ value: String(s.id), label: s.project ? s.name : `${s.name} (global)` })),
            ]}
            onChange={(e) => setPicked(e.currentTarget.value)}
          />
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={!picked || full}
            onClick={add}
          >
            Add segment
          </Button>
        </Group>
      )}
    </Stack>
  );
}
