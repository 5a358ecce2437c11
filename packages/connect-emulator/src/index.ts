/**
 * `@x/connect-emulator`: a local contact centre compatible with Amazon Connect.
 * @packageDocumentation
 */
export { DEFAULT_PORT } from './constants';
