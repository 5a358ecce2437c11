// `createConnect`: the `connect` object of `@x/connect-streams/compat`, composed from the compat
// classes, the event forwarding, the log and the services over one typed panel at a time.
import type { Ccp } from '../ccp/ccp';
import { initCCP as coreInitCCP } from '../ccp/init-ccp';
import type { InitCcpParams } from '@x/connect-streams';
import {
  format,
  MESSAGES,
  MSG_PROVIDER_NOT_INITIALIZED,
  MSG_SOFTPHONE_NOT_INSTALLED,
} from '../messages';
import { defineApi, Endpoint, SoftphoneError, type CompatApi } from './api';
import * as enums from './enums';
import { createCompatLog, formatArgs, type CompatLogger } from './compat-log';
import { CompatEventBus, type Subscription } from './event-bus';
import { forwardCcpEvents } from './forward-events';
import {
  agentSubscriber,
  contactSubscriber,
  globalResiliencyApi,
  panelEventSubscriptions,
} from './subscriptions';
import {
  compatWebSocketManager,
  upstreamOf,
  type CompatUpstream,
  type CompatWebSocketManager,
} from './panel-links';
import {
  compatVoiceIdFactory,
  createAgentApp,
  createMediaControllers,
  createStorageAccessApi,
} from './services';

/**
 * `connect.version`: the amazon-connect-streams release this compat layer stands in for (the typed
 * core speaks the 2.18.4 wire protocol, `STREAMS_VERSION`, which 2.18.7 shares).
 */
const COMPAT_STREAMS_VERSION = '2.18.7';

/**
 * How `createConnect` builds panels (the core `initCCP` by default; tests pass an in-memory one).
 * @public
 */
export interface CreateConnectOptions {
  /** Creates the panel (default: `initCCP` of `@x/connect-streams`). */
  initCCP?: (container: HTMLElement, params: InitCcpParams) => Ccp;
  /**
   * Where the chat library's session factories are (`ChatSession`, `TaskSession`); by default the
   * global `connect`, where amazon-connect-chatjs installs them.
   */
  mediaSessions?: () => object;
  /**
   * Used instead of `initCCP` when `enableGlobalResiliency` is set with a secondaryCCPUrl and
   * loginUrl; returns the panel and the region controller.
   */
  initGlobalResiliencyCCP?: (
    container: HTMLElement,
    params: InitCcpParams,
    hooks: { trigger: (event: string, data?: unknown) => void },
  ) => { ccp: Ccp; getActiveRegion(): string | null };
}

/** The Voice ID flows of a current contact (throws 'Contact %s no longer exists.' once it is gone). */
function voiceIdOf(ccp: Ccp, contactId: string) {
  const contact = ccp.contacts.get(contactId);
  if (!contact) throw new Error(format(MESSAGES.contactGone, contactId));
  return compatVoiceIdFactory()(contact, { ccp });
}

/**
 * Creates the panel for `initCCP`: the global resiliency one when it is asked for (a secondary
 * panel and a login URL) and provided, else `options.initCCP` with the storage-access parameters.
 */
function openPanel(
  options: CreateConnectOptions,
  container: HTMLElement,
  p: InitCcpParams,
  hooks: {
    trigger: (event: string, data?: unknown) => void;
    storageAccess: (params: InitCcpParams['storageAccess']) => InitCcpParams['storageAccess'];
  },
): { ccp: Ccp; region: (() => string | null) | undefined } {
  if (
    p.enableGlobalResiliency &&
    p.secondaryCCPUrl &&
    p.loginUrl &&
    options.initGlobalResiliencyCCP
  ) {
    const gr = options.initGlobalResiliencyCCP(container, p, { trigger: hooks.trigger });
    return { ccp: gr.ccp, region: () => gr.getActiveRegion() };
  }
  const ccp = (options.initCCP ?? coreInitCCP)(container, {
    ...p,
    storageAccess: hooks.storageAccess(p.storageAccess),
  });
  return { ccp, region: undefined };
}

