import { describe, expect, it } from 'vitest';
import { ApiError } from '../platform/http/errors.ts';
import type { JsonPatch } from '../../contract/features.ts';
import { applyPatch } from './json-patch.ts';

const detail = (document: unknown, ops: JsonPatch) => {
  try {
    applyPatch(document, ops);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).details[0];
  }
  throw new Error('the patch was applied');
};

describe('applyPatch (RFC 6902 by fast-json-patch, our messages)', () => {
  const doc = { name: 'a', list: [1, 2, 3], nested: { 'x/y': 1, 'm~n': 2 } };

  it('adds, removes, replaces, moves, copies and tests, on a copy', () => {
    const result = applyPatch(doc, [
      { op: 'add', path: '/list/1', value: 9 },
      { op: 'add', path: '/list/-', value: 4 },
      { op: 'remove', path: '/list/0' },
      { op: 'replace', path: '/name', value: 'b' },
      { op: 'move', from: '/nested/x~1y', path: '/moved' },
      { op: 'copy', from: '/list', path: '/copy' },
      { op: 'test', path: '/nested/m~0n', value: 2 },
      { op: 'add', path: '/new', value: { deep: [1] } },
    ]);
    expect(result).toEqual({
      name: 'b',
      list: [9, 2, 3, 4],
      nested: { 'm~n': 2 },
      moved: 1,
      copy: [9, 2, 3, 4],
      new: { deep: [1] },
    });
    expect(doc).toEqual({ name: 'a', list: [1, 2, 3], nested: { 'x/y': 1, 'm~n': 2 } });
    expect(applyPatch([1, 2], [{ op: 'replace', path: '', value: [] }])).toEqual([]);
    expect(
      (applyPatch({ a: [1] }, [{ op: 'copy', from: '/a', path: '/b' }]) as { a: number[]; b: number[] }).b,
    ).not.toBe(doc.list);
  });

  it('refuses bad operations, naming the operation', () => {
    expect(
      detail(doc, [
        { op: 'replace', path: '/name', value: 'x' },
        { op: 'nope', path: '/name' },
      ]),
    ).toMatchObject({
      path: [1, 'op'],
      message: '"[1].op" must be one of [add, remove, replace, move, copy, test]',
    });
    expect(detail(doc, [{ op: 'remove', path: '/missing' }]).message).toBe('"/missing" does not exist in the document');
    expect(detail(doc, [{ op: 'replace', path: '/list/3', value: 1 }]).message).toBe(
      '"/list/3" is not an index of the array',
    );
    expect(detail(doc, [{ op: 'add', path: '/list/5', value: 1 }]).message).toBe(
      '"/list/5" is not an index of the array',
    );
    expect(detail(doc, [{ op: 'add', path: 'name', value: 1 }]).message).toBe(
      '"[0].path" must be a JSON pointer such as /0/name',
    );
    expect(detail(doc, [{ op: 'add', path: '/x' }]).message).toBe('"[0].value" is required');
    expect(detail(doc, [{ op: 'move', path: '/x' }]).message).toBe('"[0].from" is required');
    expect(detail(doc, [{ op: 'copy', from: 'name', path: '/x' }]).message).toBe(
      '"[0].from" must be a JSON pointer such as /0/name',
    );
    expect(detail(doc, [{ op: 'move', from: '/nested', path: '/nested/in' }]).path).toEqual([0, 'from']);
    expect(detail(doc, [{ op: 'test', path: '/list', value: [1, 2] }]).message).toBe(
      'The test of "/list" failed: the value differs',
    );
    expect(detail(doc, [{ op: 'remove', path: '' }]).message).toBe('The whole document cannot be removed');
    expect(detail(doc, [{ op: 'add', path: '/name/x', value: 1 }]).message).toBe(
      '"/name/x" does not exist in the document',
    );
    expect(detail({}, [{ op: 'replace', path: '/__proto__', value: {} }]).message).toBe(
      '"/__proto__" does not exist in the document',
    );
  });
});
