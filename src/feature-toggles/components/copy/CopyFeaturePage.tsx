import { Alert, Checkbox, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { RouteLink } from '../../../shared/ui/RouteLink';
import { statusOf } from '../../../shared/api/errors';
import { PermissionButton } from '../../../auth/PermissionControls';
import { DEFAULT_PROJECT } from '../../../projects/api/queries';
import { useFeature } from '../../api/queries';
import { useCloneFeature } from '../../api/use-clone-feature';
import { useNameCheck } from '../../api/name-check';
import { useCopyForm } from './use-copy-form';

export const TOGGLE_NOT_FOUND = 'Toggle not found';

const copyRoute = getRouteApi('/main/projects/$projectId/features/$name/$activeTab/copy');
const copy2Route = getRouteApi('/main/projects/$projectId/features2/$name/$activeTab/copy');

/** /projects/{id}/features/{name}/{activeTab}/copy: clone a toggle under a new name. */
export default function CopyFeaturePage() {
  return <CopyFeature {...copyRoute.useParams()} />;
}

/** The same from the new view: /projects/{id}/features2/{name}/{activeTab}/copy. */
export function CopyFeaturePage2() {
  return <CopyFeature {...copy2Route.useParams()} />;
}

function CopyFeature({ projectId, name, activeTab }: { projectId: string; name: string; activeTab: string }) {
  const source = useFeature(name);
  const clone = useCloneFeature();
  const navigate = useNavigate();
  const checkName = useNameCheck();
  const project = source.data?.project ?? projectId ?? DEFAULT_PROJECT;
  const form = useCopyForm({
    checkName,
    submit: async ({ name: newName, replaceGroupId }) => {
      await clone.mutateAsync({ project, name, newName, replaceGroupId });
      await navigate({
        to: '/projects/$projectId/features/$name/$activeTab',
        params: { projectId: project, name: newName, activeTab: 'strategies' },
      });
    },
  });

  if (source.isPending) return <Loader aria-label="Loading feature toggle" />;
  if (source.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {statusOf(source.error) === 404 ? TOGGLE_NOT_FOUND : source.error.message}
      </Alert>
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640}>
      <form onSubmit={form.onSubmit} aria-label={`Copy ${name}`} noValidate>
        <Stack gap="md">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            Copy {name}
          </Title>
          <Text size="sm" c="dimmed">
            The copy gets the strategies, variants and settings of {name} under a new, unique name.
          </Text>
          {form.errors.general && (
            <Alert color="red" variant="light" role="alert">
              {form.errors.general}
            </Alert>
          )}
          <TextInput
            label="Name"
            required
            autoComplete="off"
            value={form.values.name}
            error={form.errors.name}
            onChange={(e) => form.setField('name', e.currentTarget.value)}
            onBlur={form.onNameBlur}
          />
          <Checkbox
            size="md"
            label="Replace groupId"
            checked={form.values.replaceGroupId}
            onChange={(e) => form.setField('replaceGroupId', e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <RouteLink
              to="/projects/$projectId/features/$name/$activeTab"
              params={{ projectId: project, name, activeTab }}
              className="sy-touch-link"
            >
              Cancel
            </RouteLink>
            <PermissionButton permission="CREATE_FEATURE" project={project} type="submit" loading={form.submitting}>
              Create from copy
            </PermissionButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
