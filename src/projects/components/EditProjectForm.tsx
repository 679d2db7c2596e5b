import { useNavigate } from '@tanstack/react-router';
import { useUpdateProject } from '../api/use-update-project';
import { ProjectForm } from './ProjectForm';
import { projectFormValues, type Project } from '../rules';
import { useProjectForm } from './use-project-form';

/** The project form in edit mode (the edit page and the settings tab): saved, the project page with ?edited=true. */
export function EditProjectForm({ project, titleOrder }: { project: Project; titleOrder?: 1 | 2 }) {
  const navigate = useNavigate();
  const update = useUpdateProject();
  const toProject = (edited?: true) =>
    navigate({ to: '/projects/$projectId', params: { projectId: project.id }, search: { edited } });
  const form = useProjectForm(projectFormValues(project), {
    submit: (values) => update.mutateAsync(values),
    onSaved: () => toProject(true),
  });
  return (
    <ProjectForm
      form={form}
      title="Edit project"
      submitLabel="Update"
      titleOrder={titleOrder}
      onCancel={() => void toProject()}
    />
  );
}
