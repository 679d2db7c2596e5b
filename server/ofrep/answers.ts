import type { Evaluation } from '../../contract/evaluation/index.ts';
import { EncodedBody, weakEtag, type ClientState } from '../client-api/index.ts';
import { outcomeKey } from './rules.ts';
import { flagJson } from './views.ts';

/** One bulk answer: its bytes (each coding made once, when asked for) and their ETag. */
export interface BulkAnswer {
  /** A hash of what decides the bytes (not of the bytes themselves): equal answers have equal ETags in any process. */
  etag: string;
  body: EncodedBody;
  /** Whether it is kept (asked for before): only then is it worth compressing ahead of the reply. */
  kept: boolean;
}

export interface BulkAnswerLimits {
  entries: number;
  /** Bytes of the kept answers, every coding counted. */
  bytes: number;
}

const DEFAULT_LIMITS: BulkAnswerLimits = { entries: 256, bytes: 16 * 1024 * 1024 };
/** How many answers asked for once are remembered (by ETag alone) until they are asked for again. */
const SEEN = 4096;

/**
 * The bulk answers asked for more than once lately, least recently used first out. Many web clients of one app send
 * the same context: their answer is serialised and compressed once per state, not per request; an answer asked for
 * once (another user each time) is not kept, so it costs no memory to hold nor to collect. Answers are known by what
 * their bytes are made of (the state's ETag and each flag's outcome): one is only ever shared by requests it is
 * right for.
 */
export class BulkAnswers {
  readonly #entries = new Map<string, BulkAnswer>();
  readonly #seen = new Set<string>();
  readonly #limits: BulkAnswerLimits;

  constructor(limits: BulkAnswerLimits = DEFAULT_LIMITS) {
    this.#limits = limits;
  }

  /** The answer of `state` with these evaluations (one per toggle, in the state's order), kept or made now. */
  of(state: ClientState, evaluations: readonly Evaluation[]): BulkAnswer {
    const etag = weakEtag(Buffer.from(`${state.etag}\n${outcomeKey(evaluations)}`));
    const kept = this.#entries.get(etag);
    if (kept) {
      this.#entries.delete(etag);
      this.#entries.set(etag, kept); // now the most recently used
      return kept;
    }
    let json = '{"flags":[';
    state.features.forEach((feature, i) => (json += (i === 0 ? '' : ',') + flagJson(feature, evaluations[i])));
    const answer = { etag, body: new EncodedBody(Buffer.from(`${json}]}`), () => this.#evict()), kept: false };
    if (this.#seen.delete(etag)) {
      answer.kept = true;
      this.#entries.set(etag, answer);
      this.#evict();
    } else {
      if (this.#seen.size >= SEEN) this.#seen.clear();
      this.#seen.add(etag);
    }
    return answer;
  }

  #evict() {
    let total = 0;
    for (const answer of this.#entries.values()) total += answer.body.bytes;
    for (const [etag, answer] of this.#entries) {
      if (this.#entries.size <= 1) break;
      if (this.#entries.size <= this.#limits.entries && total <= this.#limits.bytes) break;
      this.#entries.delete(etag);
      total -= answer.body.bytes;
    }
  }
}
