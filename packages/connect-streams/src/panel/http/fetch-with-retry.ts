import { FETCH_RETRY_INTERVAL_MS, FETCH_RETRY_MAX_ATTEMPTS } from '../constants';

/**
 * The `fetch` function the CCP side uses; injectable for tests and non-browser hosts.
 * @public
 */
export type FetchFunction = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * Options of {@link fetchWithRetry}.
 * @public
 */
export interface FetchRetryOptions {
  /** Attempts in all, the first included (default 5). */
  readonly maxAttempts?: number;
  /** Wait between attempts in ms (default 1000). */
  readonly intervalMs?: number;
  /** Abort each attempt after this many ms (no timeout when absent); a timeout rejects with `AbortError`. */
  readonly timeoutMs?: number;
  /** The fetch to use (default `globalThis.fetch`). */
  readonly fetch?: FetchFunction;
}

/**
 * A non-2xx answer that was not retried (or whose retries ran out).
 * @public
 */
export class HttpStatusError extends Error {
  /** The HTTP status of the last answer. */
  readonly status: number;
  /** The last answer itself (its body is unread). */
  readonly response: Response;
  /** The error for a response whose status is not 2xx. */
  constructor(response: Response) {
    super(`HTTP ${response.status}`);
    this.name = 'HttpStatusError';
    this.status = response.status;
    this.response = response;
  }
}

const isRetryableStatus = (status: number): boolean => status >= 500 || status === 429;

/**
 * GETs/POSTs JSON the way the real library's `connect.fetch` does: a 200 resolves with the JSON
 * body (`{}` when it is not JSON), a 5xx or 429 is retried every `intervalMs` up to `maxAttempts`
 * attempts in all, anything else rejects with {@link HttpStatusError}; network errors reject at once.
 * @public
 */
export async function fetchWithRetry(
  url: string,
  init: RequestInit = {},
  options: FetchRetryOptions = {},
): Promise<unknown> {
  const maxAttempts = options.maxAttempts ?? FETCH_RETRY_MAX_ATTEMPTS;
  const intervalMs = options.intervalMs ?? FETCH_RETRY_INTERVAL_MS;
  const doFetch = options.fetch ?? ((input, i) => globalThis.fetch(input, i));
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetchOnce(doFetch, url, init, options.timeoutMs);
    if (response.status === 200) {
      try {
        return (await response.json()) as unknown;
      } catch {
        return {};
      }
    }
    if (attempt >= maxAttempts || !isRetryableStatus(response.status)) {
      throw new HttpStatusError(response);
    }
    await new Promise<void>((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * One fetch with an optional timeout (an `AbortController` aborted after `timeoutMs`).
 * @internal
 */
export async function fetchOnce(
  doFetch: FetchFunction,
  url: string,
  init: RequestInit,
  timeoutMs: number | undefined,
): Promise<Response> {
  if (timeoutMs === undefined) return doFetch(url, init);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await doFetch(url, { ...init, signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}
