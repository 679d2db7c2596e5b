/**
 * Unleash's client specification (@unleash/client-specification) gives each file's state as the client API serves
 * it: toggles with `enabled`, their strategies, variants and dependencies, and segments by id; files 19 and 20 give
 * it as delta events. These turn such a state into the export format that POST api/admin/features-batch/import
 * takes (contract/import-export.ts), so a test loads it the way an operator would.
 */
import type { ExportResult } from '../../contract/import-export.ts';

/** A toggle as the specification's states write it (the client API's shape, fields often left out). */
export interface SpecFeature {
  name: string;
  description?: string | null;
  type?: string;
  project?: string;
  enabled: boolean;
  stale?: boolean;
  impressionData?: boolean;
  strategies?: Array<{
    name: string;
    parameters?: Record<string, string | number>;
    constraints?: Array<Record<string, unknown>>;
    segments?: number[];
    variants?: Array<Record<string, unknown>>;
  }>;
  variants?: Array<Record<string, unknown>> | null;
  dependencies?: Array<{ feature: string; enabled?: boolean; variants?: string[] }>;
}

export interface SpecSegment {
  id: number;
  name?: string;
  constraints: Array<Record<string, unknown>>;
}

export interface SpecState {
  features: SpecFeature[];
  segments?: SpecSegment[];
}

/** A delta event of files 19 and 20. */
export type SpecEvent =
  | { eventId: number; type: 'hydration'; features: SpecFeature[]; segments: SpecSegment[] }
  | { eventId: number; type: 'feature-updated'; feature: SpecFeature }
  | { eventId: number; type: 'feature-removed'; featureName: string; project: string }
  | { eventId: number; type: 'segment-updated'; segment: SpecSegment }
  | { eventId: number; type: 'segment-removed'; segmentId: number };

/** The state the events leave (in event order: a later update replaces, a removal takes away). */
export function foldEvents(events: readonly SpecEvent[]): SpecState {
  const features = new Map<string, SpecFeature>();
  const segments = new Map<number, SpecSegment>();
  for (const event of events) {
    if (event.type === 'hydration') {
      features.clear();
      segments.clear();
      event.features.forEach((f) => features.set(f.name, f));
      event.segments.forEach((s) => segments.set(s.id, s));
    } else if (event.type === 'feature-updated') features.set(event.feature.name, event.feature);
    else if (event.type === 'feature-removed') features.delete(event.featureName);
    else if (event.type === 'segment-updated') segments.set(event.segment.id, event.segment);
    else segments.delete(event.segmentId);
  }
  return { features: [...features.values()], segments: [...segments.values()] };
}

/** A segment's name: the specification's states often leave it out (names must be unique on the server). */
export const segmentName = (s: SpecSegment) => s.name ?? `specification-segment-${s.id}`;

/** The export-format data of a state, every toggle in one environment (its `enabled` is the state there). */
export function toImportData(state: SpecState): ExportResult {
  const data = {
    features: state.features.map((f) => ({
      name: f.name,
      type: f.type ?? 'release',
      description: f.description ?? null,
      stale: f.stale ?? false,
      impressionData: f.impressionData ?? false,
    })),
    featureStrategies: state.features.flatMap((f) =>
      (f.strategies ?? []).map((s, sortOrder) => ({
        name: s.name,
        featureName: f.name,
        sortOrder,
        parameters: s.parameters ?? {},
        constraints: s.constraints ?? [],
        segments: s.segments ?? [],
        variants: s.variants ?? [],
      })),
    ),
    featureEnvironments: state.features.map((f) => ({ name: f.name, enabled: f.enabled, variants: f.variants ?? [] })),
    segments: (state.segments ?? []).map((s) => ({ id: s.id, name: segmentName(s), constraints: s.constraints })),
    dependencies: state.features
      .filter((f) => (f.dependencies ?? []).length > 0)
      .map((f) => ({ feature: f.name, dependencies: f.dependencies! })),
  };
  // The specification's JSON is checked by the server, not here: it may hold what the server refuses (file 13's
  // unknown operator), which the test expects to be refused.
  return data as unknown as ExportResult;
}
