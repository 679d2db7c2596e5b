import type { SegmentInput, SegmentStrategies } from '../../contract/segments.ts';
import type { AppDeps } from '../deps.ts';
import { countTogglesUsingStrategy, strategiesUsingSegment } from '../features/index.ts';
import { ApiError, invalidOperation, validationError } from '../platform/http/errors.ts';
import {
  lockExistingSegment,
  otherProjects,
  removeLockedSegment,
  replaceSegment,
  requireSegment,
  segmentData,
} from '../segments/index.ts';
import { deleteDefinition, requireCustomStrategy } from '../strategies/index.ts';

// What the toggles' strategy instances use, segments and strategy definitions, and the changes that depend on it.
// Above segments, strategy definitions and toggles (which read the first two).

/** GET api/admin/segments/{id}/strategies (404 for an unknown segment). */
export async function segmentStrategies(deps: AppDeps, id: number): Promise<SegmentStrategies> {
  await requireSegment(deps, id);
  return { strategies: await strategiesUsingSegment(deps.db, id), changeRequestStrategies: [] };
}

/**
 * PUT api/admin/segments/{id}: every field replaced (a missing project makes it global, as Unleash). A segment of a
 * project cannot be given a project other than those of the strategies that use it. The segment is locked, so no
 * strategy starts using it meanwhile.
 */
export async function changeSegment(deps: AppDeps, actor: string, id: number, input: SegmentInput) {
  return deps.db.transaction(async (tx) => {
    const before = await lockExistingSegment(tx, id);
    const data = await segmentData(tx, input);
    const elsewhere = otherProjects(
      data.project,
      (await strategiesUsingSegment(tx, id)).map((s) => s.projectId),
    );
    if (elsewhere.length > 0) {
      throw validationError(
        'project',
        `Invalid project. Segment is being used by strategies in other projects: ${elsewhere.join(', ')}`,
        data.project,
      );
    }
    return replaceSegment(tx, actor, before, data);
  });
}

/** The most strategies a refusal to delete names one by one. */
const NAMED_USES = 5;

/** DELETE api/admin/segments/{id}: refused (409, naming where) while a strategy uses it. */
export async function removeSegment(deps: AppDeps, actor: string, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await lockExistingSegment(tx, id);
    const uses = await strategiesUsingSegment(tx, id);
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
    await removeLockedSegment(tx, actor, before);
  });
}

/** DELETE api/admin/strategies/{name}: a custom strategy that no toggle uses. */
export async function removeStrategy(deps: AppDeps, actor: string, name: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await requireCustomStrategy(tx, name, 'deleted');
    const uses = await countTogglesUsingStrategy(tx, name);
    if (uses > 0) {
      const toggles = uses === 1 ? '1 feature toggle' : `${uses} feature toggles`;
      throw invalidOperation(
        `Strategy ${name} is used by ${toggles} (archived ones included): remove it from them before deleting it`,
      );
    }
    await deleteDefinition(tx, actor, before);
  });
}
