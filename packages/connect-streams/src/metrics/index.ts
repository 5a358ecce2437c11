export { createMetric } from './metrics';
export type { ClientMetric, MetricDimension } from './metrics';
