import type { ApiErrorBody } from './contract';

/**
 * A failed product API call: the HTTP status and the error body of the contract
 * (`{error, message, issues?}`), or `error: 'invalid_response'` when an answer did not match its
 * schema, or `error: 'network_error'` when there was no answer.
 * @public
 */
export class VoiceApiError extends Error {
  /** The HTTP status (0 when there was no answer). */
  readonly status: number;
  /** The error code of the body (`invalid_credentials`, `not_found`, ...). */
  readonly error: string;
  /** Field errors of a 400. */
  readonly issues: ApiErrorBody['issues'];

  constructor(status: number, body: ApiErrorBody, options?: { cause?: unknown }) {
    super(body.message, options);
    this.name = 'VoiceApiError';
    this.status = status;
    this.error = body.error;
    this.issues = body.issues;
  }
}
