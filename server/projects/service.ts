import type { Db } from '../db/client.ts';
import { projectEnvironmentNames } from '../environments/store.ts';
import { potentiallyStale } from '../feature-types/types.ts';
import { featureOverviews } from '../features/service.ts';
import { listFeatures, type FeatureRow } from '../features/store.ts';
import { notFound } from '../http/errors.ts';
import { listProjects } from './store.ts';

/** Percentage of live toggles that are neither stale nor past their type's lifetime (100 without toggles). */
export function health(features: FeatureRow[], now = Date.now()): number {
  if (features.length === 0) return 100;
  const healthy = features.filter((f) => !f.stale && !potentiallyStale(f.type, f.createdAt, now)).length;
  return Math.round((healthy / features.length) * 100);
}

/** GET api/admin/projects (and ui-bootstrap): every project with its toggle count and health. */
export async function projectList(db: Db) {
  const [projects, features] = await Promise.all([listProjects(db), listFeatures(db, { archived: false })]);
  return projects.map((p) => {
    const own = features.filter((f) => f.project === p.id);
    return {
      id: p.id,
      name: p.name,
      description: p.description,
      createdAt: p.createdAt,
      health: health(own),
      featureCount: own.length,
      memberCount: 0,
    };
  });
}

/** GET api/admin/projects/{id}: Unleash's shape, plus id. */
export async function projectOverview(db: Db, id: string) {
  const project = (await listProjects(db)).find((p) => p.id === id);
  if (!project) throw notFound('No project found');
  const [environments, features] = await Promise.all([
    projectEnvironmentNames(db, id),
    listFeatures(db, { archived: false, projects: [id] }),
  ]);
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    health: health(features),
    environments,
    features: await featureOverviews(db, features),
    members: 0,
    version: 1,
  };
}
