/** Typed API errors and the status tables of the spec. */

export interface AuthOption {
  type: string;
  path: string;
  message?: string;
}

/** The body of a 401: how to sign in. */
export interface AuthDetails {
  type: string;
  path: string;
  message?: string;
  defaultHidden?: boolean;
  disableDefault?: boolean;
  options?: AuthOption[];
}

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    /** The parsed response body, when a table read it (for screens that show a call's specific details). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
  constructor(
    message: string,
    readonly authDetails: AuthDetails | null,
  ) {
    super(401, message, authDetails ?? undefined);
  }
}

export class ForbiddenError extends ApiError {
  override name = 'ForbiddenError';
}

export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}

/** Any other 4xx: bad input, conflicts, unsupported media type, too many requests. */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
}

export class ServiceError extends ApiError {
  override name = 'ServiceError';
}

/** No answer at all: the browser is offline or the server cannot be reached (status 0). */
export class NetworkError extends ApiError {
  override name = 'NetworkError';
  constructor(message: string) {
    super(0, message);
  }
}

/** Which error table a call uses. */
export type ErrorLayer = 'classic' | 'project' | 'user';

export const API_PROVIDER = 'switchyard';
export const UNEXPECTED_MESSAGE = `Unexpected exception when talking to the ${API_PROVIDER}-api`;

type Body = unknown;

async function readBody(res: Response): Promise<Body> {
  try {
    const text = await res.text();
    return text ? (JSON.parse(text) as Body) : undefined;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The message of the first entry of `details` (Unleash's Joi shape). */
function firstDetail(body: Body): string | undefined {
  if (!isObject(body) || !Array.isArray(body.details) || body.details.length === 0) return undefined;
  const first: unknown = body.details[0];
  return isObject(first) ? text(first.message) : text(first);
}

/** The first message of a list body (`[{msg}]`, as user-admin answers) or of a `details` list. */
function firstListMessage(body: Body): string | undefined {
  if (Array.isArray(body)) {
    const first: unknown = body[0];
    return isObject(first) ? (text(first.msg) ?? text(first.message)) : text(first);
  }
  return firstDetail(body);
}

export function parseAuthDetails(body: Body): AuthDetails | null {
  if (!isObject(body) || typeof body.type !== 'string' || typeof body.path !== 'string') return null;
  return body as unknown as AuthDetails;
}

function serviceError(status: number): ServiceError {
  return new ServiceError(status, `Service error (HTTP ${status})`);
}

/** Classic API layer. */
export async function classicError(res: Response): Promise<ApiError> {
  const { status } = res;
  if (status === 401) return new AuthenticationError('Authentication required', parseAuthDetails(await readBody(res)));
  if (status === 403) {
    const body = await readBody(res);
    if (body === undefined) return new ForbiddenError(403, '403 Forbidden');
    return new ForbiddenError(403, firstListMessage(body) ?? 'You cannot perform this action');
  }
  if (status === 404) {
    return new NotFoundError(404, 'The requested resource could not be found but may be available in the future');
  }
  if (status >= 400 && status < 500) {
    const body = await readBody(res);
    const message = isObject(body) && body.isJoi ? firstDetail(body) : firstListMessage(body);
    return new BadRequestError(status, message ?? UNEXPECTED_MESSAGE, body);
  }
  return serviceError(status);
}

/** Project-scoped API layer (the generic status mapping). */
export async function projectError(res: Response): Promise<ApiError> {
  const { status } = res;
  if (status === 400) return new BadRequestError(400, 'Bad request format', await readBody(res));
  if (status === 404) return new NotFoundError(404, 'Could not find the requested resource');
  if (status === 401) {
    return new AuthenticationError(
      'You are not authorized to perform this operation',
      parseAuthDetails(await readBody(res)),
    );
  }
  if (status === 403) return new ForbiddenError(403, 'This operation is forbidden');
  const body = await readBody(res);
  const message = firstDetail(body) ?? 'Action could not be performed';
  return status >= 500 ? new ServiceError(status, message, body) : new BadRequestError(status, message, body);
}

/** User API: 400 first body message, 404 fixed text, 401/403 the server's message. */
export async function userApiError(res: Response): Promise<ApiError> {
  const { status } = res;
  if (status === 404) return new NotFoundError(404, 'Could not find the requested resource.');
  if (status !== 400 && status !== 401 && status !== 403) return classicError(res);
  const body = await readBody(res);
  const message = firstListMessage(body) ?? (isObject(body) ? text(body.message) : undefined);
  if (status === 400) return new BadRequestError(400, message ?? UNEXPECTED_MESSAGE, body);
  if (status === 403) return new ForbiddenError(403, message ?? 'You cannot perform this action', body);
  return new AuthenticationError(message ?? 'Authentication required', parseAuthDetails(body));
}

export const errorFor: Record<ErrorLayer, (res: Response) => Promise<ApiError>> = {
  classic: classicError,
  project: projectError,
  user: userApiError,
};

export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/** 'Failed fetches of user, config or info': keep the status and auth details, name the thing. */
export function gettingFailed(what: string, error: unknown): Error {
  if (error instanceof AuthenticationError) return error;
  const message = `An error occurred while trying to get ${what}`;
  if (error instanceof NetworkError) return new NetworkError(message);
  return new ApiError(statusOf(error) ?? 0, message);
}
