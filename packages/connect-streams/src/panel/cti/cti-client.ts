import {
  CTIExceptions,
  CTI_SERVICE,
  ctiRequiresAuthentication,
  ctiTarget,
  type CtiOperation,
  type RetryStatus,
} from '../../protocol';
import {
  AGENT_POLL_TIMEOUT_MS,
  CTI_REQUEST_TIMEOUT_MS,
  CTI_USER_AGENT,
  FETCH_RETRY_INTERVAL_MS,
  FETCH_RETRY_MAX_ATTEMPTS,
  LONG_POLL_GRACE_MS,
  MAX_ACCESS_DENIED_RETRY_COUNT,
  MAX_UNAUTHORIZED_RETRY_COUNT,
} from '../constants';
import { fetchOnce, type FetchFunction } from '../http/fetch-with-retry';
import { CLIENT_TIMEOUT_MESSAGE, missingParamMessage, noSuchMethodMessage } from '../messages';
import { parseErrorCode, parseErrorMessage, type CtiCallError } from './cti-error';
import { ctiOperationOf, RETRYABLE_CTI_METHODS } from './cti-methods';
import { translateParams } from './translate-params';

/**
 * The outcome of one CTI call, one case per callback of the real client
 * (`success`, `failure`, `authFailure`, `accessDenied`).
 * @public
 */
export type CtiOutcome =
  | { readonly kind: 'success'; readonly data: unknown; readonly contentLength?: number }
  | { readonly kind: 'failure'; readonly error: CtiCallError; readonly data?: unknown }
  | { readonly kind: 'authFailure'; readonly error: CtiCallError }
  | { readonly kind: 'accessDenied'; readonly error: CtiCallError };

/**
 * Options of {@link CtiClient}.
 * @public
 */
export interface CtiClientOptions {
  /** The agent's CTI token, sent as `X-Amz-Bearer` and in the body's `authentication`. */
  readonly authToken: string;
  /** The instance's region. */
  readonly region: string;
  /** The CTI endpoint URL (the page origin plus `/api` by default, see {@link defaultCtiEndpoint}). */
  readonly endpoint: string;
  /** The fetch to use (default `globalThis.fetch`). */
  readonly fetch?: FetchFunction;
  /** Per-request timeout (default 30000 ms; a long poll gets its `timeout` plus 5000 ms). */
  readonly requestTimeoutMs?: number;
  /** Attempts in all on 5xx and 429 (default 5). */
  readonly retryMaxAttempts?: number;
  /** Wait between those attempts (default 1000 ms). */
  readonly retryIntervalMs?: number;
}

/**
 * The CTI endpoint the real client uses when none is given: `<origin>/api`, or
 * `<origin>/connect/api` on `*.awsapps.com`.
 * @public
 */
export function defaultCtiEndpoint(pageUrl: string): string {
  const url = new URL(pageUrl);
  return url.host.includes('.awsapps.com') ? `${url.origin}/connect/api` : `${url.origin}/api`;
}

interface RawError {
  readonly code: string | undefined;
  readonly message: string | undefined;
  readonly statusCode: number | undefined;
  readonly stack?: readonly string[];
}

function formatError(raw: RawError, retryStatus: RetryStatus = 'none'): CtiCallError {
  let statusCode = raw.statusCode;
  if (statusCode === undefined) {
    if (raw.code === undefined) statusCode = 400;
    else if (raw.code === CTIExceptions.UNAUTHORIZED_EXCEPTION) statusCode = 401;
    else if (raw.code === CTIExceptions.ACCESS_DENIED_EXCEPTION) statusCode = 403;
  }
  return {
    type: raw.code,
    message: raw.message,
    stack: raw.stack ?? [],
    retryStatus,
    ...(statusCode === undefined ? {} : { statusCode }),
  };
}

/**
 * The CCP side's client for the `AmazonConnectCTIService` JSON 1.0 protocol: `POST <endpoint>`
 * with `X-Amz-Target`, `X-Amz-Bearer`, the documented token rules, a 30 s request timeout,
 * 5xx/429 retries and the unauthorized/access-denied handling.
 *
 * @example
 * ```ts
 * const client = new CtiClient({ authToken, region: 'us-east-1', endpoint: 'https://x/api' });
 * const outcome = await client.call('putAgentState', { state });
 * if (outcome.kind === 'success') console.log(outcome.data);
 * ```
 * @public
 */
export class CtiClient {
  private readonly options: CtiClientOptions;
  private readonly doFetch: FetchFunction;
  private unauthorizedFailCounter = 0;
  private accessDeniedFailCounter = 0;

