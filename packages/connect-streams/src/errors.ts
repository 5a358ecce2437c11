/**
 * Error thrown or passed to failure paths by the host client; `errorKey` names the spec's error
 * (`clientTimeout`, `noAgentData`, `invalid_target_state`, ...).
 * @public
 */
export class ConnectError extends Error {
  /** The spec's key for this error. */
  readonly errorKey: string;
  /** Extra data (for a client timeout: command, request data and timeoutMs). */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  /** An error with the key `errorKey` (e.g. `clientTimeout`), its message and optional details. */
  constructor(errorKey: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ConnectError';
    this.errorKey = errorKey;
    this.details = details;
  }
}
