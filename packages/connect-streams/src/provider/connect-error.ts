import { CLIENT_TIMEOUT_ERROR_KEY } from '../constants';
import { MSG_CLIENT_TIMEOUT } from '../messages';
import type { RequestMessage } from './messages';

/**
 * Fields of a {@link ConnectError}.
 * @public
 */
export interface ConnectErrorInit {
  errorKey: string;
  reason?: string;
  namespace?: string;
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
  readonly errorType = ConnectError.ErrorType;
  readonly errorKey: string;
  readonly namespace: string | undefined;
  readonly reason: string | undefined;
  readonly details: Record<string, unknown>;

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
  namespace: string;
  reason: 'Client Timeout';
  details: { command: string; requestData: unknown; timeoutMs: number };
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
