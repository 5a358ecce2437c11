/**
 * `@x/connect-streams`: the typed host-side client for the embedded contact control panel (CCP).
 * `initCCP(container, params)` returns a {@link Ccp} with the agent, contacts and typed events.
 * @packageDocumentation
 */
export * from './constants';
export { MESSAGES, SOFTPHONE_ERROR_MESSAGES, format } from './messages';
export { ConnectError } from './errors';
export type { CcpContext } from './context';
export * from './conduit';
export * from './ccp';
export * from './agent';
export * from './contact';
export * from './events';
export * from './client';
export * from './log';
export * from './metrics';
export * from './master';
export * from './media';
