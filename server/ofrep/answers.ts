import type { Evaluation } from '../../contract/evaluation/index.ts';
import { EncodedBody, weakEtag, type ClientState } from '../client-api/index.ts';
import { outcomeKey } from './rules.ts';
import { flagJson } from './views.ts';

/** One bulk answer: its bytes (each coding made once, when asked for) and their ETag. */
export interface BulkAnswer {
  /** A hash of what decides the bytes (not of the bytes themselves): equal answers have equal ETags in any process. */
  etag: string;
  body: EncodedBody;
  /** Whether it was asked for before: an answer asked for once is not worth compressing ahead of the reply. */
  repeated: boolean;
}

export interface BulkAnswerLimits {
  entries: number;
  /** Bytes of the answers (every coding) and of their keys together. */
  bytes: number;
}

const DEFAULT_LIMITS: BulkAnswerLimits = { entries: 256, bytes: 16 * 1024 * 1024 };

/**
 * The bulk answers made lately, least recently used first out. Many web clients of one app send the same context:
 * their answer is serialised, hashed and compressed once per state, not per request. An answer is kept by what its
 * bytes are made of (the state's ETag and each flag's outcome), so it is only ever shared by requests it is right for.
 */
export class BulkAnswers {
  readonly #entries = new Map<string, BulkAnswer>();
  readonly #limits: BulkAnswerLimits;

  constructor(limits: BulkAnswerLimits = DEFAULT_LIMITS) {
    this.#limits = limits;
  }

  /** The answer of `state` with these evaluations (one per toggle, in the state's order), kept or made now. */
  of(state: ClientState, evaluations: readonly Evaluation[]): BulkAnswer {
    const key = `${state.etag}\n${outcomeKey(evaluations)}`;
    const kept = this.#entries.get(key);
    if (kept) {
      this.#entries.delete(key);
      this.#entries.set(key, kept); // now the most recently used
      kept.repeated = true;
      return kept;
    }
    let json = '{"flags":[';
    state.features.forEach((feature, i) => (json += (i === 0 ? '' : ',') + flagJson(feature, evaluations[i])));
    const bytes = Buffer.from(`${json}]}`);
    const made = {
      etag: weakEtag(Buffer.from(key)),
      body: new EncodedBody(bytes, () => this.#evict()),
      repeated: false,
    };
    this.#entries.set(key, made);
    this.#evict();
    return made;
  }

  #evict() {
    let total = 0;
    for (const [key, answer] of this.#entries) total += key.length + answer.body.bytes;
    for (const [key, answer] of this.#entries) {
      if (this.#entries.size <= 1) break;
      if (this.#entries.size <= this.#limits.entries && total <= this.#limits.bytes) break;
      this.#entries.delete(key);
      total -= key.length + answer.body.bytes;
    }
  }
}
