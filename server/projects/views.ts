import type { ProjectSummary } from '../../contract/projects.ts';
import type { ProjectRow } from './read-model.ts';

/** How many toggles a project has and how healthy they are (worked out above projects, where toggles are known). */
export interface ToggleStats {
  health: number;
  featureCount: number;
}

/** A new project has no toggles: it is fully healthy. */
export const NO_TOGGLES: ToggleStats = { health: 100, featureCount: 0 };

/** A project as the list shows it (GET api/admin/projects; also the answer of create and update). */
export const projectSummary = (p: ProjectRow, toggles: ToggleStats): ProjectSummary => ({
  id: p.id,
  name: p.name,
  description: p.description,
  createdAt: p.createdAt,
  health: toggles.health,
  featureCount: toggles.featureCount,
  memberCount: 0,
});

/** What events record about a project. */
export const projectData = (p: ProjectRow, environments: string[]) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  environments,
});
