/** The copy's question: what is copied, from where, to where ('Copy 2 strategies from development to production?'). */
export const copyQuestion = (from: { name: string; strategies: unknown[] }, to: string) =>
  `Copy ${from.strategies.length} ${from.strategies.length === 1 ? 'strategy' : 'strategies'} from ${from.name} to ${to}?`;

/** Why a copy is refused where the environment takes changes through change requests. */
export const copyRefusal = (environment: string) =>
  `${environment} takes changes through change requests, and a copy is not one change: add the strategies to ` +
  `${environment} one at a time, each added to your change request.`;
