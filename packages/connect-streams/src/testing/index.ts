/**
 * `@x/connect-streams/testing`: an in-memory panel (no iframe, no network) with a scriptable
 * instance, for unit-testing integrations of `@x/connect-streams`.
 * @packageDocumentation
 */
export { TestPanel } from './test-panel';
export type { TestPanelOptions, RecordedRequest, RequestHandler } from './test-panel';
export { TestInstance } from './test-instance';
export { PanelError } from './panel-error';
export { defaultTestConfiguration } from './test-configuration';
export { createConduitPair, InMemoryConduitEnd } from './in-memory-conduit';
export { createWindowPanelConduit } from './window-panel-conduit';
