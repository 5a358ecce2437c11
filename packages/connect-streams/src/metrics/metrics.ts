import { MAX_METRIC_DIMENSIONS } from '../constants';
import { ConnectError } from '../errors';
import { MESSAGES } from '../messages';

/** One metric dimension. @public */
export interface MetricDimension {
  readonly name: string;
  readonly value: string;
}

/** A client metric as broadcast to the panel (`client_metric`). @public */
export interface ClientMetric {
  readonly name: string;
  readonly data: {
    readonly count?: number;
    readonly latency?: number;
    readonly [key: string]: unknown;
  };
  readonly dimensions?: readonly MetricDimension[];
}

/**
 * Checks a metric and returns it; more than 30 dimensions throws
 * 'Cannot add more than 30 dimensions to a metric'.
 * @public
 */
export function createMetric(
  name: string,
  data: ClientMetric['data'],
  dimensions: readonly MetricDimension[] = [],
): ClientMetric {
  if (dimensions.length > MAX_METRIC_DIMENSIONS) {
    throw new ConnectError('tooManyDimensions', MESSAGES.tooManyDimensions);
  }
  return dimensions.length ? { name, data, dimensions } : { name, data };
}
