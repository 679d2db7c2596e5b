import { useNavigate } from '@tanstack/react-router';
import { useLeaveGuard } from '../../shared/forms/leave-guard';
import { useCreateProject } from '../api/use-create-project';
import { useValidateProjectId } from '../api/use-validate-project-id';
import { ProjectForm } from './ProjectForm';
import { projectFormValues, useProjectForm } from './use-project-form';

/** /projects/create: after saving, the new project's page with ?created=true; Cancel goes to /projects/. */
export default function CreateProjectPage() {
  const navigate = useNavigate();
  const validateId = useValidateProjectId();
  const create = useCreateProject();
  const form = useProjectForm(projectFormValues(), {
    validateId: (id) => validateId.mutateAsync(id),
    submit: async (values) => {
      await create.mutateAsync(values);
      guard.release();
      await navigate({ to: '/projects/$projectId', params: { projectId: values.id }, search: { created: true } });
    },
  });
  const guard = useLeaveGuard(form.dirty);
  return (
    <ProjectForm
      form={form}
      title="Create project"
      submitLabel="Create"
      onCancel={() => void navigate({ to: '/projects' })}
    />
  );
}
