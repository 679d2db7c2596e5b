// The bulk answers kept for contexts asked for again: kept by what their bytes are made of, within their bounds.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ClientFeature } from '../../contract/client-api.ts';
import { evaluateAll, type EvaluationContext } from '../../contract/evaluation/index.ts';
import type { ClientState } from '../client-api/index.ts';
import { BulkAnswers } from './answers.ts';

/** A toggle on for the users listed, with a strategy variant (`green`) whose payload is `payload`. */
const toggle = (name: string, userIds: string, payload = 'sea'): ClientFeature => ({
  name,
  description: null,
  type: 'release',
  project: 'default',
  enabled: true,
  stale: false,
  impressionData: false,
  strategies: [
    {
      name: 'userWithId',
      parameters: { userIds },
      constraints: [],
      variants: [{ name: 'green', weight: 1000, payload: { type: 'string', value: payload } }],
    },
  ],
  variants: null,
});

const stateOf = (etag: string, features: ClientFeature[]): ClientState => ({ etag, features, segments: [] });
const user = (userId: string): EvaluationContext => ({ userId });
const flagsOf = (answer: { body: { encoded: { identity?: Buffer } } }) =>
  (JSON.parse(answer.body.encoded.identity!.toString()) as { flags: Array<{ key: string; value: unknown }> }).flags;

describe('BulkAnswers', () => {
  const state = stateOf('"s1"', [toggle('a', 'alice'), toggle('b', 'alice,bob')]);
  const answerFor = (answers: BulkAnswers, of: ClientState, userId: string) =>
    answers.of(of, evaluateAll(of, user(userId)));

  it('keeps an answer asked for again, answers it from then on, and another outcome with its own', () => {
    const answers = new BulkAnswers();
    const first = answerFor(answers, state, 'alice');
    expect(first.kept).toBe(false);
    const second = answerFor(answers, state, 'alice');
    expect(second.kept).toBe(true);
    expect(second.etag).toBe(first.etag);
    expect(second.body.encoded.identity).toEqual(first.body.encoded.identity);
    expect(answerFor(answers, state, 'alice')).toBe(second);
    const bob = answerFor(answers, state, 'bob');
    expect(bob.etag).not.toBe(first.etag);
    expect(flagsOf(bob).map((f) => f.value)).toEqual([false, 'sea']);
    expect(flagsOf(second).map((f) => f.value)).toEqual(['sea', 'sea']);
    expect(answerFor(answers, state, 'bob')).not.toBe(second);
    // Users with the same outcome share one answer: its bytes are exactly right for each.
    const carol = answerFor(answers, state, 'carol');
    const dave = answerFor(answers, state, 'dave');
    expect(dave.etag).toBe(carol.etag);
    expect(dave.kept).toBe(true);
    expect(answerFor(answers, state, 'carol')).toBe(dave);
  });

  it('never answers from a state that changed, nor with a payload that changed under the same variant', () => {
    const answers = new BulkAnswers();
    const first = answerFor(answers, state, 'alice');
    const changed = stateOf('"s2"', [toggle('a', 'alice', 'sky'), toggle('b', 'alice,bob')]);
    const after = answerFor(answers, changed, 'alice');
    expect(after).not.toBe(first);
    expect(flagsOf(after).map((f) => f.value)).toEqual(['sky', 'sea']);
    // States whose flags come out alike (another token's toggles, a changed type) have answers of their own.
    const otherToggles = stateOf('"s3"', [toggle('c', 'alice'), toggle('d', 'alice,bob')]);
    expect(flagsOf(answerFor(answers, otherToggles, 'alice')).map((f) => f.key)).toEqual(['c', 'd']);
    const retyped = stateOf('"s4"', [{ ...toggle('a', 'alice'), type: 'experiment' }, toggle('b', 'alice,bob')]);
    expect(flagsOf(answerFor(answers, retyped, 'alice'))[0]).toMatchObject({ metadata: { type: 'experiment' } });
    // A state's ETag changes with its payloads; the key holds each variant's payload all the same.
    const samePlace = stateOf('"s1"', changed.features);
    expect(flagsOf(answerFor(answers, samePlace, 'alice')).map((f) => f.value)).toEqual(['sky', 'sea']);
  });

  it('keeps the body in each coding once asked for', async () => {
    const answer = answerFor(new BulkAnswers(), state, 'alice');
    const gzip = await answer.body.encode('gzip');
    expect(gunzipSync(gzip)).toEqual(answer.body.encoded.identity);
    expect(await answer.body.encode('gzip')).toBe(gzip);
  });

  it('keeps at most its number of answers and bytes, least recently used out first', () => {
    const keep = (answers: BulkAnswers, userId: string) => {
      answerFor(answers, state, userId);
      return answerFor(answers, state, userId);
    };
    const few = new BulkAnswers({ entries: 2, bytes: 1024 * 1024 });
    const alice = keep(few, 'alice');
    const bob = keep(few, 'bob');
    expect(answerFor(few, state, 'alice')).toBe(alice); // alice is now the most recently used
    keep(few, 'dave');
    expect(answerFor(few, state, 'alice')).toBe(alice);
    expect(answerFor(few, state, 'bob')).not.toBe(bob);

    const small = new BulkAnswers({ entries: 100, bytes: alice.body.bytes + 100 });
    const kept = keep(small, 'alice');
    keep(small, 'bob');
    expect(answerFor(small, state, 'alice')).not.toBe(kept);
  });
});
