import { validationError } from '../platform/http/errors.ts';

/** One operation of an RFC 6902 JSON Patch. */
export interface PatchOperation {
  op: string;
  path: string;
  value?: unknown;
  from?: string;
}

type Json = unknown;
type Container = Record<string, Json> | Json[];

const isContainer = (v: Json): v is Container => typeof v === 'object' && v !== null;

export function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  }
  if (!isContainer(a) || !isContainer(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b as Record<string, Json>);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && deepEqual((a as Record<string, Json>)[k], (b as Record<string, Json>)[k]));
}

/**
 * Applies a JSON Patch (add, remove, replace, move, copy, test) to a copy of `document` and returns the copy; the
 * original is never touched. A bad operation throws a 400 naming it (`[i].path`), so nothing is written.
 */
export function applyPatch(document: Json, operations: PatchOperation[]): Json {
  // The document hangs under a holder so that the root ("") can be replaced like any other location.
  const holder: Record<string, Json> = { root: structuredClone(document) };

  operations.forEach((operation, i) => {
    const fail = (field: 'op' | 'path' | 'from' | 'value', message: string): never => {
      throw validationError([i, field], message, operation[field]);
    };

    const pointer = (field: 'path' | 'from'): string[] => {
      const text = operation[field];
      if (typeof text !== 'string') return fail(field, `"[${i}].${field}" is required`);
      if (text !== '' && !text.startsWith('/')) return fail(field, `"[${i}].${field}" must be a JSON pointer such as /0/name`);
      const tokens = text === '' ? [] : text.slice(1).split('/').map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
      return ['root', ...tokens];
    };

    /** The container holding the last token, and that token (an array index is checked against `forAdd`). */
    const locate = (tokens: string[], field: 'path' | 'from', forAdd: boolean): [Container, string | number] => {
      let node: Json = holder;
      for (const token of tokens.slice(0, -1)) {
        node = child(node, token, field);
      }
      if (!isContainer(node)) return fail(field, `"${operation[field]}" does not exist in the document`);
      const last = tokens[tokens.length - 1];
      if (!Array.isArray(node)) return [node, last];
      if (forAdd && last === '-') return [node, node.length];
      const index = /^(0|[1-9]\d*)$/.test(last) ? Number(last) : NaN;
      if (!(index < node.length || (forAdd && index === node.length))) {
        return fail(field, `"${operation[field]}" is not an index of the array`);
      }
      return [node, index];
    };

    const child = (node: Json, token: string, field: 'path' | 'from'): Json => {
      if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(token) && Number(token) < node.length) return node[Number(token)];
      if (isContainer(node) && !Array.isArray(node) && Object.hasOwn(node, token)) return node[token];
      return fail(field, `"${operation[field]}" does not exist in the document`);
    };

    const get = (tokens: string[], field: 'path' | 'from'): Json => {
      const [parent, key] = locate(tokens, field, false);
      return child(parent, String(key), field);
    };

    const add = (tokens: string[], value: Json) => {
      const [parent, key] = locate(tokens, 'path', true);
      if (Array.isArray(parent)) parent.splice(key as number, 0, value);
      else Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
    };

    const remove = (tokens: string[], field: 'path' | 'from') => {
      get(tokens, field);
      const [parent, key] = locate(tokens, field, false);
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
    };

    const value = () => {
      if (!('value' in operation)) return fail('value', `"[${i}].value" is required`);
      return structuredClone(operation.value);
    };

    const path = pointer('path');
    switch (operation.op) {
      case 'add':
        add(path, value());
        break;
      case 'remove':
        if (path.length === 1) fail('path', 'The whole document cannot be removed');
        remove(path, 'path');
        break;
      case 'replace': {
        const next = value();
        get(path, 'path');
        const [parent, key] = locate(path, 'path', false);
        if (Array.isArray(parent)) parent[key as number] = next;
        else Object.defineProperty(parent, key, { value: next, enumerable: true, writable: true, configurable: true });
        break;
      }
      case 'move': {
        const from = pointer('from');
        if (path.length > from.length && from.every((t, k) => path[k] === t)) {
          fail('from', `"${operation.from}" cannot be moved into one of its own children`);
        }
        const moved = get(from, 'from');
        remove(from, 'from');
        add(path, moved);
        break;
      }
      case 'copy':
        add(path, structuredClone(get(pointer('from'), 'from')));
        break;
      case 'test':
        if (!deepEqual(get(path, 'path'), value())) fail('value', `The test of "${operation.path}" failed: the value differs`);
        break;
      default:
        fail('op', `"[${i}].op" must be one of [add, remove, replace, move, copy, test]`);
    }
  });
  return holder.root;
}
