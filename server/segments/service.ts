import type { SegmentInput, SegmentStrategies } from '../../contract/segments.ts';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvent } from '../platform/events/store.ts';
import { ApiError, nameExists, notFound, validationError } from '../platform/http/errors.ts';
import { projectExists } from '../projects/index.ts';
import { findSegment, findSegmentByName, type SegmentRow } from './read-model.ts';
import { otherProjects, segmentConstraints, segmentName } from './rules.ts';
import {
  deleteSegment,
  insertSegment,
  lockSegment,
  strategiesUsing,
  updateSegment,
  type SegmentData,
} from './store.ts';
import { segmentView } from './views.ts';

const segmentNotFound = (id: number) => notFound(`Could not find segment with id ${id}`);
const segmentExists = () => nameExists('Segment name already exists');

export async function requireSegment(deps: AppDeps, id: number): Promise<SegmentRow> {
  const row = await findSegment(deps.db, id);
  if (!row) throw segmentNotFound(id);
  return row;
}

/** POST api/admin/segments/validate: 409 when the name is taken. */
export async function validateSegmentName(deps: AppDeps, name: string): Promise<void> {
  if (await findSegmentByName(deps.db, segmentName(name))) throw segmentExists();
}

/** The segment as stored, from a request: every field checked (a 400 naming the field) before anything is written. */
async function segmentData(db: Db, input: SegmentInput): Promise<SegmentData> {
  const data = {
    name: segmentName(input.name),
    description: input.description ?? null,
    project: input.project ?? null,
    constraints: segmentConstraints(input.constraints),
  };
  if (data.project !== null && !(await projectExists(db, data.project))) {
    throw validationError(
      'project',
      `"project" must be an existing project: ${data.project} does not exist`,
      data.project,
    );
  }
  return data;
}

/** GET api/admin/segments/{id}/strategies (404 for an unknown segment). */
export async function segmentStrategies(deps: AppDeps, id: number): Promise<SegmentStrategies> {
  await requireSegment(deps, id);
  return { strategies: await strategiesUsing(deps.db, id), changeRequestStrategies: [] };
}

export async function createSegment(deps: AppDeps, actor: string, input: SegmentInput): Promise<SegmentRow> {
  return deps.db.transaction(async (tx) => {
    const data = await segmentData(tx, input);
    const row = await insertSegment(tx, { ...data, createdBy: actor });
    if (!row) throw segmentExists();
    await appendEvent(tx, { type: 'segment-created', createdBy: actor, project: row.project, data: segmentView(row) });
    return row;
  });
}

/**
 * PUT api/admin/segments/{id}: every field replaced (a missing project makes it global, as Unleash). A segment of a
 * project cannot be given a project other than those of the strategies that use it. The segment is locked, so no
 * strategy starts using it meanwhile.
 */
export async function changeSegment(
  deps: AppDeps,
  actor: string,
  id: number,
  input: SegmentInput,
): Promise<SegmentRow> {
  return deps.db.transaction(async (tx) => {
    const before = await lockSegment(tx, id);
    if (!before) throw segmentNotFound(id);
    const data = await segmentData(tx, input);
    const elsewhere = otherProjects(
      data.project,
      (await strategiesUsing(tx, id)).map((s) => s.projectId),
    );
    if (elsewhere.length > 0) {
      throw validationError(
        'project',
        `Invalid project. Segment is being used by strategies in other projects: ${elsewhere.join(', ')}`,
        data.project,
      );
    }
    const row = await updateSegment(tx, id, data);
    if (!row) throw segmentExists();
    await appendEvent(tx, {
      type: 'segment-updated',
      createdBy: actor,
      project: row.project,
      data: segmentView(row),
      preData: segmentView(before),
    });
    return row;
  });
}

/** The most strategies a refusal to delete names one by one. */
const NAMED_USES = 5;

/** DELETE api/admin/segments/{id}: refused (409, naming where) while a strategy uses it. */
export async function removeSegment(deps: AppDeps, actor: string, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await lockSegment(tx, id);
    if (!before) throw segmentNotFound(id);
    const uses = await strategiesUsing(tx, id);
    if (uses.length > 0) {
      const named = uses.slice(0, NAMED_USES).map((s) => `${s.featureName} in ${s.environment}`);
      const more = uses.length > NAMED_USES ? ` and ${uses.length - NAMED_USES} more` : '';
      throw new ApiError(
        409,
        'SegmentInUseError',
        `The segment ${before.name} is used by ${uses.length} ${uses.length === 1 ? 'strategy' : 'strategies'} ` +
          `(${named.join(', ')}${more}): remove it from them first`,
      );
    }
    await deleteSegment(tx, id);
    await appendEvent(tx, {
      type: 'segment-deleted',
      createdBy: actor,
      project: before.project,
      data: { id, name: before.name },
      preData: segmentView(before),
    });
  });
}
