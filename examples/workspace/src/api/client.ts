import { getAuth, setAuth } from './auth-token';

/** The prefix of every workspace server route (product contract). */
export const API_PREFIX = '/api';

import type { ApiErrorBody } from '../../server/src/contract/common';

export type { ApiErrorBody };

/** A non-2xx answer of the workspace server, or a network failure (`status` 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: ApiErrorBody['issues'] = undefined,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** Message shown when the server cannot be reached at all. */
export const NETWORK_ERROR_MESSAGE =
  'Cannot reach the server. Check your connection and try again.';

/** Whether an answer's body is the server's documented error shape. */
export function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorBody).error === 'string' &&
    typeof (value as ApiErrorBody).message === 'string'
  );
}

/** Options of one {@link api} call. */
export interface RequestOptions {
  readonly method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  readonly body?: unknown;
  readonly query?: Record<string, string | number | boolean | null | undefined>;
  readonly signal?: AbortSignal;
  /** Sends no bearer token (sign-in). */
  readonly anonymous?: boolean;
}

/** The URL of an API path with its query (empty values left out). */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_PREFIX}${path}${qs ? `?${qs}` : ''}`;
}

/** Headers of an authenticated call. */
export function authHeaders(): Record<string, string> {
  const auth = getAuth();
  return auth ? { authorization: `Bearer ${auth.token}` } : {};
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = options.anonymous ? {} : authHeaders();
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }
  if (response.ok) return response;
  const body: unknown = await response.json().catch(() => null);
  // A revoked or expired token signs the user out everywhere (the router sends them to sign-in).
  if (response.status === 401 && !options.anonymous) setAuth(null);
  const retryAfter = Number(response.headers.get('retry-after'));
  throw isErrorBody(body)
    ? new ApiError(
        response.status,
        body.error,
        body.message,
        body.issues,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      )
    : new ApiError(response.status, 'http_error', `The server answered ${response.status}.`);
}

/**
 * Calls the workspace server and returns its JSON answer typed as `T`. The types come from the
 * server's exported contract (`import type`), so no schema library ships to the browser; the
 * server validates every request and answer shape.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Calls the workspace server and returns the answer's body as a blob (downloads). */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, options);
  return response.blob();
}

/** The path of a workspace route below `/api`. */
export function wsPath(slug: string, path: string): string {
  return `/ws/${encodeURIComponent(slug)}${path}`;
}
