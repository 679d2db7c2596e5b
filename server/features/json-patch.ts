import jsonPatch, { type Operation } from 'fast-json-patch';
import type { JsonPatch } from '../../contract/features.ts';
import { validationError } from '../platform/http/errors.ts';

const { applyOperation, deepClone, getValueByPointer, JsonPatchError } = jsonPatch;
type PatchOperation = JsonPatch[number];
type Field = 'op' | 'path' | 'from' | 'value';

/** The value a JSON pointer names in `document`; undefined when it names none. */
function valueAt(document: unknown, pointer: string): unknown {
  try {
    return getValueByPointer(document, pointer);
  } catch {
    return undefined;
  }
}

const fail = (operation: PatchOperation, i: number, field: Field, message: string) =>
  validationError([i, field], message, operation[field]);

/** A 400 for a path or from that names nothing in `document`: a missing array index is said as such. */
function missing(operation: PatchOperation, i: number, field: 'path' | 'from', document: unknown) {
  const pointer = operation[field] ?? '';
  const inArray = Array.isArray(valueAt(document, pointer.slice(0, pointer.lastIndexOf('/'))));
  const problem = inArray ? 'is not an index of the array' : 'does not exist in the document';
  return fail(operation, i, field, `"${pointer}" ${problem}`);
}

/** Our message and field for each of fast-json-patch's errors, in the Joi shape the console reads. */
function patchError(error: unknown, operation: PatchOperation, i: number, document: unknown) {
  // fast-json-patch refuses __proto__ and constructor/prototype with a TypeError: for JSON they do not exist.
  if (!(error instanceof JsonPatchError))
    return error instanceof TypeError ? missing(operation, i, 'path', document) : error;
  switch (error.name) {
    case 'OPERATION_OP_INVALID':
      return fail(operation, i, 'op', `"[${i}].op" must be one of [add, remove, replace, move, copy, test]`);
    case 'OPERATION_PATH_INVALID':
      return fail(operation, i, 'path', `"[${i}].path" must be a JSON pointer such as /0/name`);
    case 'OPERATION_FROM_REQUIRED':
      return fail(operation, i, 'from', `"[${i}].from" is required`);
    case 'OPERATION_VALUE_REQUIRED':
    case 'OPERATION_VALUE_CANNOT_CONTAIN_UNDEFINED':
      return fail(operation, i, 'value', `"[${i}].value" is required`);
    case 'OPERATION_FROM_UNRESOLVABLE':
      return missing(operation, i, 'from', document);
    case 'OPERATION_PATH_ILLEGAL_ARRAY_INDEX':
    case 'OPERATION_VALUE_OUT_OF_BOUNDS':
      return fail(operation, i, 'path', `"${operation.path}" is not an index of the array`);
    case 'TEST_OPERATION_FAILED':
      return fail(operation, i, 'value', `The test of "${operation.path}" failed: the value differs`);
    default:
      return missing(operation, i, 'path', document);
  }
}

/**
 * What fast-json-patch lets through and we refuse: removing the whole document, a `from` that is not a JSON pointer
 * or names nothing (the library skips that check for the root), and a move into its own child (RFC 6902 4.4).
 */
function checkOperation(operation: PatchOperation, i: number, document: unknown) {
  const { op, from, path } = operation;
  if (op === 'remove' && path === '') throw fail(operation, i, 'path', 'The whole document cannot be removed');
  if ((op !== 'move' && op !== 'copy') || from === undefined) return;
  if (from !== '' && !from.startsWith('/')) {
    throw fail(operation, i, 'from', `"[${i}].from" must be a JSON pointer such as /0/name`);
  }
  if (valueAt(document, from) === undefined) throw missing(operation, i, 'from', document);
  if (op === 'move' && path.startsWith(`${from}/`)) {
    throw fail(operation, i, 'from', `"${from}" cannot be moved into one of its own children`);
  }
}

/**
 * Applies a JSON Patch (RFC 6902, by fast-json-patch) to a copy of `document` and returns the copy; the original is
 * never touched. A bad operation throws a 400 naming it (`[i].path`), so nothing is written.
 */
export function applyPatch(document: unknown, operations: JsonPatch): unknown {
  let result = deepClone(document);
  operations.forEach((operation, i) => {
    checkOperation(operation, i, result);
    try {
      result = applyOperation(result, operation as Operation, true, true, true, i).newDocument;
    } catch (error) {
      throw patchError(error, operation, i, result);
    }
  });
  return result;
}
