import { Link } from '@tanstack/react-router';

/** A toggle of the project by name, linked to its view. */
export function ToggleLink({ projectId, name }: { projectId: string; name: string }) {
  return (
    <Link
      to="/projects/$projectId/features2/$featureId"
      params={{ projectId, featureId: name }}
      className="sy-feature-link sy-project-link"
    >
      {name}
    </Link>
  );
}
