import '@mantine/core/styles/Radio.css';
import { Button, CopyButton, Group, NativeSelect, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { CreatedTrigger, TriggerAction } from '../../../contract/triggers';
import { PermissionButton } from '../../auth/PermissionControls';
import { DialogForm } from '../../shared/forms/DialogForm';
import { useLocale } from '../../shared/locale/locale';
import { formatDateTime } from '../../shared/locale/format-date';
import { showToast } from '../../shared/messages/toast';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { Dialog } from '../../shared/ui/Dialog';
import { useTriggers, type Trigger, type TriggersOf } from '../api/queries';
import { useCreateTrigger } from '../api/use-create-trigger';
import { useDeleteTrigger } from '../api/use-delete-trigger';

const ACTION_TEXT: Record<TriggerAction, string> = { on: 'Turns on', off: 'Turns off' };

/** 'New trigger': the environment, on or off, and a description; then the URL, shown this once. */
function NewTriggerDialog({ of, environments, onClose }: { of: TriggersOf; environments: string[]; onClose(): void }) {
  const create = useCreateTrigger(of);
  const [environment, setEnvironment] = useState(environments[environments.length - 1] ?? '');
  const [action, setAction] = useState<TriggerAction>('off');
  const [description, setDescription] = useState('');
  const [created, setCreated] = useState<CreatedTrigger>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ environment, action, description }, { onSuccess: setCreated });
  };

  if (created) {
    return (
      <Dialog title="Trigger created" onClose={onClose}>
        <Stack gap="md">
          <Text>
            Call this URL with a POST (from PagerDuty, Grafana, Datadog or any webhook) to turn {of.feature} {action} in{' '}
            {environment}.
          </Text>
          <Text fw={600}>Copy the URL now: it will not be shown again.</Text>
          <TextInput label="Trigger URL" value={created.url} readOnly onFocus={(e) => e.currentTarget.select()} />
          <Group justify="flex-end" gap="sm">
            <CopyButton value={created.url}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy URL'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      </Dialog>
    );
  }

  return (
    <Dialog title="New trigger" onClose={onClose}>
      <DialogForm
        onSubmit={submit}
        error={create.error?.message}
        onCancel={onClose}
        submit={
          <PermissionButton
            type="submit"
            permission="UPDATE_FEATURE"
            project={of.project}
            onlineOnly
            loading={create.isPending}
            disabled={!environment}
          >
            Create trigger
          </PermissionButton>
        }
      >
        <NativeSelect
          label="Environment"
          value={environment}
          data={environments}
          onChange={(e) => setEnvironment(e.currentTarget.value)}
          data-autofocus
        />
        <Radio.Group
          label="When its URL is called, the trigger turns the toggle"
          value={action}
          onChange={(value) => setAction(value === 'on' ? 'on' : 'off')}
        >
          <Group gap="lg" mt={4}>
            <Radio value="off" label="off" size="md" />
            <Radio value="on" label="on" size="md" />
          </Group>
        </Radio.Group>
        <TextInput
          label="Description"
          description="Which alert calls it, e.g. 'PagerDuty: checkout error rate'."
          maxLength={500}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
      </DialogForm>
    </Dialog>
  );
}

/** One trigger: what it does where, its description, when it last fired, and Delete. */
function TriggerItem({ trigger, project, onDelete }: { trigger: Trigger; project: string; onDelete(): void }) {
  const locale = useLocale();
  const fired =
    trigger.lastFiredAt === null
      ? 'Never fired'
      : `Last fired ${formatDateTime(trigger.lastFiredAt, locale)} (${trigger.fireCount} ${
          trigger.fireCount === 1 ? 'call' : 'calls'
        })`;
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {ACTION_TEXT[trigger.action]} in {trigger.environment}
        </Text>
        {trigger.description && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {trigger.description}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {fired}
        </Text>
      </Stack>
      <PermissionButton
        permission="UPDATE_FEATURE"
        project={project}
        onlineOnly
        variant="subtle"
        color="red"
        size="md"
        px="sm"
        miw={44}
        style={{ flexShrink: 0 }}
        aria-label={`Delete trigger: ${ACTION_TEXT[trigger.action].toLowerCase()} in ${trigger.environment}`}
        onClick={onDelete}
      >
        <IconTrash size={18} aria-hidden />
      </PermissionButton>
    </Group>
  );
}

/** The toggle the panel is about: its project, its name and the environments of its project. */
export interface TriggersToggle {
  project: string;
  name: string;
  environments: ReadonlyArray<{ name: string }>;
}

/**
 * Triggers: kill switches an alert throws. Each URL turns the toggle on or off in one environment when called; the
 * list says when each last fired. Setting one up or deleting it needs UPDATE_FEATURE (read-only without it).
 */
export function TriggersPanel({ toggle }: { toggle: TriggersToggle }) {
  const { project, name: feature } = toggle;
  const environments = toggle.environments.map((environment) => environment.name);
  const of = { project, feature };
  const triggers = useTriggers(of);
  const remove = useDeleteTrigger(of);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Trigger>();
  const list = triggers.data ?? [];

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="overview-triggers">
      <Title order={2} size="h4" id="overview-triggers" mb="xs">
        Triggers
      </Title>
      <Stack gap="sm">
        {triggers.isError ? (
          <Text size="sm" c="red.8" role="alert">
            {triggers.error.message}
          </Text>
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {triggers.isPending ? 'Loading triggers…' : 'No triggers: an alert cannot turn this toggle on or off yet.'}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Triggers">
            {list.map((trigger) => (
              <li key={trigger.id}>
                <TriggerItem trigger={trigger} project={project} onDelete={() => setDeleting(trigger)} />
              </li>
            ))}
          </Stack>
        )}
        <PermissionButton
          permission="UPDATE_FEATURE"
          project={project}
          onlineOnly
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => setAdding(true)}
        >
          New trigger
        </PermissionButton>
      </Stack>
      {adding && <NewTriggerDialog of={of} environments={environments} onClose={() => setAdding(false)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete trigger?"
          confirmLabel="Delete"
          danger
          loading={remove.isPending}
          error={remove.error?.message}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                showToast('Trigger deleted: its URL no longer works.', 'success');
                setDeleting(undefined);
              },
            })
          }
          onClose={() => {
            remove.reset();
            setDeleting(undefined);
          }}
        >
          {`Its URL will stop working: calling it will no longer turn ${feature} ${deleting.action} in ` +
            `${deleting.environment}.`}
        </ConfirmDialog>
      )}
    </Paper>
  );
}
