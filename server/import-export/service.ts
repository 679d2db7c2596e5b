import type { ExportQuery, ExportResult, ImportRequest, ImportValidation } from '../../contract/import-export.ts';
import { can, type PermissionEntry } from '../../contract/permissions.ts';
import type { Variant } from '../../contract/variants.ts';
import { addContextField, listContextFields } from '../context/index.ts';
import type { AppDeps } from '../deps.ts';
import { requireEnvironment } from '../environments/index.ts';
import { FEATURE_TYPE_IDS } from '../feature-types/index.ts';
import {
  checkName,
  checkParameters,
  dependenciesOf,
  environmentStates,
  featureNamesTagged,
  featuresNamed,
  importToggles,
  liveFeatureNamesOf,
  lockToggles,
  type ToggleWrite,
  strategiesIn,
  tagsOf,
  type ImportedStrategy,
  type ImportedToggle,
} from '../features/index.ts';
import type { Db } from '../platform/db/client.ts';
import { ApiError, noAccess, notFound, validationError } from '../platform/http/errors.ts';
import { projectEnvironmentNames, requireProject } from '../projects/index.ts';
import { addSegment, listSegments } from '../segments/index.ts';
import { listStrategies } from '../strategies/index.ts';
import { addTagType, ensureTags, listTagTypes, parseTagFilter } from '../tags/index.ts';
import {
  MESSAGES,
  compile,
  constraintProblems,
  dependencyProblems,
  duplicates,
  segmentLimitProblem,
  segmentProblems,
  storedConstraint,
  storedParameters,
} from './rules.ts';
import { exportView } from './views.ts';

/** The live toggles an export asks for: by name, by tag (type:value) or of a project; exactly one of them. */
async function exportedNames(db: Db, query: ExportQuery): Promise<string[]> {
  const asked = [query.features, query.tag, query.project].filter((q) => q !== undefined);
  if (asked.length !== 1) {
    throw validationError('features', 'Name the toggles to export with exactly one of features, tag or project');
  }
  if (query.tag !== undefined) {
    const [[type, value]] = parseTagFilter([query.tag])!;
    return featureNamesTagged(db, type, value);
  }
  if (query.project !== undefined) {
    await requireProject(db, query.project);
    return liveFeatureNamesOf(db, query.project);
  }
  const names = [...new Set(query.features)];
  const live = new Set((await featuresNamed(db, names)).filter((f) => f.archivedAt === null).map((f) => f.name));
  const missing = names.filter((name) => !live.has(name));
  if (missing.length > 0) throw notFound(`Could not find feature toggles: ${missing.join(', ')}`);
  return names;
}

/** POST api/admin/features-batch/export: the toggles in one environment, with what they use. */
export async function exportFeatures(deps: AppDeps, query: ExportQuery): Promise<ExportResult> {
  const { db } = deps;
  await requireEnvironment(db, query.environment);
  const names = await exportedNames(db, query);
  const rows = (await featuresNamed(db, names)).filter((f) => f.archivedAt === null);
  const live = rows.map((f) => f.name);
  const [states, strategies, tags, dependencies, segments, contextFields, tagTypes] = await Promise.all([
    environmentStates(db, live, query.environment),
    strategiesIn(db, live, query.environment),
    tagsOf(db, live),
    dependenciesOf(db, live),
    listSegments(db),
    listContextFields(db),
    listTagTypes(db),
  ]);
  return exportView({
    environment: query.environment,
    features: rows,
    states,
    strategies,
    tags,
    dependencies,
    segments,
    contextFields,
    tagTypes,
  });
}

/** What an import will write, worked out from the request and the current state (no writes). */
interface ImportPlan {
  validation: ImportValidation;
  toggles: Array<Omit<ImportedToggle, 'enabled' | 'strategies'>>;
  enabled: Map<string, boolean>;
  strategies: Map<string, Array<Omit<ImportedStrategy, 'segments'> & { segments: number[] }>>;
  newSegments: ExportResult['segments'] & object;
  /** The import's segment ids that name existing segments, and those ids. */
  segmentIds: Map<number, number>;
  newContextFields: Array<{
    name: string;
    description: string | null;
    stickiness: boolean;
    sortOrder?: number;
    legalValues: string[];
  }>;
  newTagTypes: Array<{ name: string; description: string | null; icon: string | null }>;
  tags: Array<{ feature: string; tagType: string; tagValue: string }>;
  dependencies: Array<{ parent: string; child: string; enabled: boolean; variants: string[] }>;
  environments: string[];
}

