/**
 * `@x/connect-streams`: the typed host-side client for the embedded contact control panel.
 * @packageDocumentation
 */
export { DEFAULT_REGION, STREAMS_VERSION } from './constants';
