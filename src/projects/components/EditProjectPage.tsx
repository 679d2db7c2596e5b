import { Loader, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useProjects } from '../api/queries';
import { FETCH_PROJECT_FAILED } from '../messages';
import { EditProjectForm } from './EditProjectForm';

const route = getRouteApi('/main/projects/$projectId/edit');

/** /projects/{id}/edit: the project form with the id locked; Cancel goes back to the project. */
export default function EditProjectPage() {
  const { projectId } = route.useParams();
  const projects = useProjects();
  const project = projects.data?.find((p) => p.id === projectId);
  if (project) return <EditProjectForm key={project.id} project={project} />;
  if (projects.isPending) return <Loader aria-label="Loading the project" />;
  return (
    <Text c="red.8" role="alert">
      {FETCH_PROJECT_FAILED}
    </Text>
  );
}
