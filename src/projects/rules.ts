import type { ProjectSummary } from '../../contract/projects';
import type { Received } from '../shared/api/received';

/** A project as GET api/admin/projects lists it. */
export type Project = Received<ProjectSummary, 'id' | 'name'>;

/** Health rating thresholds: under 50 danger, under 75 warning. */
export const HEALTH_DANGER_BELOW = 50;
export const HEALTH_WARNING_BELOW = 75;

export type HealthLevel = 'danger' | 'warning' | 'healthy';

export function healthLevel(health: number): HealthLevel {
  if (health < HEALTH_DANGER_BELOW) return 'danger';
  if (health < HEALTH_WARNING_BELOW) return 'warning';
  return 'healthy';
}

/** The colour a health rating is drawn in (text on a light badge, readable in both schemes). */
export const HEALTH_COLOR: Record<HealthLevel, string> = { danger: 'red', warning: 'orange', healthy: 'green' };

/** What the project form edits and sends. */
export interface ProjectFormValues {
  id: string;
  name: string;
  description: string;
}

/** Values for a new project, or for editing `project`. */
export const projectFormValues = (project?: Project): ProjectFormValues => ({
  id: project?.id ?? '',
  name: project?.name ?? '',
  description: project?.description ?? '',
});
