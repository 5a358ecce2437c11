// The error a test instance's operation fails with, carrying the `err` shape the panel sends.

/**
 * An error a {@link TestInstance} operation fails with; `shape` is what the panel sends as `err`.
 * @public
 */
export class PanelError extends Error {
  /** The error shape the panel sends. */
  readonly shape: Record<string, unknown>;
  /** An error with this shape (`type`, `message`, optional `statusCode` and `retryStatus`). */
  constructor(shape: { type: string; message: string; statusCode?: number; retryStatus?: string }) {
    super(shape.message);
    this.name = 'PanelError';
    this.shape = { stack: [], retryStatus: 'none', ...shape };
  }
}
