/** The playground's rules: the mirror's toggles as an SDK's state of one environment, and each result in words. */
import type { ClientFeature } from '../../contract/client-api';
import type {
  EvaluationContext,
  EvaluationState,
  Evaluation,
  Reason,
  StrategyOutcome,
} from '../../contract/evaluation';
import type { Segment } from '../../contract/segments';
import type { ProjectFeature } from '../feature-toggles/types';
import type { ToggleState } from '../feature-toggles/offline/toggle-state';
import { constraintSentence } from '../strategies/constraints';

/** The context fields the playground asks for by name; the other context fields go into `properties`. */
export const STANDARD_FIELDS = ['userId', 'sessionId', 'remoteAddress', 'appName'] as const;

/** What the context form holds: each field as typed ('' when empty); `currentTime` as a datetime-local value. */
export interface PlaygroundInput {
  environment: string;
  fields: Record<string, string>;
  properties: Record<string, string>;
  currentTime: string;
}

/** The evaluator's context: empty fields left out, `currentTime` (local time as typed) as a date. */
export function contextOf(input: PlaygroundInput): EvaluationContext {
  const context: EvaluationContext = { environment: input.environment };
  for (const [field, value] of Object.entries(input.fields)) if (value.trim()) context[field] = value.trim();
  const properties = Object.fromEntries(
    Object.entries(input.properties).flatMap(([field, value]) => (value.trim() ? [[field, value.trim()]] : [])),
  );
  if (Object.keys(properties).length > 0) context.properties = properties;
  if (input.currentTime) {
    const time = new Date(input.currentTime);
    if (!Number.isNaN(time.getTime())) context.currentTime = time;
  }
  return context;
}

/**
 * The mirror's toggles in one environment as the client API serves them, and the segments. A toggle whose
 * environments the mirror does not know yet is left out and named in `unknown`.
 */
export function stateOf(
  toggles: ToggleState[],
  environment: string,
  segments: Segment[],
): { state: EvaluationState; unknown: string[] } {
  const features: ClientFeature[] = [];
  const unknown: string[] = [];
  for (const { toggle, environments } of toggles) {
    const env = environments?.find((e) => e.name === environment);
    if (!env?.strategies) {
      if (!environments || environments.some((e) => !e.strategies)) unknown.push(toggle.name);
      continue;
    }
    features.push({
      name: toggle.name,
      description: toggle.description ?? null,
      type: toggle.type ?? 'release',
      project: toggle.project ?? 'default',
      enabled: env.enabled,
      stale: !!toggle.stale,
      impressionData: !!toggle.impressionData,
      strategies: env.strategies.map((s) => ({
        name: s.name,
        constraints: s.constraints ?? [],
        parameters: s.parameters ?? {},
        ...(s.segments && { segments: s.segments }),
        ...(s.variants && { variants: s.variants }),
      })),
      variants: toggle.variants ?? [],
      // The project shape's parent (the mirror keeps it on the toggle).
      ...((toggle as Pick<ProjectFeature, 'dependencies'>).dependencies && {
        dependencies: (toggle as Pick<ProjectFeature, 'dependencies'>).dependencies,
      }),
    });
  }
  return {
    state: { features, segments: segments.map(({ id, name, constraints }) => ({ id, name, constraints })) },
    unknown,
  };
}

type TitleOf = (strategyName: string) => string;

function outcomeText(outcome: StrategyOutcome, titleOf: TitleOf): string {
  const title = `${titleOf(outcome.name)} (strategy ${outcome.index + 1})`;
  switch (outcome.result) {
    case 'enabled':
      return `${title} enabled it.`;
    case 'unknown-strategy':
      return `${title} is a custom strategy: it enables nobody here.`;
    case 'constraint':
      return outcome.segment
        ? `${title}: segment ${outcome.segment.name} does not hold (${constraintSentence(outcome.constraint)}).`
        : `${title}: the constraint does not hold (${constraintSentence(outcome.constraint)}).`;
    case 'missing-segment':
      return `${title} uses segment ${outcome.segmentId}, which does not exist.`;
    case 'not-included':
      return `${title}: its constraints hold, but its rollout or list leaves this context out.`;
  }
}

const DEPENDENCY_TEXT: Record<Extract<Reason, { kind: 'dependency' }>['problem'], (parent: string) => string> = {
  missing: (parent) => `Its parent ${parent} is not in this environment.`,
  'parent-has-dependencies': (parent) => `Its parent ${parent} depends on another toggle, which is not allowed.`,
  'parent-disabled': (parent) => `Its parent ${parent} is not enabled for this context.`,
  'parent-enabled': (parent) => `Its parent ${parent} is enabled for this context, and it requires it disabled.`,
  'variant-not-listed': (parent) => `Its parent ${parent} has none of the variants it requires.`,
};

/** Why a toggle came out as it did, in sentences: the deciding strategy, or what kept each one from enabling it. */
export function reasonText(evaluation: Evaluation, environment: string, titleOf: TitleOf): string[] {
  const { reason } = evaluation;
  switch (reason.kind) {
    case 'unknown-toggle':
      return [`The toggle is not in ${environment}.`];
    case 'toggle-off':
      return [`The toggle is off in ${environment}.`];
    case 'dependency':
      return [DEPENDENCY_TEXT[reason.problem](reason.parent)];
    case 'no-strategies':
      return [`The toggle is on in ${environment} without strategies: everyone gets it.`];
    case 'strategy':
      return [outcomeText(reason.strategies[reason.strategies.length - 1], titleOf)];
    case 'no-strategy-matched':
      return ['No strategy enabled it:', ...reason.strategies.map((o) => outcomeText(o, titleOf))];
  }
}
