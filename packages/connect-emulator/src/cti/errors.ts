import { CTI_ERROR_STATUS, type CtiErrorType } from '@x/connect-streams/protocol';

/**
 * An AWS JSON-protocol error answer: HTTP status from the error type, body `{__type, message}`.
 * @public
 */
export class CtiError extends Error {
  /** Always `CtiError`. */
  override readonly name = 'CtiError';
  /** A CTI failure of `type` with its message. */
  constructor(
    /** The CTI error type (`__type` of the answer, e.g. `UnauthorizedException`). */
    readonly type: CtiErrorType,
    message: string,
  ) {
    super(message);
  }

  /** The HTTP status the agent API answers this error with. */
  get status(): number {
    return CTI_ERROR_STATUS[this.type];
  }

  /** The JSON body the agent API answers: `{ __type, message }`. */
  toBody(): { __type: string; message: string } {
    return { __type: this.type, message: this.message };
  }
}
