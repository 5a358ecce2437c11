import {
  MAX_ACCESS_DENIED_RETRY_COUNT,
  MAX_UNAUTHORIZED_RETRY_COUNT,
  RETRYABLE_CLIENT_METHODS,
} from '../constants';
import type { CcpErrorShape } from './upstream-client';

/** A raw service error as a CTI caller sees it (AWS SDK style: `code`, `statusCode`). @public */
export interface ServiceError {
  readonly code?: string;
  readonly statusCode?: number;
  readonly message?: string;
  readonly stack?: string | readonly string[] | Record<string, unknown>;
  readonly [key: string]: unknown;
}

/**
 * What to do with a failed call:
 * - `retry`: call the failure callback with the error (retryStatus `retrying`) and call again;
 * - `authFailure` / `accessDenied`: the auth-failure (unauthorized) or access-denied callback;
 * - `failure`: the plain failure callback.
 * @public
 */
export interface AuthRetryDecision {
  readonly action: 'retry' | 'authFailure' | 'accessDenied' | 'failure';
  /** The formatted error. */
  readonly error: CcpErrorShape;
}

const UNAUTHORIZED = 'UnauthorizedException';
const ACCESS_DENIED = 'AccessDeniedException';

/** Adds the status code a service error implies: none and no code → 400, 401/403 for the auth codes. */
function withStatusCode(err: ServiceError): ServiceError {
  if (err.statusCode) return err;
  if (!err.code) return { ...err, statusCode: 400 };
  if (err.code === UNAUTHORIZED) return { ...err, statusCode: 401 };
  if (err.code === ACCESS_DENIED) return { ...err, statusCode: 403 };
  return err;
}

/** Formats a service error into the wire error shape. @public */
export function formatServiceError(
  err: ServiceError,
  retryStatus: 'retrying' | 'exhausted' | 'none' = 'none',
): CcpErrorShape {
  const e = withStatusCode(err);
  let stack: string[] = [];
  if (Array.isArray(e.stack)) stack = [...(e.stack as string[])];
  else if (typeof e.stack === 'string') stack = e.stack.split('\n');
  else if (typeof e.stack === 'object' && e.stack !== null) stack = [JSON.stringify(e.stack)];
  return {
    type: e.code,
    message: e.message,
    stack,
    retryStatus,
    ...(e.statusCode ? { statusCode: e.statusCode } : {}),
  };
}

/** Whether an HTTP status is retried with backoff. @public */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/**
 * The auth retry rules, as a state machine with the two counters. Unauthorized (code or
 * 401) and access denied (code or 403) are retried only for the six named methods, up to 20 and 10
 * times; on exhaustion the counter resets and retryStatus is `exhausted`. Any other error and any
 * success reset both counters.
 * @public
 */
export class AuthRetryPolicy {
  private unauthorized = 0;
  private accessDenied = 0;

  /** Records a success (resets both counters). */
  onSuccess(): void {
    this.unauthorized = 0;
    this.accessDenied = 0;
  }

  /** Decides what a failure of `method` leads to. */
  onError(method: string, err: ServiceError): AuthRetryDecision {
    const isUnauthorized = err.code === UNAUTHORIZED || err.statusCode === 401;
    const isAccessDenied =
      !isUnauthorized && (err.code === ACCESS_DENIED || err.statusCode === 403);
    if (!isUnauthorized && !isAccessDenied) {
      this.onSuccess();
      return { action: 'failure', error: formatServiceError(err) };
    }
    const final = isUnauthorized ? 'authFailure' : 'accessDenied';
    if (!RETRYABLE_CLIENT_METHODS.includes(method)) {
      return { action: final, error: formatServiceError(err, 'none') };
    }
    const count = isUnauthorized ? this.unauthorized : this.accessDenied;
    const max = isUnauthorized ? MAX_UNAUTHORIZED_RETRY_COUNT : MAX_ACCESS_DENIED_RETRY_COUNT;
    if (count >= max) {
      if (isUnauthorized) this.unauthorized = 0;
      else this.accessDenied = 0;
      return { action: final, error: formatServiceError(err, 'exhausted') };
    }
    if (isUnauthorized) this.unauthorized++;
    else this.accessDenied++;
    return { action: 'retry', error: formatServiceError(err, 'retrying') };
  }

  /** Current counters (for diagnostics and tests). */
  get counters(): { readonly unauthorized: number; readonly accessDenied: number } {
    return { unauthorized: this.unauthorized, accessDenied: this.accessDenied };
  }
}
