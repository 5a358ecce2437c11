export { UpstreamClient, CcpRequestError } from './upstream-client';
export type { CcpErrorShape, RequestChannel, RequestOptions } from './upstream-client';
export { AuthRetryPolicy, formatServiceError, isRetryableStatus } from './auth-retry-policy';
export type { AuthRetryDecision, ServiceError } from './auth-retry-policy';
