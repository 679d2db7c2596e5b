import { useNavigate } from '@tanstack/react-router';
import { useServerNameCheck } from '../../shared/forms/server-name-check';
import { useCreateProject } from '../api/use-create-project';
import { ProjectForm } from './ProjectForm';
import { projectFormValues } from '../rules';
import { useProjectForm } from './use-project-form';

/** /projects/create: after saving, the new project's page with ?created=true; Cancel goes to /projects/. */
export default function CreateProjectPage() {
  const navigate = useNavigate();
  const create = useCreateProject();
  const form = useProjectForm(projectFormValues(), {
    checkId: useServerNameCheck('api/admin/projects/validate', { field: 'id' }),
    submit: (values) => create.mutateAsync(values),
    onSaved: (_result, values) =>
      navigate({ to: '/projects/$projectId', params: { projectId: values.id }, search: { created: true } }),
  });
  return (
    <ProjectForm
      form={form}
      title="Create project"
      submitLabel="Create"
      onCancel={() => void navigate({ to: '/projects' })}
    />
  );
}
