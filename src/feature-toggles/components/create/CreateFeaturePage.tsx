import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useSession } from '../../../auth/user';
import { useChangeRoute } from '../../../change-requests/use-change-route';
import { feedbackPrompt } from '../../../feedback/feedback';
import { useSelectableProjects } from '../../../projects/api/queries';
import { useUiConfig } from '../../../ui-config/api/queries';
import { useFeatureTypes } from '../../api/queries';
import { useCreateFeature } from '../../api/use-create-feature';
import { useCreateProjectFeature } from '../../api/use-create-project-feature';
import { useFeatureNameCheck } from '../../api/name-check';
import { CLASSIC_ENVIRONMENT } from '../../offline/changes';
import { FeatureForm } from './FeatureForm';
import { initialValues, useFeatureForm, type FeatureFormValues } from './use-feature-form';

const classicRoute = getRouteApi('/main/projects/$projectId/create-toggle');
const newRoute = getRouteApi('/main/projects/$projectId/create-toggle2');

interface Props {
  legacy: boolean;
  projectId: string;
  /** The query parameters that prefill the form. */
  search: Partial<FeatureFormValues>;
}

function CreateFeature({ legacy, projectId, search }: Props) {
  const navigate = useNavigate();
  const projectsEnabled = useUiConfig().data?.flags.P === true;
  const projects = useSelectableProjects(projectsEnabled);
  const featureTypes = useFeatureTypes().data ?? [];
  const create = useCreateFeature();
  const createInProject = useCreateProjectFeature();
  const feedback = useSession().data?.feedback;

  const changeRoute = useChangeRoute();
  const form = useFeatureForm(initialValues(projectId, search), {
    checkName: useFeatureNameCheck(),
    submit: async (values) => {
      // Where the default environment takes changes through change requests, the toggle is created off (the form
      // says so).
      const route = values.enabled ? await changeRoute(values.project, CLASSIC_ENVIRONMENT) : 'direct';
      const made = { ...values, enabled: values.enabled && route !== 'request' };
      return legacy ? create.mutateAsync(made) : createInProject.mutateAsync(made);
    },
    onSaved: (_created, values) => {
      // On success, ask for feedback if the user is eligible.
      feedbackPrompt.ask(feedback);
      return navigate({
        to: '/projects/$projectId/features/$name/$activeTab',
        params: { projectId: values.project, name: values.name, activeTab: 'strategies' },
      });
    },
  });

  return (
    <FeatureForm
      form={form}
      title={legacy ? 'Create feature toggle' : 'Create new feature toggle'}
      featureTypes={featureTypes}
      projects={projectsEnabled ? projects : undefined}
      legacy={legacy}
      onCancel={() => void navigate({ to: '/features' })}
    />
  );
}

/** /projects/{projectId}/create-toggle: the classic form (POST api/admin/features with the default strategy). */
export default function CreateFeaturePage() {
  return <CreateFeature legacy projectId={classicRoute.useParams().projectId} search={classicRoute.useSearch()} />;
}

/** /projects/{projectId}/create-toggle2: the new form (POST api/admin/projects/{project}/features). */
export function CreateFeaturePage2() {
  return <CreateFeature legacy={false} projectId={newRoute.useParams().projectId} search={newRoute.useSearch()} />;
}
