import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PermissionButton } from '../../auth/PermissionControls';
import { showToast } from '../../shared/messages/toast';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import type { Project } from '../rules';
import { useDeleteProject } from '../api/use-delete-project';
import { PROJECT_DELETED } from '../messages';

/** Deleting the project (DELETE_PROJECT, online only) after a confirmation; a refusal shows as an error toast. */
export function DeleteProject({ project }: { project: Project }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteProject();
  const navigate = useNavigate();
  const label = project.name || project.id;

  const onConfirm = () =>
    remove.mutate(project.id, {
      onSuccess: () => {
        showToast(PROJECT_DELETED, 'success');
        void navigate({ to: '/projects' });
      },
      onError: (error) => {
        setConfirming(false);
        showToast(error.message, 'error');
      },
    });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4">
          Delete project
        </Title>
        <Text size="sm">
          A project can be deleted once it has no feature toggles (archived ones too) and no API tokens. The default
          project can not be deleted.
        </Text>
        <PermissionButton
          permission="DELETE_PROJECT"
          project={project.id}
          color="red"
          variant="outline"
          onlineOnly
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          Delete project
        </PermissionButton>
      </Stack>
      {confirming && (
        <ConfirmDialog
          title="Really delete project?"
          confirmLabel="Delete project"
          danger
          loading={remove.isPending}
          onConfirm={onConfirm}
          onClose={() => setConfirming(false)}
        >
          {`${label} will be deleted for good.`}
        </ConfirmDialog>
      )}
    </Paper>
  );
}
