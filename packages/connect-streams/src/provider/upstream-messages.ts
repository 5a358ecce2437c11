// The `log` and `metric` messages a proxy sends upstream, built from what its callers give.
import { sanitizeData } from './ids';
import type { LogMessage, MetricMessage, UpstreamMessageOrigin } from './messages';
import type { ProxyLogData } from './provider-logger';
import { checkDimensionLength, type MetricData } from './proxy-types';

/** A `log` message for `entry`, its data sanitised, with the proxy's context. */
export function logMessage(
  entry: ProxyLogData,
  context: Record<string, unknown>,
  messageOrigin: UpstreamMessageOrigin,
): LogMessage {
  return {
    type: 'log',
    level: entry.level,
    source: entry.source,
    time: new Date(),
    message: entry.message,
    loggerId: entry.loggerId,
    data: sanitizeData(entry.data),
    context,
    messageOrigin,
  };
}

/**
 * A `metric` message. Throws `Cannot add more than 30 dimensions to a metric` when dimensions
 * plus optional dimensions exceed 30.
 */
export function metricMessage(
  namespace: string,
  metric: MetricData,
  time: Date,
  messageOrigin: UpstreamMessageOrigin,
): MetricMessage {
  checkDimensionLength(metric.dimensions, metric.optionalDimensions);
  return {
    type: 'metric',
    namespace,
    metricName: metric.metricName,
    unit: metric.unit,
    value: metric.value,
    time,
    dimensions: metric.dimensions ?? {},
    optionalDimensions: metric.optionalDimensions ?? {},
    messageOrigin,
  };
}
