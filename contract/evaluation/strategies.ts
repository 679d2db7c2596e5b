import { Address4 } from 'ip-address';
import { contextValue, type EvaluationContext } from './context.ts';
import { strategyBucket } from './hash.ts';

// The activation strategies of Unleash's client specification 6.1 (files 01 to 07 and 10), as the SDKs decide them
// once a strategy's constraints and segments hold.

export type Parameters = Record<string, string | number | undefined>;
export interface StrategyInput {
  parameters: Parameters;
  context: EvaluationContext;
  /** The toggle's name: flexibleRollout's group when it names none. */
  toggleName: string;
  /** The host the evaluation runs for (applicationHostname), lower-cased by the caller. */
  hostname?: string;
}
type Rule = (input: StrategyInput) => boolean;

const list = (value: string | number | undefined) =>
  value === undefined || value === '' ? [] : String(value).split(/\s*,\s*/);
const percentageOf = (value: string | number | undefined) => Number(value);
const randomPercent = () => Math.floor(Math.random() * 100) + 1;
const randomId = () => `${Math.round(Math.random() * 10000) + 1}`;

/** Percentage rollout on an id: in when the id's bucket is at most the percentage. */
const rolledOut = (id: string | undefined, groupId: string, percentage: number) =>
  Boolean(id) && percentage > 0 && strategyBucket(id as string, groupId) <= percentage;

function stickinessId(stickiness: string, context: EvaluationContext): string | undefined {
  if (stickiness === 'default') return context.userId || context.sessionId || randomId();
  if (stickiness === 'random') return randomId();
  return contextValue(context, stickiness);
}

const RULES: Record<string, Rule> = {
  default: () => true,
  userWithId: ({ parameters, context }) =>
    context.userId !== undefined && list(parameters.userIds).includes(context.userId),
  gradualRolloutUserId: ({ parameters, context }) =>
    rolledOut(context.userId, String(parameters.groupId ?? ''), percentageOf(parameters.percentage)),
  gradualRolloutSessionId: ({ parameters, context }) =>
    rolledOut(context.sessionId, String(parameters.groupId ?? ''), percentageOf(parameters.percentage)),
  gradualRolloutRandom: ({ parameters }) => percentageOf(parameters.percentage) >= randomPercent(),
  flexibleRollout: ({ parameters, context, toggleName }) =>
    rolledOut(
      stickinessId(String(parameters.stickiness || 'default'), context),
      String(parameters.groupId || toggleName),
      percentageOf(parameters.rollout),
    ),
  remoteAddress: ({ parameters, context }) =>
    list(parameters.IPs).some((range) => {
      if (range === context.remoteAddress) return true;
      try {
        return new Address4(context.remoteAddress ?? '').isInSubnet(new Address4(range));
      } catch {
        return false; // not an IPv4 address or range
      }
    }),
  applicationHostname: ({ parameters, hostname }) =>
    hostname !== undefined && list(String(parameters.hostNames ?? '').toLowerCase()).includes(hostname),
};

/** Whether a strategy of this name is known; an unknown one never enables a toggle. */
export const isKnownStrategy = (name: string) => Object.hasOwn(RULES, name);

/** Whether the strategy (known, see isKnownStrategy) includes the context. */
export const strategyIncludes = (name: string, input: StrategyInput) => RULES[name](input);
