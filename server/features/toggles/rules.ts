import type { JsonPatch } from '../../../contract/features.ts';
import { FEATURE_TYPE_IDS } from '../../feature-types/index.ts';
import { ApiError, invalidOperation, nameExists, validationError } from '../../platform/http/errors.ts';

export const toggleExists = () => nameExists('A toggle with that name already exists');

export const missingStrategies = () => validationError('strategies', 'You must add at least one activation strategy');

/** A body's name must be the toggle of the path. */
export function checkNameOfPath(name: string, path: string) {
  if (name !== path) throw validationError('name', `"name" must be ${path}, the toggle in the path`, name);
}

export function checkType(type: string | undefined) {
  if (type !== undefined && !FEATURE_TYPE_IDS.includes(type as never)) {
    throw validationError('type', `"type" must be one of [${FEATURE_TYPE_IDS.join(', ')}]`, type);
  }
}

export interface MetadataChange {
  description?: string | null;
  type?: string;
  stale?: boolean;
  impressionData?: boolean;
  /** Checked by checkVariants. */
  variants?: unknown;
}

/**
 * Turns a JSON patch into a change; only replace/add of /stale, /type, /description, /impressionData and /variants
 * are allowed.
 */
export function patchToChange(ops: JsonPatch): MetadataChange {
  const change: MetadataChange = {};
  ops.forEach((o, i) => {
    const bad = (message: string) =>
      new ApiError(
        400,
        'ValidationError',
        message,
        [
          {
            message,
            path: [i, 'path'],
            type: 'any.invalid',
            context: { key: 'path', label: `[${i}].path`, value: o.path },
          },
        ],
        { isJoi: true },
      );
    if (o.op !== 'replace' && o.op !== 'add') throw bad(`Operation "${o.op}" is not supported: use replace`);
    if (o.path === '/stale') {
      if (typeof o.value !== 'boolean') throw bad('"/stale" must be replaced with a boolean');
      change.stale = o.value;
    } else if (o.path === '/type') {
      if (typeof o.value !== 'string') throw bad('"/type" must be replaced with a string');
      checkType(o.value);
      change.type = o.value;
    } else if (o.path === '/description') {
      if (typeof o.value !== 'string' && o.value !== null) throw bad('"/description" must be replaced with a string');
      change.description = o.value;
    } else if (o.path === '/impressionData') {
      if (typeof o.value !== 'boolean') throw bad('"/impressionData" must be replaced with a boolean');
      change.impressionData = o.value;
    } else if (o.path === '/variants') {
      change.variants = o.value;
    } else {
      throw bad(
        `Path "${o.path}" cannot be patched here: only /stale, /type, /description, /impressionData and /variants can`,
      );
    }
  });
  return change;
}

/** The event of a metadata change: a change of stale alone or variants alone has its own type. */
export function metadataEventType(fields: string[], stale: boolean | undefined) {
  if (fields.length === 1 && fields[0] === 'stale') return stale ? 'feature-stale-on' : 'feature-stale-off';
  if (fields.length === 1 && fields[0] === 'variants') return 'feature-variants-updated';
  return 'feature-metadata-updated';
}

/** A toggle moves only to a project that has every environment in which it has strategies. */
export function checkMove(name: string, target: string, current: string, missing: string[]) {
  if (target === current) throw invalidOperation(`The feature toggle ${name} is already in project ${target}`);
  if (missing.length === 0) return;
  const one = missing.length === 1;
  throw invalidOperation(
    `Cannot move ${name} to project ${target}: the ${one ? 'environment' : 'environments'} ${missing.join(', ')} ` +
      `${one ? 'has' : 'have'} strategies for this toggle but ${one ? 'is' : 'are'} not enabled in project ${target}`,
  );
}
