import type { Constraint } from '../../contract/constraints.ts';
import type { ConstraintData, ExportResult } from '../../contract/import-export.ts';
import type { Override, StrategyVariant, Variant } from '../../contract/variants.ts';
import type { listContextFields } from '../context/index.ts';
import type { FeatureRow, StrategyRow, dependenciesOf, environmentStates, tagsOf } from '../features/index.ts';
import type { SegmentRow } from '../segments/index.ts';
import type { listTagTypes } from '../tags/index.ts';

type Rows<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>;

export interface ExportSource {
  environment: string;
  features: FeatureRow[];
  states: Rows<typeof environmentStates>;
  strategies: StrategyRow[];
  tags: Rows<typeof tagsOf>;
  dependencies: Rows<typeof dependenciesOf>;
  segments: SegmentRow[];
  contextFields: Rows<typeof listContextFields>;
  tagTypes: Rows<typeof listTagTypes>;
}

/**
 * The export's shape (Unleash's exportResultSchema): the toggles, their strategies and state in the environment
 * (the toggle's variants with it, as Unleash 5 keeps variants per environment), and only the segments, context
 * fields and tag types they use.
 */
export function exportView(source: ExportSource): ExportResult {
  const variantsOf = new Map(source.features.map((f) => [f.name, (f.variants ?? []) as Variant[]]));
  const usedSegments = new Set(source.strategies.flatMap((s) => s.segments));
  const segments = source.segments.filter((s) => usedSegments.has(s.id));
  const usedFields = new Set<string>();
  const useConstraints = (constraints: Constraint[]) => constraints.forEach((c) => usedFields.add(c.contextName));
  for (const s of source.strategies) {
    useConstraints(s.constraints as Constraint[]);
    const stickiness = (s.parameters as Record<string, string>).stickiness;
    if (stickiness) usedFields.add(stickiness);
    for (const v of s.variants as StrategyVariant[]) if (v.stickiness) usedFields.add(v.stickiness);
  }
  segments.forEach((s) => useConstraints(s.constraints));
  for (const variants of variantsOf.values()) {
    for (const v of variants) {
      if (v.stickiness) usedFields.add(v.stickiness);
      (v.overrides ?? []).forEach((o: Override) => usedFields.add(o.contextName));
    }
  }
  const usedTagTypes = new Set(source.tags.map((t) => t.tagType));
  const children = [...new Set(source.dependencies.map((d) => d.child))];
  return {
    features: source.features.map((f) => ({
      name: f.name,
      type: f.type,
      description: f.description,
      project: f.project,
      stale: f.stale,
      impressionData: f.impressionData,
    })),
    featureStrategies: source.strategies.map((s) => ({
      id: s.id,
      name: s.strategyName,
      featureName: s.feature,
      sortOrder: s.sortOrder,
      parameters: s.parameters as Record<string, string>,
      constraints: s.constraints as ConstraintData[],
      segments: s.segments,
      variants: s.variants as StrategyVariant[],
    })),
    featureEnvironments: source.states.map((state) => ({
      name: state.feature,
      featureName: state.feature,
      environment: source.environment,
      enabled: state.enabled,
      variants: variantsOf.get(state.feature) ?? [],
    })),
    contextFields: source.contextFields
      .filter((c) => usedFields.has(c.name))
      .map((c) => ({
        name: c.name,
        description: c.description,
        stickiness: c.stickiness,
        sortOrder: c.sortOrder,
        legalValues: c.legalValues.map((value) => ({ value })),
      })),
    featureTags: source.tags.map((t) => ({ featureName: t.feature, tagType: t.tagType, tagValue: t.tagValue })),
    segments: segments.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      constraints: s.constraints as ConstraintData[],
    })),
    tagTypes: source.tagTypes
      .filter((t) => usedTagTypes.has(t.name))
      .map((t) => ({ name: t.name, description: t.description, icon: t.icon })),
    dependencies: children.map((child) => ({
      feature: child,
      dependencies: source.dependencies
        .filter((d) => d.child === child)
        .map((d) => ({ feature: d.parent, enabled: d.enabled, variants: d.variants as string[] })),
    })),
  };
}
