// The public shapes of the message-port proxy: its link statuses and their change events, the
// errors it hands to `onError`, what it needs of its provider, metrics and request options.
import { MAX_METRIC_DIMENSIONS } from '../constants';
import { MSG_TOO_MANY_DIMENSIONS } from '../messages';
import type { MetricUnit } from './messages';

/**
 * The message-port link's status.
 * @public
 */
export type ProxyConnectionStatus =
  'notConnected' | 'connecting' | 'initializing' | 'ready' | 'error' | 'reset';

/**
 * A status change of the message-port link.
 * @public
 */
export type ProxyConnectionChangedEvent =
  | { status: 'connecting' }
  | { status: 'initializing' }
  | { status: 'ready'; connectionId: string }
  | { status: 'error'; reason: string; details?: Record<string, unknown> }
  | { status: 'reset'; reason: string };

/**
 * An error reported by the subject (fatal or not), as handed to `onError` handlers.
 * @public
 */
export interface AmazonConnectError {
  /** The error's message. */
  message: string;
  /** The error's key. */
  key: string;
  /** Whether the connection cannot recover. */
  isFatal: boolean;
  /** The connection status when it failed. */
  connectionStatus: ProxyConnectionStatus;
  /** The subject's status, when known. */
  proxyStatus?: Record<string, unknown>;
  /** Details of the failure. */
  details?: Record<string, unknown>;
}

/**
 * What a proxy needs of its provider.
 * @public
 */
export interface ProxyProvider {
  /** The provider's id. */
  readonly id: string;
}

/**
 * A metric to send upstream.
 * @public
 */
export interface MetricData {
  /** The metric's name. */
  metricName: string;
  /** The unit. */
  unit: MetricUnit;
  /** The value. */
  value: number;
  /** Dimensions. */
  dimensions?: Record<string, string>;
  /** Dimensions sent when present. */
  optionalDimensions?: Record<string, string>;
}

/**
 * Per-request options.
 * @public
 */
export interface RequestOptions {
  /** Overrides the 30000 ms default (clamped to at least 1 ms). */
  timeoutMs?: number;
}

/**
 * Throws `Cannot add more than 30 dimensions to a metric` when dimensions plus optional
 * dimensions exceed 30.
 * @public
 */
export function checkDimensionLength(
  dimensions: Record<string, string> | undefined,
  optionalDimensions?: Record<string, string>,
): void {
  if (
    Object.keys(dimensions ?? {}).length + Object.keys(optionalDimensions ?? {}).length >
    MAX_METRIC_DIMENSIONS
  ) {
    throw new Error(MSG_TOO_MANY_DIMENSIONS);
  }
}
