import { getGlobalProvider } from './global-provider';
import { LogLevel } from './messages';
import type { AmazonConnectProvider } from './provider';
import { ProviderLogger } from './provider-logger';
import type { MetricData } from './proxy';

/**
 * Creates a logger whose entries go upstream through the provider (default: the global
 * provider, resolved lazily) and to the console from `minConsoleLevel` (default error).
 * @public
 */
export function createConnectLogger(options: {
  source: string;
  provider?: AmazonConnectProvider;
  mixin?: () => Record<string, unknown>;
  minConsoleLevel?: LogLevel;
}): ProviderLogger {
  return new ProviderLogger(
    options.source,
    () => {
      const proxy = (options.provider ?? getGlobalProvider()).getProxy();
      return (entry) => proxy.log(entry);
    },
    options.mixin,
    options.minConsoleLevel ?? LogLevel.error,
  );
}

/**
 * Records metrics upstream: success = Count 0, error = Count 1, counts, and durations in
 * milliseconds. More than 30 dimensions throws `Cannot add more than 30 dimensions to a metric`.
 * @public
 */
export class ConnectMetricRecorder {
  /** A recorder of `namespace` metrics on `provider`. */
  constructor(
    private readonly namespace: string,
    private readonly provider?: AmazonConnectProvider,
  ) {}

  /** Records a success of `metricName`. */
  recordSuccess(
    metricName: string,
    options?: Pick<MetricData, 'dimensions' | 'optionalDimensions'>,
  ): void {
    this.recordCount(metricName, 0, options);
  }

  /** Records an error of `metricName`. */
  recordError(
    metricName: string,
    options?: Pick<MetricData, 'dimensions' | 'optionalDimensions'>,
  ): void {
    this.recordCount(metricName, 1, options);
  }

  /** Records a count of `metricName`. */
  recordCount(
    metricName: string,
    value: number,
    options?: Pick<MetricData, 'dimensions' | 'optionalDimensions'>,
  ): void {
    this.send({ metricName, unit: 'Count', value, ...options });
  }

  /** Starts a duration; `stop()` sends the elapsed milliseconds. */
  startDurationCounter(
    metricName: string,
    options?: Pick<MetricData, 'dimensions' | 'optionalDimensions'>,
  ): { stop: () => number } {
    const start = performance.now();
    return {
      stop: () => {
        const value = Math.round(performance.now() - start);
        this.send({ metricName, unit: 'Milliseconds', value, ...options });
        return value;
      },
    };
  }

  private send(metric: MetricData): void {
    (this.provider ?? getGlobalProvider()).getProxy().sendMetric(this.namespace, metric);
  }
}
