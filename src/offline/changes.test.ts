import { describe, expect, it } from 'vitest';
import { isNotNow, isTmpId, newTmpId, replaceId, uuid } from './changes';

describe('ids', () => {
  it('makes version 4 uuids and temporary strategy ids', () => {
    expect(uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuid()).not.toBe(uuid());
    expect(isTmpId(newTmpId())).toBe(true);
    expect(isTmpId('5c9d')).toBe(false);
  });

  it('replaces an id wherever it occurs in a change or snapshot', () => {
    const change = { kind: 'strategy-order', environment: 'dev', ids: ['tmp-1', 's2'] };
    expect(replaceId(change, 'tmp-1', 's9')).toEqual({ kind: 'strategy-order', environment: 'dev', ids: ['s9', 's2'] });
    expect(replaceId({ id: 'tmp-1', name: 'tmp-1x' }, 'tmp-1', 's9')).toEqual({ id: 's9', name: 'tmp-1x' });
  });
});

describe('answers', () => {
  it('"not now" (sent again with the same key) are timeouts, 409, 425, 429 and server errors; other 4xx are refusals', () => {
    expect([408, 409, 425, 429, 500, 502, 503, 504].filter(isNotNow)).toHaveLength(8);
    expect([400, 403, 404, 410, 412, 413, 415, 422].filter(isNotNow)).toEqual([]);
  });
});
