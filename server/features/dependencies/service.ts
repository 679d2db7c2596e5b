import type { Dependency } from '../../../contract/features.ts';
import type { StrategyVariant, Variant } from '../../../contract/variants.ts';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { appendEvent } from '../../platform/events/store.ts';
import { invalidOperation, notFound, validationError } from '../../platform/http/errors.ts';
import { strategiesOf } from '../environment-strategies/store.ts';
import { foundFeature } from '../rules.ts';
import { findFeature } from '../store.ts';
import { lockForChange, type ToggleWrite } from '../toggle-write.ts';
import { childrenOf, deleteDependencies, parentsOf, setParent } from './store.ts';
import { dependencyView } from './views.ts';

// Dependent toggles (Unleash 5's API): a child is on only when its parent is on (or off), and, when variants are
// listed, only when the parent's variant is one of them. One level only: a parent has no parent of its own and a
// child has no children, so there are no cycles, and SDKs (which do not follow a parent's parent) agree.

/** The variant names a toggle can give: its own variants and those of its strategies in every environment. */
async function variantNamesOf(db: Db, feature: { name: string; variants: unknown }): Promise<Set<string>> {
  const own = ((feature.variants as Variant[] | null) ?? []).map((v) => v.name);
  const ofStrategies = (await strategiesOf(db, [feature.name])).flatMap((s) =>
    (s.variants as StrategyVariant[]).map((v) => v.name),
  );
  return new Set([...own, ...ofStrategies]);
}

/**
 * POST api/admin/projects/{p}/features/{child}/dependencies: makes `body.feature` the child's parent (replacing the
 * one it had: a toggle has at most one). The parent must be a live toggle of the same project, not the child, without
 * a parent of its own; the child must have no children; `variants` only names variants the parent has.
 */
export async function addDependency(
  deps: AppDeps,
  write: ToggleWrite,
  project: string,
  childName: string,
  body: Dependency,
) {
  await deps.db.transaction(async (tx) => {
    const child = await lockForChange(tx, childName, write, { project, live: true });
    if (body.feature === child.name) {
      throw validationError('feature', 'A feature toggle cannot depend on itself', body.feature);
    }
    const parent = foundFeature(await findFeature(tx, body.feature), body.feature, {});
    if (parent.project !== project) {
      throw validationError(
        'feature',
        `The parent ${parent.name} is in project ${parent.project}: a toggle can depend only on a toggle of its own project (${project})`,
        body.feature,
      );
    }
    if (parent.archivedAt !== null) {
      throw validationError('feature', `The parent ${parent.name} is archived: revive it first`, body.feature);
    }
    const [grandparent] = await parentsOf(tx, [parent.name]);
    if (grandparent) {
      throw validationError(
        'feature',
        `${parent.name} depends on ${grandparent.parent}: a toggle that has a parent cannot be a parent`,
        body.feature,
      );
    }
    const children = await childrenOf(tx, [child.name]);
    if (children.length > 0) {
      throw invalidOperation(
        `${child.name} is the parent of ${children.map((d) => d.child).join(', ')}: a parent cannot depend on another toggle`,
      );
    }
    const enabled = body.enabled ?? true;
    const variants = [...new Set(body.variants ?? [])];
    if (!enabled && variants.length > 0) {
      throw validationError('variants', 'Variants can only be required of a parent that must be enabled', variants);
    }
    const known = await variantNamesOf(tx, parent);
    variants.forEach((name, i) => {
      if (!known.has(name)) {
        throw validationError(['variants', i], `The parent ${parent.name} has no variant named ${name}`, name);
      }
    });
    const [before] = await parentsOf(tx, [child.name]);
    await setParent(tx, child.name, { feature: parent.name, enabled, variants });
    await appendEvent(tx, {
      type: 'feature-dependency-added',
      createdBy: write.actor,
      featureName: child.name,
      project,
      data: { feature: parent.name, enabled, variants },
      preData: before ? dependencyView(before) : null,
    });
  });
}

/**
 * DELETE .../dependencies/{parent} (one) and DELETE .../dependencies (every one): 404 when there is no such
 * dependency.
 */
export async function removeDependencies(
  deps: AppDeps,
  write: ToggleWrite,
  project: string,
  childName: string,
  parent?: string,
) {
  await deps.db.transaction(async (tx) => {
    const child = await lockForChange(tx, childName, write, { project, live: true });
    const removed = await deleteDependencies(tx, child.name, parent);
    if (parent !== undefined && removed.length === 0) {
      throw notFound(`${child.name} does not depend on ${parent}`);
    }
    await appendEvent(tx, {
      type: parent === undefined ? 'feature-dependencies-removed' : 'feature-dependency-removed',
      createdBy: write.actor,
      featureName: child.name,
      project,
      data: null,
      preData: removed.map(dependencyView),
    });
  });
}

const dependentsLeft = (name: string, children: string[], verb: string) =>
  invalidOperation(
    `${name} cannot be ${verb}: ${children.join(', ')} ${children.length === 1 ? 'depends' : 'depend'} on it. ` +
      'Remove the dependencies first',
  );

/**
 * Archiving a toggle that live toggles depend on is refused, naming them (they would lose their parent); so is moving
 * a toggle that has a parent or live children to another project (a dependency stays within one project).
 */
export async function checkNoDependents(db: Db, name: string, change: 'archive' | 'move') {
  if (change === 'archive') return checkNoDependentsLeft(db, [name]);
  const live = (await childrenOf(db, [name], { live: true })).map((d) => d.child);
  if (live.length > 0) throw dependentsLeft(name, live, 'moved to another project');
  const [parent] = await parentsOf(db, [name]);
  if (parent) {
    throw invalidOperation(
      `${name} cannot be moved to another project: it depends on ${parent.parent}. Remove the dependency first`,
    );
  }
}

/**
 * Archiving toggles that live toggles depend on is refused, naming the first and its children, unless those
 * children are archived with them.
 */
export async function checkNoDependentsLeft(db: Db, names: readonly string[]) {
  const archived = new Set(names);
  const left = (await childrenOf(db, [...names], { live: true })).filter((d) => !archived.has(d.child));
  if (left.length === 0) return;
  const parent = left[0].parent;
  throw dependentsLeft(
    parent,
    left.filter((d) => d.parent === parent).map((d) => d.child),
    'archived',
  );
}
