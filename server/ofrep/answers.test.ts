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

  it('answers a context asked for again with the answer kept, and another outcome with its own', () => {
    const answers = new BulkAnswers();
    const first = answerFor(answers, state, 'alice');
    expect(first.repeated).toBe(false);
    expect(answerFor(answers, state, 'alice')).toBe(first);
    expect(first.repeated).toBe(true);
    const bob = answerFor(answers, state, 'bob');
    expect(bob).not.toBe(first);
    expect(bob.etag).not.toBe(first.etag);
    expect(flagsOf(bob).map((f) => f.value)).toEqual([false, 'sea']);
    expect(flagsOf(first).map((f) => f.value)).toEqual(['sea', 'sea']);
    // Users with the same outcome share one answer: its bytes are exactly right for each.
    expect(answerFor(answers, state, 'carol')).toBe(answerFor(answers, state, 'dave'));
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
    const few = new BulkAnswers({ entries: 2, bytes: 1024 * 1024 });
    const alice = answerFor(few, state, 'alice');
    const bob = answerFor(few, state, 'bob');
    expect(answerFor(few, state, 'alice')).toBe(alice); // alice is now the most recently used
    answerFor(few, state, 'dave');
    expect(answerFor(few, state, 'alice')).toBe(alice);
    expect(answerFor(few, state, 'bob')).not.toBe(bob);

    const small = new BulkAnswers({ entries: 100, bytes: alice.body.encoded.identity!.length + 100 });
    const kept = answerFor(small, state, 'alice');
    answerFor(small, state, 'bob');
    expect(answerFor(small, state, 'alice')).not.toBe(kept);
  });
});
