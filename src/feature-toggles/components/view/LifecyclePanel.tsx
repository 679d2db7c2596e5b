import '@mantine/core/styles/Radio.css';
import { Badge, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatDistanceToNow } from 'date-fns';
import { useState, type FormEvent } from 'react';
import type { CompletionStatus } from '../../../../contract/lifecycle';
import { PermissionButton } from '../../../auth/PermissionControls';
import { statusOf } from '../../../shared/api/errors';
import { DialogForm } from '../../../shared/forms/DialogForm';
import { formatDateTime } from '../../../shared/locale/format-date';
import { useLocale } from '../../../shared/locale/locale';
import { Dialog } from '../../../shared/ui/Dialog';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';
import { useLifecycle } from '../../api/queries';
import { useCompleteFeature, type LifecycleOf } from '../../api/use-complete-feature';
import { useUncompleteFeature } from '../../api/use-uncomplete-feature';
import { completionText, STAGE_HINTS, STAGE_LABELS, stageRows, type StageRow } from '../../lifecycle';

/** 'Mark completed': kept (with the value kept, optional) or discarded. */
function CompleteDialog({ of, onClose }: { of: LifecycleOf; onClose(): void }) {
  const complete = useCompleteFeature(of);
  const [status, setStatus] = useState<CompletionStatus>('kept');
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const statusValue = status === 'kept' ? value.trim() : '';
    complete.mutate({ status, ...(statusValue ? { statusValue } : {}) }, { onSuccess: onClose });
  };
  return (
    <Dialog title="Mark completed" onClose={onClose}>
      <DialogForm
        onSubmit={submit}
        error={complete.error?.message}
        onCancel={onClose}
        submit={
          <PermissionButton
            type="submit"
            permission="UPDATE_FEATURE"
            project={of.project}
            onlineOnly
            loading={complete.isPending}
          >
            Mark completed
          </PermissionButton>
        }
      >
        <Text style={{ overflowWrap: 'anywhere' }}>
          {of.name} has done its work: what became of it in the code? It is then listed for clean-up.
        </Text>
        <Radio.Group
          label="The toggle was"
          value={status}
          onChange={(next) => setStatus(next === 'discarded' ? 'discarded' : 'kept')}
        >
          <Stack gap="xs" mt={4}>
            <Radio value="kept" label="Kept: the code keeps what it turned on" size="md" data-autofocus />
            <Radio value="discarded" label="Discarded: the code goes back to how it was" size="md" />
          </Stack>
        </Radio.Group>
        {status === 'kept' && (
          <TextInput
            label="What was kept (optional)"
            description="The variant or value the code keeps, e.g. blue."
            maxLength={200}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
          />
        )}
      </DialogForm>
    </Dialog>
  );
}

/** One stage: its name, what it means, and when it was entered (also how long ago), or that it was not. */
function Stage({ row, locale }: { row: StageRow; locale: string }) {
  const { stage, entered, current } = row;
  return (
    <Stack
      component="li"
      gap={0}
      className="sy-lifecycle-stage"
      data-entered={entered ? true : undefined}
      data-current={current || undefined}
      aria-current={current ? 'step' : undefined}
    >
      <Group gap={6} wrap="wrap">
        <Text fw={current ? 700 : 600} size="sm">
          {STAGE_LABELS[stage]}
        </Text>
        {current && (
          <Badge size="sm" variant="light">
            Current
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {STAGE_HINTS[stage]}
      </Text>
      {entered ? (
        <Text size="xs">
          <time dateTime={entered.enteredStageAt}>{formatDateTime(entered.enteredStageAt, locale)}</time> (
          {formatDistanceToNow(new Date(entered.enteredStageAt), { addSuffix: true })})
          {stage === 'completed' && ` · ${completionText(entered)}`}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          Not entered
        </Text>
      )}
    </Stack>
  );
}

/**
 * Lifecycle: the stages the toggle went through (from what SDKs reported, and a person's 'Mark completed'), each with
 * when it was entered in the person's zone, the current one marked; 'Mark completed' and 'Undo completed' need
 * UPDATE_FEATURE in the project and the connection. Not shown by a server without lifecycles (Unleash 4 answers 404).
 */
export function LifecyclePanel({ toggle }: { toggle: LifecycleOf }) {
  const lifecycle = useLifecycle(toggle.project, toggle.name);
  const uncomplete = useUncompleteFeature(toggle);
  const [completing, setCompleting] = useState(false);
  const locale = useLocale();
  const rows = stageRows(lifecycle.data ?? []);
  const current = rows.find((row) => row.current)?.stage;
  if (statusOf(lifecycle.error) === 404) return null;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="overview-lifecycle">
      <Title order={2} size="h4" id="overview-lifecycle" mb="xs">
        Lifecycle
      </Title>
      {lifecycle.isError && !lifecycle.data ? (
        <Text size="sm" c="red.8" role="alert">
          {lifecycle.error.message}
        </Text>
      ) : lifecycle.isPending ? (
        <Text size="sm" c="dimmed">
          Loading the lifecycle…
        </Text>
      ) : (
        <Stack gap="sm">
          <Stack component="ol" gap="xs" p={0} m={0} className="sy-lifecycle" aria-label="Lifecycle stages">
            {rows.map((row) => (
              <Stage key={row.stage} row={row} locale={locale} />
            ))}
          </Stack>
          <ErrorAlert message={uncomplete.error?.message} />
          {current === 'completed' ? (
            <PermissionButton
              permission="UPDATE_FEATURE"
              project={toggle.project}
              onlineOnly
              variant="default"
              loading={uncomplete.isPending}
              onClick={() => uncomplete.mutate()}
            >
              Undo completed
            </PermissionButton>
          ) : (
            current !== 'archived' && (
              <PermissionButton
                permission="UPDATE_FEATURE"
                project={toggle.project}
                onlineOnly
                variant="light"
                onClick={() => setCompleting(true)}
              >
                Mark completed
              </PermissionButton>
            )
          )}
        </Stack>
      )}
      {completing && <CompleteDialog of={toggle} onClose={() => setCompleting(false)} />}
    </Paper>
  );
}
