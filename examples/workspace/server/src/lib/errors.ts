// Errors as values with a type: every non-2xx answer is `{error, message, issues?}`.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { MESSAGES } from './messages';

/** One field error of a 400 answer. */
export interface FieldIssue {
  readonly path: string;
  readonly message: string;
}

/** An answer other than 2xx, thrown by services and rendered by the app's error handler. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly error: string,
    message: string,
    readonly issues?: readonly FieldIssue[],
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }

  toBody(): { error: string; message: string; issues?: FieldIssue[] } {
    return {
      error: this.error,
      message: this.message,
      ...(this.issues ? { issues: [...this.issues] } : {}),
    };
  }
}

/** How a validation target is named in `issues[].path`. */
const TARGET_NAMES: Record<string, string> = { json: 'body', param: 'path', query: 'query' };

/** 400 with the field errors of a failed validation. */
export function validationError(error: ZodError, target: string): ApiError {
  const where = TARGET_NAMES[target] ?? target;
  const issues = error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  return new ApiError(400, 'invalid_request', MESSAGES.invalidRequest, issues);
}

export const unauthorized = (): ApiError =>
  new ApiError(401, 'unauthorized', MESSAGES.unauthorized);
export const forbidden = (permit: string): ApiError =>
  new ApiError(403, 'forbidden', MESSAGES.forbidden(permit));
export const notFound = (what: string): ApiError =>
  new ApiError(404, 'not_found', MESSAGES.notFound(what));
export const conflict = (error: string, message: string): ApiError =>
  new ApiError(409, error, message);
/** A 400 answer naming the request field at fault (`body.name`, `query.cursor`, …). */
export const invalidField = (path: string, message: string): ApiError =>
  new ApiError(400, 'invalid_request', MESSAGES.invalidRequest, [{ path, message }]);
