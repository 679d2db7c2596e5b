import { Button, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useArchiveFeature } from '../../api/use-archive-feature';
import { Dialog } from '../../../shared/ui/Dialog';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';

/**
 * Archive asks for confirmation, then DELETE api/admin/features/{name} and on to the toggle's project page; a refusal
 * (a parent with children) stays in the dialog.
 */
export function ArchiveDialog({ name, project, onClose }: { name: string; project: string; onClose(): void }) {
  const archive = useArchiveFeature();
  const navigate = useNavigate();
  return (
    <Dialog title="Archive feature toggle" onClose={onClose}>
      <Stack gap="md">
        <Text style={{ overflowWrap: 'anywhere' }}>Are you sure you want to archive {name}?</Text>
        <ErrorAlert message={archive.error?.message} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={archive.isPending}
            onClick={() =>
              archive.mutate(name, {
                onSuccess: () => void navigate({ to: '/projects/$projectId', params: { projectId: project } }),
              })
            }
          >
            Archive toggle
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
