import { Group, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Gated, PermissionButton, usePermission } from '../../auth/PermissionControls';
import { OFFLINE_SAVE_MESSAGE } from '../../auth/permissions';
import { useOnline } from '../../shared/api/connectivity';
import { NetworkError } from '../../shared/api/errors';
import { useForm } from '../../shared/forms/use-form';
import { useLeaveGuard } from '../../shared/forms/leave-guard';
import { showToast } from '../../shared/messages/toast';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import type { ApplicationDetail } from '../api/queries';
import { useDeleteApplication } from '../api/use-delete-application';
import { useUpdateApplication } from '../api/use-update-application';
import { followServer, METADATA_FIELDS, metadataOf, unsavedFields, type MetadataField } from '../metadata';
import { APPLICATION_DELETED, NOT_SAVED, REALLY_DELETE_APPLICATION } from '../messages';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The edit tab: each metadata field is saved on its own when it loses focus (the call takes one field and value).
 * Saving needs UPDATE_APPLICATION and the server: offline, what was typed stays in the fields (and asks before
 * leaving), and 'Save changes' sends it once the connection is back.
 */
export function EditApplication({ app }: { app: ApplicationDetail }) {
  const navigate = useNavigate();
  const permitted = usePermission('UPDATE_APPLICATION');
  const online = useOnline();
  const update = useUpdateApplication();
  const remove = useDeleteApplication();
  const [confirming, setConfirming] = useState(false);
  const saved = metadataOf(app);
  const send = (field: MetadataField, value: string) => update.mutateAsync({ appName: app.appName, field, value });
  // 'Save changes' (or Enter) sends every field not saved yet; a refusal shows as the form's general error.
  const form = useForm(saved, {
    submit: async (values) => {
      await Promise.all(unsavedFields(values, saved).map((field) => send(field, values[field])));
    },
  });
  // The server's values arrive later than the kept ones (a persisted read, refreshed): fields not edited follow them.
  const [base, setBase] = useState(saved);
  const changedOnServer = unsavedFields(saved, base);
  if (changedOnServer.length > 0) {
    setBase(saved);
    form.setValues((values) => followServer(values, base, saved));
  }
  const unsaved = unsavedFields(form.values, saved);
  useLeaveGuard(unsaved.length > 0 && !online);

  const saveOnBlur = (field: MetadataField) => {
    if (!permitted || !online || form.values[field] === saved[field]) return;
    // No answer is no refusal: the console is offline now, and the field says it is not saved yet.
    send(field, form.values[field]).catch((error: unknown) => {
      if (!(error instanceof NetworkError)) form.setError(field, messageOf(error));
    });
  };

  const hint = (field: MetadataField, fallback: string | undefined) =>
    unsaved.includes(field) && !form.errors[field] && !update.isPending
      ? `${NOT_SAVED}. ${online ? '' : OFFLINE_SAVE_MESSAGE}`.trim()
      : fallback;

  const confirmDelete = () =>
    remove.mutate(app.appName, {
      onSuccess: () => {
        showToast(APPLICATION_DELETED, 'success');
        void navigate({ to: '/applications' });
      },
      onSettled: () => setConfirming(false),
    });

  return (
    <Stack gap="md" maw={640} component="form" onSubmit={(event) => void form.onSubmit(event)}>
      {METADATA_FIELDS.map(({ field, label, hint: fieldHint }) => (
        <Gated key={field} allowed={permitted}>
          {(gate) => (
            <TextInput
              {...gate}
              label={label}
              value={form.values[field]}
              readOnly={!permitted}
              description={hint(field, fieldHint)}
              error={form.errors[field]}
              onChange={(event) => form.setField(field, event.currentTarget.value)}
              onBlur={() => saveOnBlur(field)}
            />
          )}
        </Gated>
      ))}
      {form.errors.general && (
        <Text className="sy-application-error" role="alert">
          {form.errors.general}
        </Text>
      )}
      <Group gap="sm" justify="space-between" wrap="wrap">
        {unsaved.length > 0 ? (
          <PermissionButton
            permission="UPDATE_APPLICATION"
            onlineOnly
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            type="submit"
            loading={form.submitting}
          >
            Save changes
          </PermissionButton>
        ) : (
          <span />
        )}
        <PermissionButton
          permission="UPDATE_APPLICATION"
          onlineOnly
          color="red.8"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          Delete application
        </PermissionButton>
      </Group>
      {confirming && (
        <ConfirmDialog
          title={REALLY_DELETE_APPLICATION}
          confirmLabel="Delete"
          danger
          loading={remove.isPending}
          onConfirm={confirmDelete}
          onClose={() => setConfirming(false)}
        >
          {app.appName}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
