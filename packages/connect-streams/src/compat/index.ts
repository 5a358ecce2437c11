/**
 * `@x/connect-streams/compat`: importing it installs a global `connect` whose public surface
 * matches `amazon-connect-streams` 2.18, implemented on the typed core — an existing integration
 * migrates by changing one import. See docs/guides/migrating-from-amazon-connect-streams.md.
 *
 * @example
 * ```ts
 * import '@x/connect-streams/compat';
 * connect.core.initCCP(container, { ccpUrl });
 * connect.agent((agent) => agent.onStateChange(({ newState }) => console.log(newState)));
 * ```
 * @packageDocumentation
 */
// The global `connect` namespace is a script declaration (global.d.ts), referenced here rather than
// imported: a module cannot declare it without `declare global`, which TS2403 breaks when the ESM
// and the CJS declarations of this entry meet in one program.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./global.d.ts" />
import { initGlobalResiliencyCCP } from '../global-resiliency/init-global-resiliency';
import { createConnect, type ConnectGlobal } from './create-connect';

export { CompatEventBus } from './event-bus';
export type { Subscription } from './event-bus';
export { createConnect } from './create-connect';
export type { ConnectGlobal, CreateConnectOptions } from './create-connect';
export type { CompatLogEntry, CompatLogger } from './compat-log';
export type { CompatUpstream, CompatWebSocketManager, Unsubscriber } from './panel-links';
export { Endpoint, SoftphoneError } from './api';
export type { CompatVoiceIdFlows } from './api';
export { installCompatVoiceId } from './services';
export type { CompatVoiceIdFactory } from './services';

/**
 * The installed global `connect` (the existing one when a compat `connect` was already installed).
 * @public
 */
export const connect: ConnectGlobal = ((globalThis as { connect?: ConnectGlobal }).connect ??=
  createConnect({
    initGlobalResiliencyCCP: (container, params, hooks) => {
      const { ccp, globalResiliency } = initGlobalResiliencyCCP(container, params, hooks);
      return { ccp, getActiveRegion: () => globalResiliency?.activeRegion ?? null };
    },
  }));
