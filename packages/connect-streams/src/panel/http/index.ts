export { fetchWithRetry, HttpStatusError } from './fetch-with-retry';
export type { FetchFunction, FetchRetryOptions } from './fetch-with-retry';
