import { CTI_ERROR_STATUS, type CtiErrorType } from '@x/connect-streams/protocol';

/**
 * An AWS JSON-protocol error answer: HTTP status from the error type, body `{__type, message}`.
 * @public
 */
export class CtiError extends Error {
  override readonly name = 'CtiError';
  constructor(
    readonly type: CtiErrorType,
    message: string,
  ) {
    super(message);
  }

  get status(): number {
    return CTI_ERROR_STATUS[this.type];
  }

  toBody(): { __type: string; message: string } {
    return { __type: this.type, message: this.message };
  }
}
