import { getRouteApi } from '@tanstack/react-router';
import { RecordGate } from '../../shared/ui/RecordGate';
import { useProjects } from '../api/queries';
import { FETCH_PROJECT_FAILED } from '../messages';
import { EditProjectForm } from './EditProjectForm';

const route = getRouteApi('/main/projects/$projectId/edit');

/** /projects/{id}/edit: the project form with the id locked; Cancel goes back to the project. */
export default function EditProjectPage() {
  const { projectId } = route.useParams();
  return (
    <RecordGate
      query={useProjects()}
      find={(projects) => projects.find((p) => p.id === projectId)}
      loading="Loading the project"
      notFound={FETCH_PROJECT_FAILED}
      failed={FETCH_PROJECT_FAILED}
    >
      {(project) => <EditProjectForm key={project.id} project={project} />}
    </RecordGate>
  );
}
