import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ENVIRONMENT_TYPES, type EnvironmentType } from '../../../contract/environments';
import { PermissionButton } from '../../auth/PermissionControls';
import type { Environment } from '../api/queries';

interface Props {
  environment: Environment;
  saving: boolean;
  onSave(type: EnvironmentType): void;
  onClose(): void;
}

/** Edit an environment: only its type; Save is enabled only when the type changed. */
export function EditEnvironmentDialog({ environment, saving, onSave, onClose }: Props) {
  const [type, setType] = useState(environment.type);
  return (
    <Modal opened onClose={onClose} title="Edit environment" closeButtonProps={{ 'aria-label': 'Close', size: 'lg' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (type !== environment.type) onSave(type as EnvironmentType);
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Environment Id"
            value={environment.name}
            readOnly
            description="The id of an environment can not be changed."
          />
          <NativeSelect
            label="Environment type"
            value={type}
            data={[...ENVIRONMENT_TYPES]}
            onChange={(event) => setType(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <PermissionButton
              type="submit"
              permission="UPDATE_ENVIRONMENT"
              onlineOnly
              disabled={type === environment.type}
              loading={saving}
            >
              Save
            </PermissionButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
