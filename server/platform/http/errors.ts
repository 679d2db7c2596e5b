/** An error with an HTTP status and an Unleash-shaped JSON body: {name, message, details:[{message,...}], isJoi?}. */
export interface ErrorDetail {
  message: string;
  [key: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorName: string,
    message: string,
    readonly details: ErrorDetail[] = [{ message }],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toBody(): Record<string, unknown> {
    return { name: this.errorName, message: this.message, details: this.details, ...this.extra };
  }
}

export type FieldPath = Array<string | number>;

/** Joi's label of a path: `variants[0].weight`. */
export const joiLabel = (path: FieldPath) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');

/** A 400 naming the offending field (a name or a path into the body), in the Joi shape the Unleash console reads. */
export function validationError(
  field: string | FieldPath,
  message: string,
  value?: unknown,
  type = 'any.invalid',
): ApiError {
  const path = Array.isArray(field) ? field : [field];
  const key = path.length > 0 ? path[path.length - 1] : 'value';
  return new ApiError(
    400,
    'ValidationError',
    message,
    [{ message, path, type, context: { label: joiLabel(path) || 'value', key, value } }],
    { isJoi: true },
  );
}

/** A 400 for a request that goes past one of the limits (strategies per environment, constraints, values). */
export const exceedsLimit = (message: string) => new ApiError(400, 'ExceedsLimitError', message);

/** A 412: the toggle changed since the version the caller based the change on (If-Match). */
export function preconditionFailed(name: string, expected: number, actual: number): ApiError {
  return new ApiError(
    412,
    'PreconditionFailedError',
    `The toggle ${name} changed since version ${expected}: it is now at version ${actual}`,
  );
}

export const notFound = (message: string) => new ApiError(404, 'NotFoundError', message, undefined, { isJoi: true });
export const nameExists = (message: string) =>
  new ApiError(409, 'NameExistsError', message, undefined, { isJoi: true });
export const noAccess = (message: string, permission?: string) =>
  new ApiError(403, 'NoAccessError', message, undefined, permission ? { permission } : {});

/** Unleash's name rule for toggles, tag types and tags: usable in a URL as-is. */
export function assertUrlFriendly(field: string, value: string, max: number, min = 1): void {
  if (value.length < min) {
    throw validationError(field, `"${field}" length must be at least ${min} characters long`, value);
  }
  if (value.length > max) {
    throw validationError(field, `"${field}" length must be less than or equal to ${max} characters long`, value);
  }
  if (encodeURIComponent(value) !== value) throw validationError(field, `"${field}" must be URL friendly`, value);
}

/** A 400 for an operation that is not allowed in the current state (e.g. changing an archived toggle). */
export const invalidOperation = (message: string) => new ApiError(400, 'InvalidOperationError', message);
