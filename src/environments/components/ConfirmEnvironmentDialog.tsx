import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { Permission } from '../../../contract/permissions';
import { PermissionButton } from '../../auth/PermissionControls';
import { confirmedName } from '../rules';
import { Dialog } from '../../shared/ui/Dialog';

interface Props {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  permission: Permission;
  /** Disabling and deleting: the confirm button is enabled only once this name is typed. */
  typedName?: string;
  danger?: boolean;
  loading: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** A confirmation of an environment change; the confirm button needs the permission, the server and maybe the name. */
export function ConfirmEnvironmentDialog({
  title,
  children,
  confirmLabel,
  permission,
  typedName,
  danger,
  loading,
  onConfirm,
  onClose,
}: Props) {
  const [typed, setTyped] = useState('');
  const confirmed = typedName === undefined || confirmedName(typed, typedName);
  return (
    <Dialog title={title} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmed) onConfirm();
        }}
      >
        <Stack gap="md">
          <Text style={{ overflowWrap: 'anywhere' }} component="div">
            {children}
          </Text>
          {typedName !== undefined && (
            <TextInput
              label="Environment name"
              description={`Type ${typedName} to confirm.`}
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              data-autofocus
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-autofocus={typedName === undefined ? true : undefined}>
              Cancel
            </Button>
            <PermissionButton
              type="submit"
              permission={permission}
              onlineOnly
              color={danger ? 'red' : undefined}
              disabled={!confirmed}
              loading={loading}
            >
              {confirmLabel}
            </PermissionButton>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
