import { MAX_METRIC_DIMENSIONS } from '../constants';
import { ConnectError } from '../errors';
import { MESSAGES } from '../messages';

/** One metric dimension. @public */
export interface MetricDimension {
  /** The dimension's name. */
  readonly name: string;
  /** The dimension's value. */
  readonly value: string;
}

/** A client metric as broadcast to the panel (`client_metric`). @public */
export interface ClientMetric {
  /** The metric's name. */
  readonly name: string;
  /** Its value: a `count`, a `latency` in ms, or other fields. */
  readonly data: {
    readonly count?: number;
    readonly latency?: number;
    readonly [key: string]: unknown;
  };
  /** Dimensions (at most 30). */
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
