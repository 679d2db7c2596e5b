import type { ChangeRequest, QueuedChange } from '../../offline/changes';
import { isToggleChange, type ToggleChange } from './changes';

export interface BulkTag {
  type: string;
  value: string;
}

/** What a bulk change does to each of its toggles. */
export type BulkAction =
  | { action: 'environment'; environment: string; enabled: boolean }
  | { action: 'stale'; stale: boolean }
  | { action: 'tags'; addedTags: BulkTag[]; removedTags: BulkTag[] }
  | { action: 'archive' };

/**
 * One change of many toggles of a project (the list's and the project table's action bar): queued as one change, sent
 * in one call with every toggle's version; any toggle changed elsewhere meanwhile holds the whole change.
 */
export type BulkChange = { kind: 'toggles-bulk'; features: string[] } & BulkAction;

export const isBulkChange = (entry: QueuedChange): entry is QueuedChange<BulkChange> =>
  entry.change.kind === 'toggles-bulk';

/** The record a bulk change is queued under, as the waiting list and the refresh notice name it. */
export const bulkRecord = (project: string, count: number) =>
  `${count} ${count === 1 ? 'toggle' : 'toggles'} in ${project}`;

const countOf = (change: BulkChange) =>
  `${change.features.length} ${change.features.length === 1 ? 'toggle' : 'toggles'}`;

const tagWords = (change: Extract<BulkChange, { action: 'tags' }>) =>
  [
    change.addedTags.length > 0 && `add ${change.addedTags.map((t) => `${t.type}:${t.value}`).join(', ')}`,
    change.removedTags.length > 0 && `remove ${change.removedTags.map((t) => `${t.type}:${t.value}`).join(', ')}`,
  ]
    .filter(Boolean)
    .join(' and ');

/** The change in words: 'Turn off 3 toggles in production'. */
export function describeBulk(change: BulkChange): string {
  const count = countOf(change);
  switch (change.action) {
    case 'environment':
      return `Turn ${change.enabled ? 'on' : 'off'} ${count} in ${change.environment}`;
    case 'stale':
      return `Mark ${count} as ${change.stale ? 'stale' : 'not stale'}`;
    case 'tags':
      return `Tags of ${count}: ${tagWords(change)}`;
    case 'archive':
      return `Archive ${count}`;
  }
}

export function notDoneBulk(change: BulkChange): string {
  const count = countOf(change);
  switch (change.action) {
    case 'environment':
      return `${count} in ${change.environment} were not turned ${change.enabled ? 'on' : 'off'}`;
    case 'stale':
      return `${count} were not marked as ${change.stale ? 'stale' : 'not stale'}`;
    case 'tags':
      return `The tags of ${count} were not changed`;
    case 'archive':
      return `${count} were not archived`;
  }
}

export function successBulk(change: BulkChange): string {
  const count = countOf(change);
  switch (change.action) {
    case 'environment':
      return `${count} turned ${change.enabled ? 'on' : 'off'} in ${change.environment}`;
    case 'stale':
      return `${count} marked as ${change.stale ? 'stale' : 'not stale'}`;
    case 'tags':
      return `Tags of ${count} changed`;
    case 'archive':
      return `${count} archived`;
  }
}

/** What the change does to one of its toggles as the mirror shows it (tags and archiving show once sent). */
export function toggleChangeOf(change: BulkChange): ToggleChange | undefined {
  if (change.action === 'environment')
    return { kind: 'environment', environment: change.environment, enabled: change.enabled };
  if (change.action === 'stale') return { kind: 'stale', stale: change.stale };
  return undefined;
}

/** The toggle changes queued changes make to a toggle, in order: its own and its share of bulk changes. */
export const toggleChangesOf = (entries: QueuedChange[]): ToggleChange[] =>
  entries.flatMap((entry) => {
    if (isToggleChange(entry)) return [entry.change];
    const change = isBulkChange(entry) ? toggleChangeOf(entry.change) : undefined;
    return change ? [change] : [];
  });

const enc = encodeURIComponent;

/** The one call a bulk change makes (Unleash 5's paths), with every toggle's version it was made against. */
export function bulkRequest({ project, change, baseVersions }: QueuedChange<BulkChange>): ChangeRequest {
  const base = `api/admin/projects/${enc(project)}`;
  // JSON leaves out the toggles whose version was not known: the server does not check those.
  const body = { features: change.features, versions: baseVersions };
  switch (change.action) {
    case 'environment':
      return {
        method: 'POST',
        path: `${base}/bulk_features/environments/${enc(change.environment)}/${change.enabled ? 'on' : 'off'}`,
        body,
        layer: 'project',
      };
    case 'stale':
      return { method: 'POST', path: `${base}/stale`, body: { ...body, stale: change.stale }, layer: 'project' };
    case 'tags':
      return {
        method: 'PUT',
        path: `${base}/tags`,
        body: { ...body, tags: { addedTags: change.addedTags, removedTags: change.removedTags } },
        layer: 'project',
      };
    case 'archive':
      return { method: 'POST', path: `${base}/archive`, body, layer: 'project' };
  }
}
