import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ChangeEvent } from 'react';
import { scheduleProblem, type ChangeRequest } from '../../../contract/change-requests';
import { useMoveChangeRequest } from '../../change-requests/api/use-move-change-request';
import { formatDateTime } from '../../shared/locale/format-date';
import { useLocale } from '../../shared/locale/locale';
import { Dialog } from '../../shared/ui/Dialog';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { scheduleFields, scheduleTimes } from '../rules';

const PROBLEMS = {
  scheduledAt: 'Choose a time in the future.',
  revertAt: 'The window must end after it starts.',
} as const;

/**
 * Schedules an approved request, or moves a scheduled one: the day and time the server applies it, in the person's
 * zone, and optionally when it turns the changes back (a window: "off from 02:00 to 04:00").
 */
export function ScheduleDialog({ request, onClose }: { request: ChangeRequest; onClose(): void }) {
  const locale = useLocale();
  const move = useMoveChangeRequest(request.project, request.id);
  const [fields, setFields] = useState(() => scheduleFields(request, new Date()));
  const [problem, setProblem] = useState<keyof typeof PROBLEMS>();
  const { scheduledAt, revertAt } = scheduleTimes(fields);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const field = (name: keyof typeof fields) => ({
    value: fields[name],
    size: 'md',
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setFields({ ...fields, [name]: event.currentTarget.value });
      setProblem(undefined);
    },
  });

  return (
    <Dialog title={`Schedule change request #${request.id}`} onClose={onClose}>
      <form
        aria-label="Schedule"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const found = scheduleProblem(scheduledAt, revertAt, new Date());
          setProblem(found);
          if (found) return;
          move.mutate(
            {
              state: 'Scheduled',
              version: request.version,
              scheduledAt: scheduledAt.toISOString(),
              ...(revertAt && { revertAt: revertAt.toISOString() }),
            },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack gap="md">
          <Text size="sm">Times are in your time zone, {zone}.</Text>
          <Group grow align="flex-start" gap="sm">
            <TextInput label="Date" type="date" required {...field('date')} />
            <TextInput
              label="Time"
              type="time"
              required
              error={problem === 'scheduledAt' && PROBLEMS.scheduledAt}
              {...field('time')}
            />
          </Group>
          <TextInput
            label="Turn back at (optional)"
            type="time"
            description={
              revertAt && !Number.isNaN(revertAt.getTime())
                ? `The changes are turned back ${formatDateTime(revertAt, locale)}.`
                : 'Leave empty to keep the changes.'
            }
            error={problem === 'revertAt' && PROBLEMS.revertAt}
            {...field('until')}
          />
          <ErrorAlert message={move.error?.message} />
          <Group justify="flex-end" gap="sm">
            <Button size="md" variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button size="md" type="submit" loading={move.isPending}>
              Schedule
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