const legalValuesOf = (values: ReadonlyArray<string | { value: string }> | undefined) =>
  (values ?? []).map((v) => (typeof v === 'string' ? v : v.value));

/**
 * Checks an import against the state in `db` and works out its writes. Unknown project or environment: 404; an
 * environment the project does not have: 400. Everything else is reported in the validation's lists.
 */
async function planImport(db: Db, request: ImportRequest, held: readonly PermissionEntry[]): Promise<ImportPlan> {
  const { project, environment, data } = request;
  await requireProject(db, project);
  await requireEnvironment(db, environment);
  const environments = await projectEnvironmentNames(db, project);
  if (!environments.includes(environment)) {
    throw validationError('environment', `The environment ${environment} is not enabled in project ${project}`);
  }
  const names = data.features.map((f) => f.name);
  const imported = new Set(names);
  const [existing, definitions, segments, contextFields, tagTypes, projectToggles] = await Promise.all([
    featuresNamed(db, names),
    listStrategies(db),
    listSegments(db),
    listContextFields(db),
    listTagTypes(db),
    liveFeatureNamesOf(db, project),
  ]);
  const existingByName = new Map(existing.map((f) => [f.name, f]));
  const inImportOrder = names.flatMap((name) => existingByName.get(name) ?? []);
  const invalid: string[] = [];

  // Toggles.
  const archived = inImportOrder.filter((f) => f.archivedAt !== null).map((f) => f.name);
  const elsewhere = inImportOrder
    .filter((f) => f.archivedAt === null && f.project !== project)
    .map((f) => `${f.name} (in project ${f.project})`);
  const overwritten = inImportOrder.filter((f) => f.archivedAt === null && f.project === project).map((f) => f.name);
  data.features.forEach((f, i) => {
    const nameProblem = refusal(() => checkName(f.name));
    if (nameProblem) invalid.push(`features[${i}].name: ${nameProblem}`);
    if (f.type !== undefined && !FEATURE_TYPE_IDS.includes(f.type as never)) {
      invalid.push(`features[${i}].type: must be one of [${FEATURE_TYPE_IDS.join(', ')}]`);
    }
  });
  const stateOf = new Map<string, { enabled: boolean; variants?: Variant[] }>();
  (data.featureEnvironments ?? []).forEach((fe, i) => {
    const name = fe.featureName ?? fe.name;
    if (!imported.has(name)) invalid.push(`featureEnvironments[${i}].name: ${name} is not a toggle of the import`);
    else if (stateOf.has(name)) invalid.push(`featureEnvironments[${i}].name: ${name} is given twice`);
    else stateOf.set(name, { enabled: fe.enabled, variants: fe.variants as Variant[] | undefined });
    const variantNames = (fe.variants ?? []).map((v) => v.name);
    for (const name of duplicates(variantNames))
      invalid.push(`featureEnvironments[${i}].variants: ${name} is given twice`);
  });

  // Segments: by name, existing ones reused (global, or of this project), new ones created.
  const segmentIds = new Map<number, number>();
  const newSegments: NonNullable<ExportResult['segments']> = [];
  const segmentsElsewhere: string[] = [];
  (data.segments ?? []).forEach((s, i) => {
    const found = segments.find((e) => e.name === s.name);
    if (found && found.project !== null && found.project !== project) segmentsElsewhere.push(s.name);
    else if (found) segmentIds.set(s.id, found.id);
    else {
      newSegments.push(s);
      invalid.push(...segmentProblems(s.constraints ?? [], `segments[${i}]`));
    }
  });
  for (const id of duplicates((data.segments ?? []).map((s) => String(s.id)))) {
    invalid.push(`segments: the id ${id} is given twice`);
  }
  const segmentKnown = new Set((data.segments ?? []).map((s) => s.id));

  // Strategies.
  const unknownStrategies: string[] = [];
  const customStrategies: string[] = [];
  const strategies = new Map<string, Array<ImportedStrategy & { order: number; index: number }>>();
  data.featureStrategies.forEach((s, i) => {
    const at = `featureStrategies[${i}]`;
    const problems: string[] = [];
    const definition = definitions.find((d) => d.name === s.name);
    if (!definition) unknownStrategies.push(s.name);
    else if (!definition.builtIn) customStrategies.push(s.name);
    if (!imported.has(s.featureName))
      problems.push(`${at}.featureName: ${s.featureName} is not a toggle of the import`);
    if (s.disabled) problems.push(`${at}.disabled: disabled strategies are not supported`);
    // The toggle API's parameter rule (names and types; a Gradual rollout's missing values filled in).
    let parameters = storedParameters(s.parameters);
    if (definition) {
      const problem = refusal(() => (parameters = checkParameters(definition, s.parameters ?? {}, s.featureName)));
      if (problem) problems.push(`${at}.${problem}`);
    }
    problems.push(...constraintProblems(s.constraints ?? [], at));
    problems.push(...segmentLimitProblem(s.segments ?? [], at));
    for (const id of s.segments ?? []) {
      if (!segmentKnown.has(id)) problems.push(`${at}.segments: the segment ${id} is not in the import's segments`);
    }
    invalid.push(...problems.map((problem) => `${problem} (toggle ${s.featureName})`));
    const list = strategies.get(s.featureName) ?? [];
    list.push({
      name: s.name,
      parameters,
      constraints: (s.constraints ?? []).map(storedConstraint),
      variants: (s.variants ?? []) as ImportedStrategy['variants'],
      segments: s.segments ?? [],
      order: s.sortOrder ?? 0,
      index: i,
    });
    strategies.set(s.featureName, list);
  });
  for (const list of strategies.values()) list.sort((a, b) => a.order - b.order || a.index - b.index);

  // Context fields: new ones created; an existing one must have every imported legal value.
  const newContextFields: ImportPlan['newContextFields'] = [];
  const mismatched: string[] = [];
  for (const field of data.contextFields ?? []) {
    const found = contextFields.find((c) => c.name === field.name);
    const legalValues = legalValuesOf(field.legalValues);
    if (!found) {
      if (!newContextFields.some((c) => c.name === field.name)) {
        newContextFields.push({
          name: field.name,
          description: field.description ?? null,
          stickiness: field.stickiness ?? false,
          sortOrder: field.sortOrder,
          legalValues,
        });
      }
    } else if (legalValues.some((v) => !found.legalValues.includes(v))) mismatched.push(field.name);
  }

  // Tags and tag types.
  const knownTagTypes = new Set(tagTypes.map((t) => t.name));
  const newTagTypes = (data.tagTypes ?? [])
    .filter((t, i, all) => !knownTagTypes.has(t.name) && all.findIndex((o) => o.name === t.name) === i)
    .map((t) => ({ name: t.name, description: t.description ?? null, icon: t.icon ?? null }));
  const tagTypeNames = new Set([...knownTagTypes, ...newTagTypes.map((t) => t.name)]);
  const tags = (data.featureTags ?? []).map((t, i) => {
    if (!imported.has(t.featureName))
      invalid.push(`featureTags[${i}].featureName: ${t.featureName} is not a toggle of the import`);
    if (!tagTypeNames.has(t.tagType))
      invalid.push(`featureTags[${i}].tagType: the tag type ${t.tagType} does not exist`);
    return { feature: t.featureName, tagType: t.tagType, tagValue: t.tagValue };
  });

  // Dependencies: the imported children's parents are replaced; the rules apply to the state after the import.
  const dependencies = (data.dependencies ?? []).flatMap((d, i) => {
    if (!imported.has(d.feature))
      invalid.push(`dependencies[${i}].feature: ${d.feature} is not a toggle of the import`);
    return d.dependencies.map((p) => ({
      parent: p.feature,
      child: d.feature,
      enabled: p.enabled ?? true,
      variants: p.variants ?? [],
    }));
  });
  const known = new Set([...projectToggles, ...names]);
  const parentsOf = new Map<string, string[]>();
  for (const d of await dependenciesOf(db, projectToggles)) {
    if (!imported.has(d.child)) parentsOf.set(d.child, [...(parentsOf.get(d.child) ?? []), d.parent]);
  }
  for (const d of dependencies) parentsOf.set(d.child, [...(parentsOf.get(d.child) ?? []), d.parent]);
  // A toggle given a parent must not be the parent of a toggle the import leaves as it is (no chains).
  const parentsOfOthers = new Set([...parentsOf].filter(([child]) => !imported.has(child)).flatMap(([, ps]) => ps));
  const refusedDependencies = [
    ...dependencyProblems(parentsOf, known).filter((child) => imported.has(child)),
    ...dependencies.map((d) => d.child).filter((child) => parentsOfOthers.has(child)),
  ];

  // Permissions beyond the route's UPDATE_FEATURE: what the import creates.
  const needed = [
    ['CREATE_FEATURE', names.some((n) => !existingByName.has(n)), project],
    ['CREATE_CONTEXT_FIELD', newContextFields.length > 0, undefined],
    ['CREATE_SEGMENT', newSegments.length > 0, undefined],
    ['CREATE_TAG_TYPE', newTagTypes.length > 0, undefined],
  ] as const;
  const missing = needed.filter(([p, asked, inProject]) => asked && !can(held, p, inProject)).map(([p]) => p);

  const validation: ImportValidation = {
    errors: compile([
      [MESSAGES.unknownStrategies, unknownStrategies],
      [MESSAGES.contextFields, mismatched],
      [MESSAGES.otherProject(project), elsewhere],
      [MESSAGES.duplicates, duplicates(names)],
      [MESSAGES.archived, archived],
      [MESSAGES.segmentsElsewhere, segmentsElsewhere],
      [MESSAGES.dependencies, refusedDependencies],
      [MESSAGES.invalid, invalid],
    ]),
    warnings: compile([
      [MESSAGES.existing, overwritten],
      [MESSAGES.customStrategies, customStrategies],
    ]),
    permissions: compile([[MESSAGES.permissions, missing]]),
  };
  return {
    validation,
    toggles: data.features.map((f) => {
      const before = existingByName.get(f.name);
      return {
        name: f.name,
        type: f.type ?? before?.type ?? 'release',
        description: f.description !== undefined ? f.description : (before?.description ?? null),
        stale: f.stale ?? false,
        impressionData: f.impressionData ?? false,
        variants: stateOf.get(f.name)?.variants,
      };
    }),
    enabled: new Map([...stateOf].map(([name, s]) => [name, s.enabled])),
    strategies: new Map([...strategies].map(([name, list]) => [name, list.map(({ order: _o, index: _i, ...s }) => s)])),
    newSegments,
    segmentIds,
    newContextFields,
    newTagTypes,
    tags,
    dependencies,
    environments,
  };
}

