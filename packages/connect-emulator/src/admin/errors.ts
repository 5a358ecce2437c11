import { ADMIN_ERROR_STATUS } from '../constants';

/** An AWS REST-JSON error type name. */
export type AdminErrorType = keyof typeof ADMIN_ERROR_STATUS;

/** An error that the admin API sends as `x-amzn-ErrorType` plus `{"Message"}`. */
export class AdminApiError extends Error {
  override readonly name = 'AdminApiError';
  readonly type: AdminErrorType;
  readonly status: number;

  constructor(type: AdminErrorType, message: string) {
    super(message);
    this.type = type;
    this.status = ADMIN_ERROR_STATUS[type];
  }
}
