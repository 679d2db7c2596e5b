import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PermissionButton } from '../../auth/PermissionControls';
import { DialogForm } from '../../shared/forms/DialogForm';
import { Dialog } from '../../shared/ui/Dialog';
import type { ApiToken } from '../api/queries';
import { dayOf, expiryError, expiryOf } from '../rules';

interface Props {
  token: ApiToken;
  saving: boolean;
  /** The server's refusal, shown in the dialog (which keeps the chosen day). */
  error?: string;
  onSave(expiresAt: string | null): void;
  onClose(): void;
}

/** Change a token's expiry (ours: PUT api/admin/api-tokens/{secret}): a day, or none for a token that never expires. */
export function EditExpiryDialog({ token, saving, error, onSave, onClose }: Props) {
  const initial = dayOf(token.expiresAt);
  const [day, setDay] = useState(initial);
  const [problem, setProblem] = useState<string>();
  return (
    <Dialog title="Change expiry" onClose={onClose}>
      <DialogForm
        onSubmit={(event) => {
          event.preventDefault();
          const found = expiryError(day);
          setProblem(found);
          if (!found) onSave(expiryOf(day)?.toISOString() ?? null);
        }}
        error={error}
        onCancel={onClose}
        submit={
          <PermissionButton type="submit" permission="ADMIN" onlineOnly disabled={day === initial} loading={saving}>
            Save
          </PermissionButton>
        }
      >
        <Text style={{ overflowWrap: 'anywhere' }}>The token of {token.username}.</Text>
        <TextInput
          type="date"
          label="Expires on"
          description="The token stops working after this day. Leave empty for a token that never expires."
          min={dayOf(new Date().toISOString())}
          value={day}
          error={problem}
          onChange={(event) => {
            setDay(event.currentTarget.value);
            setProblem(undefined);
          }}
          data-autofocus
        />
      </DialogForm>
    </Dialog>
  );
}
