import { getRouteApi } from '@tanstack/react-router';
import { ArchivedFeatures } from '../../feature-toggles/components/archive/ArchivePage';

const route = getRouteApi('/main/projects/$projectId/archived');

/** /projects/{id}/archived: the archive list, this project's toggles only. */
export default function ArchivedProjectPage() {
  const { projectId } = route.useParams();
  return <ArchivedFeatures projectId={projectId} />;
}
