/**
 * `@x/connect-emulator`: a local contact centre compatible with Amazon Connect.
 * @packageDocumentation
 */
export { DEFAULT_PORT } from './constants';
export { createPanelRequestHandler, PANEL_PATH_PREFIXES } from './panel';
export type { PanelRouteOptions } from './panel';