  /** A client for the instance's CTI endpoint. */
  constructor(options: CtiClientOptions) {
    if (!options.authToken) throw new TypeError(missingParamMessage('authToken'));
    if (!options.region) throw new TypeError(missingParamMessage('region'));
    if (!options.endpoint) throw new TypeError(missingParamMessage('endpoint'));
    this.options = options;
    this.doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /** The token this client sends. */
  get authToken(): string {
    return this.options.authToken;
  }

  /**
   * Calls one CTI method (lower camel case, e.g. `getAgentSnapshot`) with its params.
   * Never rejects: every result, error or not, is an outcome.
   */
  async call(method: string, params: Record<string, unknown> = {}): Promise<CtiOutcome> {
    const operation = ctiOperationOf(method);
    if (operation === undefined) {
      const message = noSuchMethodMessage(method);
      return {
        kind: 'failure',
        error: formatError({ code: 'ValueError', message, statusCode: undefined }),
        data: { message },
      };
    }
    const body = translateParams(method, params);
    if (ctiRequiresAuthentication(operation)) {
      body['authentication'] = { authToken: this.options.authToken };
    }
    const raw = await this.send(method, operation, body);
    if ('data' in raw) {
      this.unauthorizedFailCounter = 0;
      this.accessDeniedFailCounter = 0;
      return { kind: 'success', data: raw.data, contentLength: raw.contentLength };
    }
    const error = raw.error;
    if (error.code === CTIExceptions.UNAUTHORIZED_EXCEPTION || error.statusCode === 401) {
      return this.retryOrGiveUp(method, error, 'unauthorized');
    }
    if (error.code === CTIExceptions.ACCESS_DENIED_EXCEPTION || error.statusCode === 403) {
      return this.retryOrGiveUp(method, error, 'accessDenied');
    }
    this.unauthorizedFailCounter = 0;
    this.accessDeniedFailCounter = 0;
    // The AWS SDK calls back with no data beside an error: the real worker's api_response carries
    // `data: null`.
    return { kind: 'failure', error: formatError(error), data: null };
  }

  private retryOrGiveUp(
    method: string,
    raw: RawError,
    kind: 'unauthorized' | 'accessDenied',
  ): CtiOutcome {
    const giveUp = (retryStatus: RetryStatus): CtiOutcome =>
      kind === 'unauthorized'
        ? { kind: 'authFailure', error: formatError(raw, retryStatus) }
        : { kind: 'accessDenied', error: formatError(raw, retryStatus) };
    if (!RETRYABLE_CTI_METHODS.has(method)) return giveUp('none');
    const max =
      kind === 'unauthorized' ? MAX_UNAUTHORIZED_RETRY_COUNT : MAX_ACCESS_DENIED_RETRY_COUNT;
    const count =
      kind === 'unauthorized' ? this.unauthorizedFailCounter : this.accessDeniedFailCounter;
    if (count >= max) {
      if (kind === 'unauthorized') this.unauthorizedFailCounter = 0;
      else this.accessDeniedFailCounter = 0;
      return giveUp('exhausted');
    }
    if (kind === 'unauthorized') this.unauthorizedFailCounter += 1;
    else this.accessDeniedFailCounter += 1;
    return { kind: 'failure', error: formatError(raw, 'retrying') };
  }

  private async send(
    method: string,
    operation: CtiOperation,
    body: Record<string, unknown>,
  ): Promise<
    | { readonly data: unknown; readonly contentLength: number }
    | { readonly error: RawError; readonly body?: unknown }
  > {
    const maxAttempts = this.options.retryMaxAttempts ?? FETCH_RETRY_MAX_ATTEMPTS;
    const intervalMs = this.options.retryIntervalMs ?? FETCH_RETRY_INTERVAL_MS;
    const baseTimeout = this.options.requestTimeoutMs ?? CTI_REQUEST_TIMEOUT_MS;
    const timeoutMs =
      method === 'getAgentSnapshot'
        ? Math.max(
            baseTimeout,
            (typeof body['timeout'] === 'number' ? body['timeout'] : AGENT_POLL_TIMEOUT_MS) +
              LONG_POLL_GRACE_MS,
          )
        : baseTimeout;
    const init: RequestInit = {
      method: 'POST',
      headers: {
        'Content-Type': CTI_SERVICE.contentType,
        'X-Amz-Target': ctiTarget(operation),
        'X-Amz-Bearer': this.options.authToken,
        'X-Amz-User-Agent': CTI_USER_AGENT,
      },
      body: JSON.stringify(body),
    };
    for (let attempt = 1; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetchOnce(this.doFetch, this.options.endpoint, init, timeoutMs);
      } catch (cause) {
        const aborted = cause instanceof Error && cause.name === 'AbortError';
        return {
          error: aborted
            ? { code: 'clientTimeout', message: CLIENT_TIMEOUT_MESSAGE, statusCode: undefined }
            : {
                code: 'NetworkingError',
                message: cause instanceof Error ? cause.message : String(cause),
                statusCode: undefined,
              },
        };
      }
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text === '' ? {} : (JSON.parse(text) as unknown);
      } catch {
        parsed = undefined;
      }
      if (response.ok) return { data: parsed ?? {}, contentLength: text.length };
      const retryable = response.status >= 500 || response.status === 429;
      if (retryable && attempt < maxAttempts) {
        await new Promise<void>((resolve) => setTimeout(resolve, intervalMs));
        continue;
      }
      return {
        error: {
          code: parseErrorCode(response.headers.get('x-amzn-ErrorType'), parsed),
          message: parseErrorMessage(parsed),
          statusCode: response.status,
        },
        body: parsed,
      };
    }
  }
}
