import { Alert, Checkbox, Loader } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { FormFrame } from '../../../shared/forms/FormFrame';
import { NameField } from '../../../shared/forms/NameField';
import { RouteLink } from '../../../shared/ui/RouteLink';
import { statusOf } from '../../../shared/api/errors';
import { PermissionButton } from '../../../auth/PermissionControls';
import { DEFAULT_PROJECT } from '../../../projects/api/queries';
import { useFeature } from '../../api/queries';
import { useCloneFeature } from '../../api/use-clone-feature';
import { useFeatureNameCheck } from '../../api/name-check';
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
  const project = source.data?.project ?? projectId ?? DEFAULT_PROJECT;
  const form = useCopyForm({
    checkName: useFeatureNameCheck(),
    submit: ({ name: newName, replaceGroupId }) => clone.mutateAsync({ project, name, newName, replaceGroupId }),
    onSaved: (_copy, { name: newName }) =>
      navigate({
        to: '/projects/$projectId/features/$name/$activeTab',
        params: { projectId: project, name: newName, activeTab: 'strategies' },
      }),
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
    <FormFrame
      form={form}
      title={`Copy ${name}`}
      intro={`The copy gets the strategies, variants and settings of ${name} under a new, unique name.`}
      maw={640}
      cancel={
        <RouteLink
          to="/projects/$projectId/features/$name/$activeTab"
          params={{ projectId: project, name, activeTab }}
          className="sy-touch-link"
        >
          Cancel
        </RouteLink>
      }
      submit={(button) => (
        <PermissionButton {...button} permission="CREATE_FEATURE" project={project}>
          Create from copy
        </PermissionButton>
      )}
    >
      <NameField form={form} />
      <Checkbox
        size="md"
        label="Replace groupId"
        checked={form.values.replaceGroupId}
        onChange={(e) => form.setField('replaceGroupId', e.currentTarget.checked)}
      />
    </FormFrame>
  );
}
