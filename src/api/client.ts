import { basePath, withBase } from './base-path';
import { errorFor, type ErrorLayer } from './errors';

export interface RequestOptions {
  /** Which status table maps a failure (default 'classic'). */
  layer?: ErrorLayer;
  /** Send the session cookie (default true; the password validator is called without). */
  credentials?: boolean;
  signal?: AbortSignal;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one HTTP client of the console: base path, credentials, JSON, and error mapping in one place.
 * A relative path ('api/admin/features') lives under the base path; an absolute one (a sign-in path the server
 * sent in its auth details, which already carries the base) is used as given.
 */
export function createApiClient(base: string = basePath, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  async function request<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (method === 'POST' || method === 'PUT' || method === 'PATCH') headers['Content-Type'] = 'application/json';
    const url = path.startsWith('/') ? path : withBase(path, base);
    const res = await fetchImpl(url, {
      method,
      headers,
      credentials: options.credentials === false ? 'omit' : 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
    if (!res.ok) throw await errorFor[options.layer ?? 'classic'](res);
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
    post: <T = void>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
    put: <T = void>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
    patch: <T = void>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
    delete: <T = void>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api = createApiClient();
