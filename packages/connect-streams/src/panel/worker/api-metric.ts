// The `api_metric` data the worker sends for every API call (the real worker's metrics: time,
// status code, generic status class, retry status, and the fault flag).
import type { CtiCallError } from '../cti/cti-error';

/** Methods whose calls with a `relatedContactId` get a `…WithRelatedContactId` metric too. */
const RELATED_CONTACT_ID_METHODS: ReadonlySet<string> = new Set([
  'createTaskContact',
  'createOutboundContact',
  'createTemplatedTask',
]);

/**
 * The `api_metric` data for one call, in the order they go out: the real worker's subset metric
 * for calls made with a `relatedContactId` (when there is one), then the call's own metric.
 */
export function apiMetrics(
  method: string,
  time: number,
  error: CtiCallError | undefined,
  params: Record<string, unknown> = {},
): Record<string, unknown>[] {
  const metrics: Record<string, unknown>[] = [];
  const statusCode = error?.statusCode ?? 200;
  const generic = `${String(statusCode).charAt(0)}XX`;
  const data: Record<string, unknown> = {
    name: method,
    time,
    error,
    error5xx: generic === '5XX' ? 1 : 0,
    dimensions: [{ name: 'Category', value: 'API' }],
    optionalDimensions: [
      { name: 'HttpStatusCode', value: statusCode },
      { name: 'HttpGenericStatusCode', value: generic },
      { name: 'RetryStatus', value: error?.retryStatus ?? 'none' },
    ],
  };
  if (generic === '5XX') data['fault'] = 1;
  else if (generic === '2XX') data['fault'] = 0;
  // The real worker's subset metric for calls made with a relatedContactId.
  if (RELATED_CONTACT_ID_METHODS.has(method) && params['relatedContactId']) {
    metrics.push({
      name: `${method}WithRelatedContactId`,
      time,
      error,
      error5xx: data['error5xx'],
      dimensions: data['dimensions'],
      optionalDimensions: data['optionalDimensions'],
    });
  }
  metrics.push(data);
  return metrics;
}