/** POST api/admin/features-batch/validate: what an import would refuse, warn about and need; changes nothing. */
export async function validateImport(
  deps: AppDeps,
  held: readonly PermissionEntry[],
  request: ImportRequest,
): Promise<ImportValidation> {
  return (await planImport(deps.db, request, held)).validation;
}

/**
 * POST api/admin/features-batch/import: everything in one transaction (the toggles locked first, by the toggle rule),
 * refused as a whole with a 400 naming every problem (403 when the caller lacks a permission it needs). The context
 * fields, tag types, segments and tags it needs are created by their owners (each with its event), the toggles
 * written by features/ (a new version for those that existed, one `features-imported` event each).
 */
export async function importFeatures(
  deps: AppDeps,
  write: ToggleWrite,
  held: readonly PermissionEntry[],
  request: ImportRequest,
): Promise<void> {
  const { project, environment } = request;
  const { actor } = write;
  await deps.db.transaction(async (tx) => {
    await lockToggles(tx, { names: request.data.features.map((f) => f.name) });
    const plan = await planImport(tx, request, held);
    const { errors, permissions } = plan.validation;
    if (permissions.length > 0) {
      throw noAccess(
        `${permissions[0].message} ${permissions[0].affectedItems.join(', ')}`,
        permissions[0].affectedItems[0],
      );
    }
    if (errors.length > 0) {
      const details = errors.map((e) => ({ ...e, message: `${e.message} ${e.affectedItems.join(', ')}` }));
      throw new ApiError(400, 'BadDataError', details.map((d) => d.message).join(' '), details);
    }
    for (const field of plan.newContextFields) await addContextField(tx, actor, field);
    for (const tagType of plan.newTagTypes) await addTagType(tx, actor, tagType);
    const segmentIds = new Map(plan.segmentIds);
    for (const s of plan.newSegments) {
      const row = await addSegment(tx, actor, {
        name: s.name,
        description: s.description ?? null,
        project: null,
        constraints: (s.constraints ?? []).map(storedConstraint),
      });
      segmentIds.set(s.id, row.id);
    }
    await ensureTags(
      tx,
      actor,
      plan.tags.map((tag) => ({ type: tag.tagType, value: tag.tagValue })),
    );
    await importToggles(tx, write, {
      project,
      environment,
      environments: plan.environments,
      toggles: plan.toggles.map((toggle) => ({
        ...toggle,
        enabled: plan.enabled.get(toggle.name),
        strategies: (plan.strategies.get(toggle.name) ?? []).map((strategy) => ({
          ...strategy,
          segments: strategy.segments.map((id) => segmentIds.get(id)!),
        })),
      })),
      tags: plan.tags,
      dependencies: plan.dependencies,
    });
  });
}

/** The message of the 400 a rule of another domain throws, or undefined when it passes. */
function refusal(check: () => unknown): string | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error.message.replace(/^"([^"]+)" /, '$1 ');
    throw error;
  }
}
