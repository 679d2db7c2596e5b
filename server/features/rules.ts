import { invalidOperation, notFound, validationError } from '../platform/http/errors.ts';
import type { FeatureRow } from './store.ts';

/** The environment the classic API (api/admin/features) reads and writes, as in Unleash 4.2. */
export const CLASSIC_ENV = 'default';

/** What would break a URL that names the toggle, percent-encoded or not, or is not text. */
const BREAKS_URLS = /[/?#%\\\s\p{Cc}]/u;

const NAME_MAX = 100;

/**
 * A toggle's name: 1 to 100 characters, any letters (UTF-8: 'Hellø_Wørld', emoji, CJK, as Unleash's client
 * specification uses), but nothing that breaks a URL that names it: no '/', '\\', '?', '#', '%', whitespace or control
 * characters, and not '.' or '..'.
 */
export function checkName(name: string) {
  if (name.length < 1) throw validationError('name', '"name" length must be at least 1 characters long', name);
  if (name.length > NAME_MAX) {
    throw validationError('name', `"name" length must be less than or equal to ${NAME_MAX} characters long`, name);
  }
  if (BREAKS_URLS.test(name) || name === '.' || name === '..') {
    throw validationError(
      'name',
      `"name" must be URL friendly: no /, \\, ?, #, %, spaces or control characters, and not . or ..`,
      name,
    );
  }
}

export interface RequireOptions {
  /** The toggle must be in this project. */
  project?: string;
  /** The toggle must not be archived. */
  live?: boolean;
  /** The toggle must be archived. */
  archived?: boolean;
}

/** The toggle, or 404; with `project`, it must be in that project. */
export function foundFeature(feature: FeatureRow | undefined, name: string, options: RequireOptions): FeatureRow {
  if (!feature || (options.project !== undefined && feature.project !== options.project)) {
    const where = options.project === undefined ? '' : ` in project ${options.project}`;
    throw notFound(`Could not find feature toggle with name ${name}${where}`);
  }
  return feature;
}

/** With `live`, the toggle must not be archived; with `archived`, it must be. */
export function checkArchiveState(feature: FeatureRow, options: RequireOptions) {
  if (options.live && feature.archivedAt !== null) {
    throw invalidOperation(`The feature toggle ${feature.name} is archived: revive it before changing it`);
  }
  if (options.archived && feature.archivedAt === null) {
    throw invalidOperation(`The feature toggle ${feature.name} is not archived`);
  }
}

/** Toggle names for a message: all of them, or the first 20 and how many more. */
export const nameList = (names: readonly string[]) =>
  names.length <= 20 ? names.join(', ') : `${names.slice(0, 20).join(', ')} and ${names.length - 20} more`;

/**
 * The rows of every named toggle (deduplicated, in name order as read), or one 404 naming each that does not exist
 * or, with `project`, is in another project: a change of many toggles is made to all of them or to none.
 */
export function foundFeatures(rows: FeatureRow[], names: readonly string[], options: RequireOptions): FeatureRow[] {
  const found = new Set(
    rows.filter((row) => options.project === undefined || row.project === options.project).map((row) => row.name),
  );
  const missing = [...new Set(names)].filter((name) => !found.has(name));
  if (missing.length > 0) {
    const where = options.project === undefined ? '' : ` in project ${options.project}`;
    throw notFound(`Could not find feature toggles with the names ${nameList(missing)}${where}`);
  }
  return rows;
}

/** checkArchiveState of many toggles at once: one 400 naming every toggle in the wrong state. */
export function checkArchiveStates(rows: FeatureRow[], options: RequireOptions) {
  const archived = rows.filter((row) => row.archivedAt !== null).map((row) => row.name);
  const live = rows.filter((row) => row.archivedAt === null).map((row) => row.name);
  if (options.live && archived.length > 0) {
    throw invalidOperation(
      `These feature toggles are archived: revive them before changing them: ${nameList(archived)}`,
    );
  }
  if (options.archived && live.length > 0) {
    throw invalidOperation(`These feature toggles are not archived: ${nameList(live)}`);
  }
}