/**
 * The host-side softphone's place on `connect.core` (`softphoneManager`, `getSoftphoneManager`,
 * `initSoftphoneManager`), which `installCompatSoftphone` of `@x/connect-streams/softphone` fills.
 */
function softphonePlace(log: { error(message: string): unknown }) {
  return {
    softphoneManager: null as unknown,
    getSoftphoneManager(this: { softphoneManager: unknown }): unknown {
      return this.softphoneManager;
    },
    initSoftphoneManager(_params?: unknown): void {
      log.error(MSG_SOFTPHONE_NOT_INSTALLED);
    },
  };
}

/**
 * Builds a `connect` object whose public surface matches `amazon-connect-streams` 2.18, on top of
 * the typed core. `@x/connect-streams/compat` installs one as the global `connect`.
 * @public
 */
export function createConnect(options: CreateConnectOptions = {}): ConnectGlobal {
  const newBus = () =>
    new CompatEventBus((event, error) => log.logger.error(`Handler for ${event} failed`, error));
  let bus = newBus();
  let current: Ccp | undefined;
  let grRegion: (() => string | null) | undefined;
  let sdkProvider: unknown;
  let panelContainer: HTMLElement | undefined;
  const unsubs: (() => void)[] = [];

  const rt = {
    bus: () => bus,
    ccp: (): Ccp => {
      if (!current) throw new Error(MESSAGES.notInitialized);
      return current;
    },
    mediaController: (connection: Parameters<typeof media.get>[0]) => media.get(connection),
    log: (level: 'warn' | 'error', message: string) => void log[level](message),
    voiceId: (contactId: string) => voiceIdOf(rt.ccp(), contactId),
  };
  const media = createMediaControllers({
    sessions: options.mediaSessions ?? (() => (globalThis as { connect?: object }).connect ?? {}),
    websocketManager: () => core.getWebSocketManager(),
    log: (level, message, data) => log.logger[level](message, data),
    publishMetric: (metric) =>
      rt.ccp().publishMetric({ name: metric.name, data: { contactId: metric.contactId } }),
    region: () => undefined,
  });
  const api: CompatApi = defineApi(rt);
  const log = createCompatLog(() => current?.getLog());

  const agentFn = agentSubscriber(() => bus, api);
  const sub = (event: string, f: (data: never) => void): Subscription => bus.subscribe(event, f);

  const storageAccess = createStorageAccessApi({
    iframe: () => panelContainer?.querySelector?.('iframe'),
    isInitialized: () => core.initialized,
    log: (level, message) => log.logger[level](message),
  });

  const core = {
    initialized: false,
    /**
     * Embeds the panel. A repeated call while a panel is live logs an error and creates nothing.
     */
    initCCP(container: HTMLElement, params: connect.InitCCPOptions | InitCcpParams | string): void {
      if (current && !current.isTerminated) {
        log.error(MESSAGES.alreadyInitialized);
        return;
      }
      // The init parameters of the typed core are a superset of the original's.
      const p = (typeof params === 'string' ? { ccpUrl: params } : params) as InitCcpParams;
      const { ccp, region } = openPanel(options, container, p, {
        trigger: (e, d) => bus.trigger(e, d),
        storageAccess: (sa) => storageAccess.paramsFor(sa),
      });
      grRegion = region;
      current = ccp;
      panelContainer = container;
      sdkProvider = (p as { provider?: unknown }).provider;
      storageAccess.init(p.ccpUrl, container, p.storageAccess ?? {}, ccp.storageAccess);
      forwardCcpEvents(ccp, {
        bus: () => bus,
        api,
        keep: (off) => unsubs.push(off),
        panelInitialized: () => (core.initialized = true),
        agentInitialized: () => (agentFn.initialized = true),
      });
    },
    ...panelEventSubscriptions(sub),
    viewContact: (contactId: string): void => rt.ccp().viewContact(contactId),
    getFrameMediaDevices: (timeoutMs?: number): Promise<MediaDeviceInfo[]> =>
      rt.ccp().getFrameMediaDevices(timeoutMs) as Promise<MediaDeviceInfo[]>,
    onSoftphoneSessionInit: (f: (d: unknown) => void): Subscription =>
      sub(enums.ConnectionEvents.SESSION_INIT, f),
    getEventBus: (): CompatEventBus => bus,
    /** The panel link, as the original's conduit: `sendUpstream(event, data)`, `onUpstream(event, f)`. */
    get upstream(): CompatUpstream | null {
      return current ? upstreamOf(current) : null;
    },
    getUpstream: (): CompatUpstream => upstreamOf(rt.ccp()),
    /** `{ provider }` when initCCP was given a `provider`; else throws 'Provider is not initialized'. */
    getSDKClientConfig(): { provider: unknown } {
      if (sdkProvider === undefined) throw new Error(MSG_PROVIDER_NOT_INITIALIZED);
      return { provider: sdkProvider };
    },
    /** Tears the panel down; subscriptions are dropped and a new initCCP starts afresh. */
    terminate(): void {
      for (const off of unsubs.splice(0)) off();
      current?.terminate();
      current = undefined;
      sdkProvider = undefined;
      media.clear();
      storageAccess.resetStorageAccessState();
      grRegion = undefined;
      core.initialized = false;
      agentFn.initialized = false;
      bus = newBus();
    },
    /**
     * The core `ccp.getWebSocketManager()` client, with Streams' callable-or-`unsubscribe()` handles:
     * one object per panel, as Streams' provider (amazon-connect-chatjs keeps one agent connection
     * per manager object and ends it when handed another one).
     */
    getWebSocketManager(): CompatWebSocketManager {
      return compatWebSocketManager(rt.ccp().getWebSocketManager());
    },
    /** The typed `Ccp` underneath (the migration path to the typed API). */
    getCcp: (): Ccp => rt.ccp(),
    ...softphonePlace(log),
  };

  const globalResiliency = globalResiliencyApi(sub, () => grRegion?.() ?? null);

  const agentApp = createAgentApp({
    initCCP: (container, params) => core.initCCP(container, params),
    ccp: rt.ccp,
    log: (level, message) => log.logger[level](message),
  });

  return {
    // The enumerations are the wire contract's objects, with the keys and values of the declared
    // enums (surface.test.ts checks them against the real runtime).
    ...(enums as unknown as Pick<ConnectGlobal, keyof typeof enums>),
    version: COMPAT_STREAMS_VERSION,
    agentApp,
    storageAccess,
    core,
    agent: agentFn,
    contact: contactSubscriber(() => bus),
    globalResiliency,
    getLog: (): CompatLogger => log,
    onWebsocketInitFailure: (f: (d: unknown) => void): Subscription =>
      sub(enums.WebSocketEvents.INIT_FAILURE, f),
    hitch: <T extends (...args: never[]) => unknown>(scope: object, f: T): T =>
      ((...args: Parameters<T>) => f.apply(scope, args)) as T,
    sprintf: (fmt: string, ...args: unknown[]): string => formatArgs(fmt, args),
    Agent: api.Agent,
    Contact: api.Contact,
    BaseConnection: api.BaseConnection,
    VoiceConnection: api.VoiceConnection,
    ChatConnection: api.ChatConnection,
    TaskConnection: api.TaskConnection,
    EmailConnection: api.EmailConnection,
    QuickResponses: api.QuickResponses,
    SoftphoneError,
    Endpoint,
    Address: Endpoint,
  };
}

/**
 * The `connect` object built by {@link createConnect}: the global namespace `connect` as
 * amazon-connect-streams 2.18.7 declares it (`ReferenceType` and `VDIPlatformType`, declared there
 * but absent from its runtime, aside; `SoftphoneManager` is there once `installCompatSoftphone` ran).
 * @public
 */
export type ConnectGlobal = Omit<
  typeof connect,
  'ReferenceType' | 'VDIPlatformType' | 'SoftphoneManager'
> & { SoftphoneManager?: typeof connect.SoftphoneManager };
