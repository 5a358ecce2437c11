import type { RetryStatus } from '@x/connect-streams/protocol';

/**
 * A CTI call error as it crosses the wire; the worker sends it to the host JSON-stringified as `api_response.err`.
 * @public
 */
export interface CtiCallError {
  /** The exception code, e.g. `UnauthorizedException`, or `clientTimeout`. */
  readonly type: string | undefined;
  /** The service's message. */
  readonly message: string | undefined;
  /** Stack lines (empty for service errors). */
  readonly stack: readonly string[];
  /** Whether the client will retry. */
  readonly retryStatus: RetryStatus;
  /** HTTP status; 400 when the error has no code. */
  readonly statusCode?: number;
}

/**
 * Reads the error code of a JSON 1.0 error answer: the `x-amzn-ErrorType` header or the body's
 * `__type`, without the namespace before `#` and the details after `:`.
 * @internal
 */
export function parseErrorCode(header: string | null, body: unknown): string | undefined {
  const bodyType =
    typeof body === 'object' && body !== null && '__type' in body ? String(body.__type) : undefined;
  const raw = header ?? bodyType;
  if (raw === undefined || raw === '') return undefined;
  const afterHash = raw.split('#').pop() ?? raw;
  return afterHash.split(':')[0];
}

/**
 * Reads the message of a JSON 1.0 error answer (`message` or `Message`).
 * @internal
 */
export function parseErrorMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const message = record['message'] ?? record['Message'];
  return typeof message === 'string' ? message : undefined;
}
