/** AWS REST-JSON error types the admin API answers with, and their HTTP statuses. */
export const ADMIN_ERROR_STATUS = {
  InvalidParameterException: 400,
  InvalidRequestException: 400,
  InvalidActiveRegionException: 400,
  ServiceQuotaExceededException: 402,
  AccessDeniedException: 403,
  DestinationNotAllowedException: 403,
  OutboundContactNotPermittedException: 403,
  ResourceNotFoundException: 404,
  IdempotencyException: 409,
  ContactNotFoundException: 410,
  ThrottlingException: 429,
  LimitExceededException: 429,
  InternalServiceException: 500,
} as const;

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
