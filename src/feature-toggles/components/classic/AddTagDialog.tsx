import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { DEFAULT_TAG_TYPE } from '../../../tags/rules';
import { useTagTypes } from '../../../tags/api/queries';
import { useAddTag } from '../../api/use-add-tag';

/** 'Add tag': type (GET api/admin/tag-types, default 'simple') and value; a failure shows under the value field. */
export function AddTagDialog({ name, opened, onClose }: { name: string; opened: boolean; onClose(): void }) {
  const tagTypes = useTagTypes();
  const addTag = useAddTag();
  const [type, setType] = useState(DEFAULT_TAG_TYPE);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const types = tagTypes.data?.length ? tagTypes.data.map((t) => t.name) : [DEFAULT_TAG_TYPE];

  const close = () => {
    setValue('');
    setError(undefined);
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await addTag.mutateAsync({ name, tag: { type: type || DEFAULT_TAG_TYPE, value: value.trim() } });
      close();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Add tag" closeButtonProps={{ 'aria-label': 'Close', size: 'lg' }}>
      <form onSubmit={onSubmit} aria-label="Add tag" noValidate>
        <Stack gap="sm">
          <NativeSelect label="Tag type" value={type} data={types} onChange={(e) => setType(e.currentTarget.value)} />
          <TextInput
            label="Value"
            value={value}
            error={error}
            data-autofocus
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(undefined);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={addTag.isPending} disabled={!value.trim()}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
