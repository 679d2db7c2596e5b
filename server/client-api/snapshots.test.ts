import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Revisions } from '../platform/revisions/revisions.ts';
import { noneMatch, preferredEncoding } from './rules.ts';
import { SnapshotCache } from './snapshots.ts';

describe('content coding and If-None-Match', () => {
  it('prefers brotli, then gzip, then none, skipping refused codings', () => {
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('')).toBe('identity');
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('GZip;q=0.5, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.1')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('identity')).toBe('identity');
  });

  it('matches an ETag in a list, weakly, or *', () => {
    expect(noneMatch(undefined, '"a"')).toBe(false);
    expect(noneMatch('"a"', '"a"')).toBe(true);
    expect(noneMatch('"b", "a"', '"a"')).toBe(true);
    expect(noneMatch('W/"a"', '"a"')).toBe(true);
    expect(noneMatch('*', '"a"')).toBe(true);
    expect(noneMatch('"ab"', '"a"')).toBe(false);
  });
});

describe('snapshot cache', () => {
  const body = (text: string) => async () => ({
    body: Buffer.from(JSON.stringify({ text, pad: 'x'.repeat(2000) })),
    features: new Map(),
    list: { start: 0, end: 0 },
    segments: [],
    named: [],
    uses: new Map(),
    eventId: 0,
    committed: undefined,
  });

  it('reads once per revision and key, sharing a read in progress', async () => {
    const revisions = new Revisions(true);
    const cache = new SnapshotCache(revisions);
    let reads = 0;
    const read = async () => {
      reads += 1;
      return body('one')();
    };
    const [a, b] = await Promise.all([cache.get('k', read), cache.get('k', read)]);
    expect(a).toBe(b);
    expect(await cache.get('k', read)).toBe(a);
    expect(reads).toBe(1);
    expect(cache.current('k')).toBe(a);
    revisions.bump();
    expect(cache.current('k')).toBeUndefined();
    expect(await cache.get('k', read)).not.toBe(a);
    expect(reads).toBe(2);
  });

  it('does not keep a read that a change overtook, nor join it after the change', async () => {
    const revisions = new Revisions(true);
    const cache = new SnapshotCache(revisions);
    let release!: () => void;
    const slow = cache.get('k', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return body('before the change')();
    });
    await Promise.resolve();
    revisions.bump(); // a change commits while the read is in progress
    const after = cache.get('k', body('after the change'));
    release();
    expect(JSON.parse((await slow).encoded.identity!.toString()).text).toBe('before the change');
    expect(JSON.parse((await after).encoded.identity!.toString()).text).toBe('after the change');
    expect(cache.current('k')).toBe(await after);
  });

  it('keeps nothing while changes of other processes cannot be heard', async () => {
    const revisions = new Revisions(false);
    const cache = new SnapshotCache(revisions);
    await cache.get('k', body('one'));
    expect(cache.current('k')).toBeUndefined();
    revisions.setHeard(true);
    const kept = await cache.get('k', body('two'));
    expect(cache.current('k')).toBe(kept);
    revisions.setHeard(false);
    expect(cache.current('k')).toBeUndefined();
  });

  it('compresses each coding once, with the same content', async () => {
    const cache = new SnapshotCache(new Revisions(true));
    const snapshot = await cache.get('k', body('coded'));
    const [gzip, br] = await Promise.all([snapshot.encode('gzip'), snapshot.encode('br')]);
    expect(await snapshot.encode('gzip')).toBe(gzip);
    expect(snapshot.encoded.br).toBe(br);
    expect(gunzipSync(gzip).equals(snapshot.encoded.identity!)).toBe(true);
    expect(brotliDecompressSync(br).equals(snapshot.encoded.identity!)).toBe(true);
  });

  it('is bounded in entries and bytes, least recently used out first, always keeping the newest', async () => {
    const cache = new SnapshotCache(new Revisions(true), { entries: 3, bytes: 1e6 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, body(key));
    expect(cache.current('a')).toBeDefined(); // a is now used more recently than b
    await cache.get('d', body('d')); // a fourth entry: b, the least recently used, goes
    expect(['a', 'b', 'c', 'd'].map((key) => cache.current(key) !== undefined)).toEqual([true, false, true, true]);
    const huge = new SnapshotCache(new Revisions(true), { entries: 3, bytes: 10 });
    await huge.get('a', body('a'));
    await huge.get('b', body('b'));
    expect(huge.current('a')).toBeUndefined();
    expect(huge.current('b')).toBeDefined();
  });
});
