import type { SegmentInput } from '../../contract/segments.ts';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvent, beforeAndAfter } from '../platform/events/store.ts';
import { nameExists, notFound, validationError } from '../platform/http/errors.ts';
import { projectExists } from '../projects/index.ts';
import { findSegment, findSegmentByName, type SegmentRow } from './read-model.ts';
import { segmentConstraints, segmentName } from './rules.ts';
import { deleteSegment, insertSegment, lockSegment, updateSegment, type SegmentData } from './store.ts';
import { segmentView } from './views.ts';

// The segment commands. Those that depend on the strategies using a segment (its change and its deletion) are
// above the toggles, in strategy-usage/; they are made of the pieces here.

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
export async function segmentData(db: Db, input: SegmentInput): Promise<SegmentData> {
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

/** Creates a segment in the caller's transaction, with its event; 409 when the name is taken. */
export async function addSegment(tx: Db, actor: string, data: SegmentData): Promise<SegmentRow> {
  const row = await insertSegment(tx, { ...data, createdBy: actor });
  if (!row) throw segmentExists();
  await appendEvent(tx, { type: 'segment-created', createdBy: actor, project: row.project, data: segmentView(row) });
  return row;
}

export async function createSegment(deps: AppDeps, actor: string, input: SegmentInput): Promise<SegmentRow> {
  return deps.db.transaction(async (tx) => addSegment(tx, actor, await segmentData(tx, input)));
}

/** The segment locked for a change until the transaction ends (no strategy starts using it meanwhile), or 404. */
export async function lockExistingSegment(tx: Db, id: number): Promise<SegmentRow> {
  const row = await lockSegment(tx, id);
  if (!row) throw segmentNotFound(id);
  return row;
}

/** Replaces every field of a locked segment, with its event; 409 when the new name is another segment's. */
export async function replaceSegment(tx: Db, actor: string, before: SegmentRow, data: SegmentData) {
  const row = await updateSegment(tx, before.id, data);
  if (!row) throw segmentExists();
  await appendEvent(tx, {
    type: 'segment-updated',
    createdBy: actor,
    project: row.project,
    ...beforeAndAfter(segmentView, before, row),
  });
  return row;
}

/** Deletes a locked segment, with its event. */
export async function removeLockedSegment(tx: Db, actor: string, before: SegmentRow): Promise<void> {
  await deleteSegment(tx, before.id);
  await appendEvent(tx, {
    type: 'segment-deleted',
    createdBy: actor,
    project: before.project,
    data: { id: before.id, name: before.name },
    preData: segmentView(before),
  });
}
