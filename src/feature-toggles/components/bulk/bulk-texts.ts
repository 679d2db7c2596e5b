import type { BulkAction } from '../../offline/bulk';
import { PRODUCTION_TYPE } from '../common/constants';

/** An environment as the action bar offers it. */
export interface BulkEnvironment {
  name: string;
  type?: string;
}

const toggles = (count: number) => `${count} ${count === 1 ? 'toggle' : 'toggles'}`;

/**
 * The confirmation's question: it names the count and, for a change in a production-type environment, that
 * environment ('Turn off 3 toggles in production?').
 */
export function bulkQuestion(action: BulkAction, count: number): string {
  switch (action.action) {
    case 'environment':
      return `Turn ${action.enabled ? 'on' : 'off'} ${toggles(count)} in ${action.environment}?`;
    case 'stale':
      return `Mark ${toggles(count)} as ${action.stale ? 'stale' : 'not stale'}?`;
    case 'tags':
      return `${action.addedTags.length > 0 ? 'Add a tag to' : 'Remove a tag from'} ${toggles(count)}?`;
    case 'archive':
      return `Archive ${toggles(count)}?`;
  }
}

/** What the confirmation says below the question: the production warning, the projects, the tag. */
export function bulkDetail(action: BulkAction, environment: BulkEnvironment | undefined, projects: string[]): string {
  const parts: string[] = [];
  if (action.action === 'environment' && environment?.type === PRODUCTION_TYPE)
    parts.push(`${environment.name} is a production environment: the change reaches its users at once.`);
  if (action.action === 'tags') {
    const [tag] = [...action.addedTags, ...action.removedTags];
    if (tag) parts.push(`Tag ${tag.type}:${tag.value}.`);
  }
  if (action.action === 'archive') parts.push('Archived toggles stop being served to SDKs; they can be revived.');
  if (projects.length > 1) parts.push(`They belong to ${projects.length} projects: one change per project.`);
  return parts.join(' ');
}

/** The confirm button's label. */
export function bulkConfirmLabel(action: BulkAction): string {
  switch (action.action) {
    case 'environment':
      return action.enabled ? 'Turn on' : 'Turn off';
    case 'stale':
      return action.stale ? 'Mark stale' : 'Mark not stale';
    case 'tags':
      return action.addedTags.length > 0 ? 'Add tag' : 'Remove tag';
    case 'archive':
      return 'Archive';
  }
}

/** The names selected among `names`: all, some or none (the header checkbox's state). */
export function selectionOf(names: readonly string[], selected: ReadonlySet<string>): 'all' | 'some' | 'none' {
  const count = names.reduce((n, name) => n + Number(selected.has(name)), 0);
  return count === 0 ? 'none' : count === names.length ? 'all' : 'some';
}

/** The selected toggles by project: a bulk change is one project's. */
export function byProject<T extends { name: string; project?: string }>(
  toggles: readonly T[],
  selected: ReadonlySet<string>,
  fallback: string,
): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const toggle of toggles) {
    if (!selected.has(toggle.name)) continue;
    const project = toggle.project ?? fallback;
    groups.set(project, [...(groups.get(project) ?? []), toggle.name]);
  }
  return groups;
}
