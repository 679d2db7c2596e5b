import jsonPatch, { type Operation } from 'fast-json-patch';
import type { JsonPatch } from '../../contract/features.ts';
import { validationError } from '../platform/http/errors.ts';

const { applyOperation, deepClone, getValueByPointer, JsonPatchError } = jsonPatch;
type PatchOperation = JsonPatch[number];
type Field = 'op' | 'path' | 'from' | 'value';

/** Whether `pointer` names an element of an array of `document` (for the message of a missing index). */
function inArray(document: unknown, pointer: string): boolean {
  try {
    return Array.isArray(getValueByPointer(document, pointer.slice(0, pointer.lastIndexOf('/'))));
  } catch {
    return false;
  }
}

/** Our message and field for each of fast-json-patch's errors, in the Joi shape the console reads. */
function patchError(error: unknown, operation: PatchOperation, i: number, document: unknown) {
  const fail = (field: Field, message: string) => validationError([i, field], message, operation[field]);
  const missing = (field: 'path' | 'from') =>
    inArray(document, operation[field] ?? '')
      ? fail(field, `"${operation[field]}" is not an index of the array`)
      : fail(field, `"${operation[field]}" does not exist in the document`);
  // fast-json-patch refuses __proto__ and constructor/prototype with a TypeError: for JSON they do not exist.
  if (!(error instanceof JsonPatchError)) return error instanceof TypeError ? missing('path') : error;
  switch (error.name) {
    case 'OPERATION_OP_INVALID':
      return fail('op', `"[${i}].op" must be one of [add, remove, replace, move, copy, test]`);
    case 'OPERATION_PATH_INVALID':
      return fail('path', `"[${i}].path" must be a JSON pointer such as /0/name`);
    case 'OPERATION_FROM_REQUIRED':
      return fail('from', `"[${i}].from" is required`);
    case 'OPERATION_VALUE_REQUIRED':
    case 'OPERATION_VALUE_CANNOT_CONTAIN_UNDEFINED':
      return fail('value', `"[${i}].value" is required`);
    case 'OPERATION_FROM_UNRESOLVABLE':
      return missing('from');
    case 'OPERATION_PATH_ILLEGAL_ARRAY_INDEX':
    case 'OPERATION_VALUE_OUT_OF_BOUNDS':
      return fail('path', `"${operation.path}" is not an index of the array`);
    case 'TEST_OPERATION_FAILED':
      return fail('value', `The test of "${operation.path}" failed: the value differs`);
    default:
      return missing('path');
  }
}

/**
 * What fast-json-patch lets through and we refuse: removing the whole document, a `from` that is not a JSON pointer,
 * and a move into one of its own children (RFC 6902 section 4.4).
 */
function checkOperation(operation: PatchOperation, i: number) {
  if (operation.op === 'remove' && operation.path === '') {
    throw validationError([i, 'path'], 'The whole document cannot be removed', operation.path);
  }
  const { from, path } = operation;
  if (from !== undefined && from !== '' && !from.startsWith('/') && ['move', 'copy'].includes(operation.op)) {
    throw validationError([i, 'from'], `"[${i}].from" must be a JSON pointer such as /0/name`, from);
  }
  if (operation.op === 'move' && typeof from === 'string' && path.startsWith(`${from}/`)) {
    throw validationError([i, 'from'], `"${from}" cannot be moved into one of its own children`, from);
  }
}

/**
 * Applies a JSON Patch (RFC 6902, by fast-json-patch) to a copy of `document` and returns the copy; the original is
 * never touched. A bad operation throws a 400 naming it (`[i].path`), so nothing is written.
 */
export function applyPatch(document: unknown, operations: JsonPatch): unknown {
  let result = deepClone(document);
  operations.forEach((operation, i) => {
    checkOperation(operation, i);
    try {
      result = applyOperation(result, operation as Operation, true, true, true, i).newDocument;
    } catch (error) {
      throw patchError(error, operation, i, result);
    }
  });
  return result;
}
