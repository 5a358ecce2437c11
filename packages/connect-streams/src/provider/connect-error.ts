import { CLIENT_TIMEOUT_ERROR_KEY } from '../constants';
import { MSG_CLIENT_TIMEOUT } from '../messages';
import type { RequestMessage } from './messages';

/**
 * Fields of a {@link ConnectError}.
 * @public
 */
export interface ConnectErrorInit {
  /** The error key. */
  errorKey: string;
  /** Why it failed. */
  reason?: string;
  /** The namespace of the failed request. */
  namespace?: string;
  /** Details of the failure. */
  details?: Record<string, unknown>;
}

/**
 * An error answered by the subject (an `isError` response) or raised by the provider, keyed by
 * `errorKey` (for example `attemptInitializeMultipleProviders`).
 * @public
 */
export class ConnectError extends Error {
  /** Discriminator used by {@link isConnectError} for errors that crossed a realm. */
  static readonly ErrorType = 'ConnectError';
  /** Always `ConnectError`. */
  readonly errorType = ConnectError.ErrorType;
  /** The error key (e.g. `clientTimeout`). */
  readonly errorKey: string;
  /** The namespace of the failed request. */
  readonly namespace: string | undefined;
  /** Why it failed. */
  readonly reason: string | undefined;
  /** Details of the failure. */
  readonly details: Record<string, unknown>;

  /** An error with these fields. */
  constructor({ errorKey, reason, namespace, details }: ConnectErrorInit) {
    super(`ConnectError with error key "${errorKey}"`);
    this.name = 'ConnectError';
    this.errorKey = errorKey;
    this.reason = reason;
    this.namespace = namespace;
    this.details = details ?? {};
  }
}

/**
 * True for a {@link ConnectError}, by class or by its `errorType` field.
 * @public
 */
export function isConnectError(error: unknown): error is ConnectError {
  return (
    error instanceof ConnectError ||
    (typeof error === 'object' &&
      error !== null &&
      (error as { errorType?: unknown }).errorType === ConnectError.ErrorType)
  );
}

/**
 * The plain object (not an Error) a request rejects with when no response arrives in time.
 * @public
 */
export interface ClientTimeoutError {
  /** The request's namespace. */
  namespace: string;
  /** Always 'Client Timeout'. */
  reason: 'Client Timeout';
  /** The command, its data and the timeout. */
  details: { command: string; requestData: unknown; timeoutMs: number };
  /** Always `clientTimeout`. */
  errorKey: 'clientTimeout';
}

/**
 * Builds the `clientTimeout` rejection object for a request.
 * @public
 */
export function formatClientTimeoutError(
  request: Pick<RequestMessage, 'namespace' | 'command' | 'data'>,
  timeoutMs: number,
): ClientTimeoutError {
  return {
    namespace: request.namespace,
    reason: MSG_CLIENT_TIMEOUT,
    details: { command: request.command, requestData: request.data, timeoutMs },
    errorKey: CLIENT_TIMEOUT_ERROR_KEY,
  };
}

/**
 * True when a request rejection is the client-timeout object.
 * @public
 */
export function isClientTimeoutResponseError(error: unknown): error is ClientTimeoutError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { errorKey?: unknown }).errorKey === CLIENT_TIMEOUT_ERROR_KEY
  );
}

/**
 * True when a request failed with the `noResult` key.
 * @public
 */
export function isNoResultResponseError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { errorKey?: unknown }).errorKey === 'noResult'
  );
}
