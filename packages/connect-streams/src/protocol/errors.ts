import { z } from 'zod';
import { retryStatusSchema } from './enums';
import { CTIExceptions } from './names';

/**
 * The error object the panel passes to a failure callback, JSON-stringified by the real worker
 *: `{type, message, stack, retryStatus, statusCode?}`.
 * @public
 */
export const connectErrorSchema = z.looseObject({
  type: z.string(),
  message: z.string().nullish(),
  stack: z.array(z.string()),
  retryStatus: retryStatusSchema,
  statusCode: z.number().optional(),
});

/**
 * The error object of a failed API call. See {@link connectErrorSchema}.
 * @public
 */
export type ConnectErrorData = z.infer<typeof connectErrorSchema>;

/**
 * Every error type a CTI endpoint answers with: the telephony exceptions plus the generic AWS
 * JSON-protocol errors (not found, throttling, malformed body, unknown target, bad parameter,
 * unsupported operation, internal failure).
 * @public
 */
export const CtiErrorType = {
  ...CTIExceptions,
  RESOURCE_NOT_FOUND_EXCEPTION: 'ResourceNotFoundException',
  THROTTLING_EXCEPTION: 'ThrottlingException',
  SERIALIZATION_EXCEPTION: 'SerializationException',
  UNKNOWN_OPERATION_EXCEPTION: 'UnknownOperationException',
  INVALID_PARAMETER_EXCEPTION: 'InvalidParameterException',
  UNSUPPORTED_OPERATION_EXCEPTION: 'UnsupportedOperationException',
  INTERNAL_SERVICE_EXCEPTION: 'InternalServiceException',
} as const;

/**
 * One value of the `CtiErrorType` constant.
 * @public
 */
export type CtiErrorType = (typeof CtiErrorType)[keyof typeof CtiErrorType];

/**
 * The HTTP status each CTI error type is answered with.
 * @public
 */
export const CTI_ERROR_STATUS: Readonly<Record<CtiErrorType, number>> = {
  AccessDeniedException: 403,
  InvalidStateException: 400,
  BadEndpointException: 400,
  InvalidAgentARNException: 400,
  InvalidConfigurationException: 400,
  InvalidContactTypeException: 400,
  PaginationException: 400,
  RefreshTokenExpiredException: 400,
  SendDataFailedException: 400,
  UnauthorizedException: 401,
  QuotaExceededException: 400,
  ResourceNotFoundException: 404,
  ThrottlingException: 429,
  SerializationException: 400,
  UnknownOperationException: 400,
  InvalidParameterException: 400,
  UnsupportedOperationException: 400,
  InternalServiceException: 500,
};

/**
 * An AWS JSON-protocol error body: `{__type, message}`. `__type` may carry a namespace prefix
 * (`ns#Name`); {@link awsErrorName} strips it.
 * @public
 */
export const awsErrorBodySchema = z.looseObject({
  __type: z.string(),
  message: z.string().optional(),
  Message: z.string().optional(),
});

/**
 * An AWS JSON-protocol error body. See {@link awsErrorBodySchema}.
 * @public
 */
export type AwsErrorBody = z.infer<typeof awsErrorBodySchema>;

/**
 * The bare error name of an AWS `__type` (`'com.amazon#UnauthorizedException'` → `'UnauthorizedException'`).
 * @public
 */
export function awsErrorName(type: string): string {
  const hash = type.lastIndexOf('#');
  return hash === -1 ? type : type.slice(hash + 1);
}
