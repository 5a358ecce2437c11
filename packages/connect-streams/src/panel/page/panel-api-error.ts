// The error a panel session's CTI call rejects with: the worker's `err`, parsed.

/**
 * An error from a CTI call made through the panel session (the worker's `err`, parsed).
 * @public
 */
export class PanelApiError extends Error {
  /** The error as the worker sent it (`{type, message, stack, retryStatus, statusCode}`). */
  readonly detail: unknown;
  /** The data the worker sent along. */
  readonly data: unknown;
  /** An error the worker's API reported (`detail`), for the request `data`. */
  constructor(detail: unknown, data: unknown) {
    const message =
      typeof detail === 'object' && detail !== null && 'message' in detail
        ? String(detail.message)
        : 'CTI call failed';
    super(message);
    this.name = 'PanelApiError';
    this.detail = detail;
    this.data = data;
  }
}
