/**
 * `@x/connect-streams/global-resiliency`: two-region panels (global resiliency).
 * @packageDocumentation
 */
export {
  GlobalResiliencyConduit,
  GR_EVENTS,
  grFailoverInitiatedSchema,
  grInitSchema,
} from './global-resiliency-conduit';
export type {
  GlobalResiliencyEvents,
  GlobalResiliencyInit,
  GlobalResiliencyKeepaliveOptions,
  RegionPanel,
} from './global-resiliency-conduit';
export { initGlobalResiliencyCCP } from './init-global-resiliency';
export type { GlobalResiliencyCcp, GlobalResiliencyHooks } from './init-global-resiliency';
