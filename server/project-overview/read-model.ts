import { DEFAULT_UNSEEN_DAYS } from '../../contract/projects.ts';
import { currentStages } from '../feature-lifecycle/index.ts';
import { featureOverviews, liveFeatures, type FeatureRow } from '../features/index.ts';
import { environmentsUsedSince } from '../metrics/index.ts';
import type { Db } from '../platform/db/client.ts';
import {
  listProjects,
  memberCount,
  memberCounts,
  projectEnvironmentNames,
  projectSummary,
  requireProject,
  type ProjectRow,
} from '../projects/index.ts';
import { DAY_MS, health, healthCounts, statusFigures } from './rules.ts';

// Reads of a project together with its toggles: above both projects and features, which do not know each other.

const summaryOf = (project: ProjectRow, own: FeatureRow[], members: number) => ({
  ...projectSummary(project, { health: health(own), featureCount: own.length }),
  memberCount: members,
});

/** GET api/admin/projects (and ui-bootstrap): every project with its toggle count, health and member count. */
export async function projectList(db: Db) {
  const [projects, features, members] = await Promise.all([listProjects(db), liveFeatures(db), memberCounts(db)]);
  return projects.map((p) =>
    summaryOf(
      p,
      features.filter((f) => f.project === p.id),
      members.get(p.id) ?? 0,
    ),
  );
}

/** One project as the list shows it (the answer of its update). */
export async function projectListItem(db: Db, project: ProjectRow) {
  const [features, members] = await Promise.all([
    liveFeatures(db, { projects: [project.id] }),
    memberCount(db, project.id),
  ]);
  return summaryOf(project, features, members);
}

/** The project (404 otherwise), its environments, its live toggles and how many users hold a role in it. */
async function withToggles(db: Db, id: string) {
  const project = await requireProject(db, id);
  const [environments, features, members] = await Promise.all([
    projectEnvironmentNames(db, id),
    liveFeatures(db, { projects: [id] }),
    memberCount(db, id),
  ]);
  return { project, environments, features, members };
}

/** The project's toggles as its overview lists them: with each one's environments and current lifecycle stage. */
async function projectToggles(db: Db, features: FeatureRow[]) {
  const [overviews, stageOf] = await Promise.all([featureOverviews(db, features), currentStages(db, features)]);
  return overviews.map((overview) => ({ ...overview, lifecycle: stageOf(overview.name) }));
}

/** GET api/admin/projects/{id}: Unleash's shape, plus id. */
export async function projectOverview(db: Db, id: string) {
  const { project, environments, features, members } = await withToggles(db, id);
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    health: health(features),
    environments,
    features: await projectToggles(db, features),
    members,
    version: 1 as const,
  };
}

/**
 * GET api/admin/projects/{id}/health-report: the overview plus the counts and when the report was made (it is
 * computed on every call, so updatedAt is now).
 */
export async function healthReport(db: Db, id: string) {
  const now = Date.now();
  const { project, environments, features, members } = await withToggles(db, id);
  return {
    version: 1 as const,
    id: project.id,
    name: project.name,
    description: project.description,
    health: health(features, now),
    environments,
    features: await projectToggles(db, features),
    members,
    ...healthCounts(features, now),
    updatedAt: new Date(now),
  };
}

/** GET api/admin/projects/{id}/status: the toggles to clean up (see statusFigures), as of now. */
export async function projectStatus(db: Db, id: string, unseenDays = DEFAULT_UNSEEN_DAYS) {
  const now = Date.now();
  const { environments, features } = await withToggles(db, id);
  const since = new Date(now - unseenDays * DAY_MS);
  const names = features.map((f) => f.name);
  const [stageOf, used] = await Promise.all([currentStages(db, features), environmentsUsedSince(db, names, since)]);
  return {
    version: 1 as const,
    unseenDays,
    ...statusFigures({ features, environments, stageOf, used, since, now }),
  };
}
