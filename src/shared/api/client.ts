import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE } from '../../../contract/http';
import { basePath, withBase } from './base-path';
import { connectivity, FROM_CACHE_HEADER } from './connectivity';
import { errorFor, NetworkError, type ErrorLayer } from './errors';

export interface RequestOptions {
  /** Which status table maps a failure (default 'classic'). */
  layer?: ErrorLayer;
  /** Send the session cookie (default true; the password validator is called without). */
  credentials?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (the offline queue's Idempotency-Key and If-Match). */
  headers?: Record<string, string>;
}

export const NO_ANSWER = 'The server could not be reached. Check the connection and try again.';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A parsed answer with the headers the offline queue reads. */
export interface Answer<T> {
  data: T;
  /** The ETag header, when the server sent one. */
  etag: string | null;
}

/** A toggle's version from a strong numeric ETag (`"7"`); weak or other tags (a server without versions): undefined. */
export function versionOf(etag: string | null): number | undefined {
  const match = etag?.match(/^"(\d+)"$/);
  return match ? Number(match[1]) : undefined;
}

/**
 * The one HTTP client of the console: base path, credentials, JSON, error mapping and reachability in one place.
 * A relative path ('api/admin/features') lives under the base path; an absolute one (a sign-in path the server
 * sent in its auth details, which already carries the base) is used as given. A request that gets no answer
 * rejects with a NetworkError and marks the server unreachable; any answer from the server marks it reachable.
 */
export function createApiClient(base: string = basePath, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  async function send<T>(
    method: Method,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<Answer<T>> {
    // The console's header: the server refuses a change made with the session cookie without it (CSRF).
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [CONSOLE_HEADER]: CONSOLE_HEADER_VALUE,
      ...options.headers,
    };
    if (method === 'POST' || method === 'PUT' || method === 'PATCH') headers['Content-Type'] = 'application/json';
    const url = path.startsWith('/') ? path : withBase(path, base);
    let res: Response;
    try {
      res = await fetchImpl(url, {
        method,
        headers,
        credentials: options.credentials === false ? 'omit' : 'include',
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: options.signal,
      });
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      connectivity.lost();
      throw new NetworkError(NO_ANSWER);
    }
    if (!res.headers.has(FROM_CACHE_HEADER)) connectivity.reached();
    if (!res.ok) throw await errorFor[options.layer ?? 'classic'](res);
    const text = await res.text();
    return { data: (text ? JSON.parse(text) : undefined) as T, etag: res.headers.get('ETag') };
  }

  const request = async <T>(method: Method, path: string, body?: unknown, options?: RequestOptions) =>
    (await send<T>(method, path, body, options)).data;

  return {
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
    post: <T = void>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
    put: <T = void>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
    patch: <T = void>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, body, options),
    delete: <T = void>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
    send,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api = createApiClient();
