import type { Ccp } from '../ccp/ccp';
import { initCCP as coreInitCCP } from '../ccp/init-ccp';
import type { InitCcpParams } from '@x/connect-streams';
import type { Contact as CoreContact } from '../contact/contact';
import type { ContactsEvents } from '../events/agent-data-store';
import { Logger, type LogLevel } from '../log/logger';
import type { WireEventName } from '@x/connect-streams/protocol';
import type { ContactData } from '../wire';
import type { WebSocketManagerClient } from '@x/websocket-manager/bridge';
import { format, MESSAGES, MSG_PROVIDER_NOT_INITIALIZED } from '../messages';
import { defineApi, Endpoint, SoftphoneError, type CompatApi } from './api';
import * as enums from './enums';
import { CompatEventBus, type Subscription } from './event-bus';
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
 * A handler-removal handle that is both callable and has `unsubscribe()` (the original library
 * returns either shape depending on the API).
 * @public
 */
export type Unsubscriber = (() => void) & Subscription;

function unsubscriber(sub: Subscription): Unsubscriber {
  const off = (() => sub.unsubscribe()) as Unsubscriber;
  off.unsubscribe = off;
  return off;
}

/**
 * A log entry handle returned by `connect.getLog().info(...)`, chainable like the original.
 * @public
 */
export interface CompatLogEntry {
  /** Attaches an object to the entry. */
  withObject(obj: unknown): CompatLogEntry;
  /** Attaches an error to the entry. */
  withException(err: unknown): CompatLogEntry;
  /** Attaches an event object from another origin (copied, not referenced). */
  withCrossOriginEventObject(obj: unknown): CompatLogEntry;
  /** Sends the entry to the server with the panel's client logs. */
  sendInternalLogToServer(): CompatLogEntry;
}

/**
 * `connect.getLog()`.
 * @public
 */
export interface CompatLogger {
  /** Logs at TRACE. */
  trace(format: string, ...args: unknown[]): CompatLogEntry;
  /** Logs at DEBUG. */
  debug(format: string, ...args: unknown[]): CompatLogEntry;
  /** Logs at INFO. */
  info(format: string, ...args: unknown[]): CompatLogEntry;
  /** Logs at LOG. */
  log(format: string, ...args: unknown[]): CompatLogEntry;
  /** Logs at WARN. */
  warn(format: string, ...args: unknown[]): CompatLogEntry;
  /** Logs at ERROR. */
  error(format: string, ...args: unknown[]): CompatLogEntry;
  /** Downloads the log as a file named `name`. */
  download(name?: string): void;
  /** Sets the lowest level kept in the log (`connect.LogLevel` names). */
  setLogLevel(level: string): void;
  /** Sets the lowest level echoed to the console (`connect.LogLevel` names). */
  setEchoLevel(level: string): void;
  /** The typed logger underneath. */
  readonly logger: Logger;
}

/**
 * `connect.core.getWebSocketManager()`: topic subscriptions and messages relayed through the panel.
 * @public
 */
export interface CompatWebSocketManager {
  /** Subscribes to web-socket topics. */
  subscribeTopics(topics: string[]): void;
  /** Sends a message on the web socket. */
  sendMessage(message: unknown): void;
  /** Calls `f` for every message of `topic`. */
  onMessage(topic: string, f: (message: unknown) => void): Unsubscriber;
  /** Calls `f` for every message. */
  onAllMessage(f: (message: unknown) => void): Unsubscriber;
  /** Calls `f` when the connection comes back. */
  onConnectionGain(f: (d: unknown) => void): Unsubscriber;
  /** Calls `f` when the connection is lost. */
  onConnectionLost(f: (d: unknown) => void): Unsubscriber;
  /** Calls `f` when the socket opens. */
  onConnectionOpen(f: (d: unknown) => void): Unsubscriber;
  /** Calls `f` when the socket closes. */
  onConnectionClose(f: (d: unknown) => void): Unsubscriber;
  /** Calls `f` when the manager fails to start. */
  onInitFailure(f: (d: unknown) => void): Unsubscriber;
  /** Calls `f` with every subscription update. */
  onSubscriptionUpdate(f: (d: unknown) => void): Unsubscriber;
  /** Calls `f` when subscribing fails. */
  onSubscriptionFailure(f: (d: unknown) => void): Unsubscriber;
}

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

/**
 * `connect.core.getUpstream()`: the panel link, with the original conduit's method names.
 * @public
 */
export interface CompatUpstream {
  /** Sends `event` with `data` to the panel. */
  sendUpstream(event: string, data?: unknown): void;
  /** Calls `f` for every `event` from the panel. */
  onUpstream(event: string, f: (data: unknown) => void): Unsubscriber;
}

function upstreamOf(ccp: Ccp): CompatUpstream {
  return {
    sendUpstream: (event, data) => ccp.send(event as WireEventName, data),
    onUpstream: (event, f) =>
      unsubscriber({ unsubscribe: ccp.onMessage(event as WireEventName, f) }),
  };
}

const toLevel = (level: string): LogLevel => level.toUpperCase() as LogLevel;

function formatArgs(fmt: string, args: unknown[]): string {
  let i = 0;
  return fmt.replace(/%s/g, () => (i < args.length ? String(args[i++]) : '%s'));
}

const CONTACT_EVENT_NAMES: Record<keyof ContactsEvents, string> = {
  init: enums.ContactEvents.INIT,
  incoming: enums.ContactEvents.INCOMING,
  pending: enums.ContactEvents.PENDING,
  connecting: enums.ContactEvents.CONNECTING,
  connected: enums.ContactEvents.CONNECTED,
  acw: enums.ContactEvents.ACW,
  ended: enums.ContactEvents.ENDED,
  missed: enums.ContactEvents.MISSED,
  error: enums.ContactEvents.ERROR,
  refresh: enums.ContactEvents.REFRESH,
  accepted: enums.ContactEvents.ACCEPTED,
  destroyed: enums.ContactEvents.DESTROYED,
  invalidStateTransition: enums.ContactEvents.INVALID_STATE_TRANSITION,
  view: enums.ContactEvents.VIEW,
};

const RAW_PREFIXES = [
  'agent::websocket_connection_',
  'agent::local_media_stream_created',
  'contact::screen_sharing_',
  'configuration::camera_device_changed',
  'configuration::background_blur_changed',
  'webSocket::',
  'voiceId::',
  'taskList::',
  'task::',
  'email::',
  'connection::',
];

/**
 * Streams' shape of a panel's web-socket client, one per client (amazon-connect-chatjs keeps one
 * agent connection per manager object and ends it when handed another one, so
 * `getWebSocketManager()` must return the same object each time, as Streams' provider does).
 */
const compatWebSocketManagers = new WeakMap<WebSocketManagerClient, CompatWebSocketManager>();
function compatWebSocketManager(wsm: WebSocketManagerClient): CompatWebSocketManager {
  const known = compatWebSocketManagers.get(wsm);
  if (known) return known;
  const wrap =
    <T>(add: (f: (d: T) => void) => () => void) =>
    (f: (d: unknown) => void): Unsubscriber =>
      unsubscriber({ unsubscribe: add(f) });
  const wrapper: CompatWebSocketManager = {
    subscribeTopics: (topics) => wsm.subscribeTopics(topics),
    sendMessage: (message) => wsm.sendMessage(message as { topic: string }),
    onMessage: (topic, f) => unsubscriber({ unsubscribe: wsm.onMessage(topic, f) }),
    onAllMessage: wrap(wsm.onAllMessage),
    onConnectionGain: wrap(wsm.onConnectionGain),
    onConnectionLost: wrap(wsm.onConnectionLost),
    onConnectionOpen: wrap(wsm.onConnectionOpen),
    onConnectionClose: wrap(wsm.onConnectionClose),
    onInitFailure: wrap(wsm.onInitFailure),
    onSubscriptionUpdate: wrap(wsm.onSubscriptionUpdate),
    onSubscriptionFailure: wrap(wsm.onSubscriptionFailure),
  };
  compatWebSocketManagers.set(wsm, wrapper);
  return wrapper;
}

/**
 * Builds a `connect` object whose public surface matches `amazon-connect-streams` 2.18, on top of
 * the typed core. `@x/connect-streams/compat` installs one as the global `connect`.
 * @public
 */
export function createConnect(options: CreateConnectOptions = {}): ConnectGlobal {
  let bus = new CompatEventBus((event, error) =>
    log.logger.error(`Handler for ${event} failed`, error),
  );
  let current: Ccp | undefined;
  let grRegion: (() => string | null) | undefined;
  let sdkProvider: unknown;
  let panelContainer: HTMLElement | undefined;
  const standaloneLogger = new Logger();
  const unsubs: (() => void)[] = [];

  const rt = {
    bus: () => bus,
    ccp: (): Ccp => {
      if (!current) throw new Error(MESSAGES.notInitialized);
      return current;
    },
    mediaController: (connection: Parameters<typeof media.get>[0]) => media.get(connection),
    log: (level: 'warn' | 'error', message: string) => void log[level](message),
    voiceId: (contactId: string) => {
      const ccp = rt.ccp();
      const contact = ccp.contacts.get(contactId);
      if (!contact) throw new Error(format(MESSAGES.contactGone, contactId));
      return compatVoiceIdFactory()(contact, { ccp });
    },
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

  const entry =
    (level: 'trace' | 'debug' | 'info' | 'log' | 'warn' | 'error') =>
    (fmt: string, ...args: unknown[]): CompatLogEntry => {
      const logger = current?.getLog() ?? standaloneLogger;
      const written = logger[level](formatArgs(fmt, args));
      const objects = (written as { objects?: unknown[] } | undefined)?.objects;
      const chain: CompatLogEntry = {
        withObject: (obj) => (Array.isArray(objects) && objects.push(obj), chain),
        withException: (err) => (Array.isArray(objects) && objects.push(err), chain),
        withCrossOriginEventObject: (obj) => (Array.isArray(objects) && objects.push(obj), chain),
        sendInternalLogToServer: () => chain,
      };
      return chain;
    };
  const log: CompatLogger = {
    trace: entry('trace'),
    debug: entry('debug'),
    info: entry('info'),
    log: entry('log'),
    warn: entry('warn'),
    error: entry('error'),
    download: (name) => (current?.getLog() ?? standaloneLogger).download(name),
    setLogLevel: (level) => log.logger.setLogLevel(toLevel(level)),
    setEchoLevel: (level) => log.logger.setConsoleLevel(toLevel(level)),
    get logger() {
      return current?.getLog() ?? standaloneLogger;
    },
  };

  const agentFn = Object.assign(
    (f: (agent: InstanceType<CompatApi['Agent']>) => void): Subscription => {
      const sub = bus.subscribe(enums.AgentEvents.INIT, f);
      if (agentFn.initialized) f(new api.Agent());
      return sub;
    },
    { initialized: false },
  );

  const contactFn = (f: (contact: InstanceType<CompatApi['Contact']>) => void): Subscription =>
    bus.subscribe(enums.ContactEvents.INIT, f);

  function wire(ccp: Ccp): void {
    const on = <T extends unknown[]>(off: () => void) => unsubs.push(off) as unknown as T;
    const wrapAgent = () => new api.Agent();
    const wrapContact = (c: CoreContact | string) =>
      new api.Contact(typeof c === 'string' ? c : c.getContactId());
    on(
      ccp.on('initialized', () => {
        core.initialized = true;
        bus.trigger(enums.EventType.INIT);
      }),
    );
    on(ccp.on('ackTimeout', () => bus.trigger(enums.EventType.ACK_TIMEOUT)));
    on(
      ccp.on('iframeRetriesExhausted', () => bus.trigger(enums.EventType.IFRAME_RETRIES_EXHAUSTED)),
    );
    on(ccp.on('authFail', (d) => bus.trigger(enums.EventType.AUTH_FAIL, d)));
    on(ccp.on('accessDenied', (d) => bus.trigger(enums.EventType.ACCESS_DENIED, d)));
    on(ccp.on('authorizeSuccess', (d) => bus.trigger(enums.EventType.AUTHORIZE_SUCCESS, d)));
    on(
      ccp.on('authorizeRetriesExhausted', (d) =>
        bus.trigger(enums.EventType.AUTHORIZE_RETRIES_EXHAUSTED, d),
      ),
    );
    on(
      ccp.on('ctiAuthorizeRetriesExhausted', (d) =>
        bus.trigger(enums.EventType.CTI_AUTHORIZE_RETRIES_EXHAUSTED, d),
      ),
    );
    on(ccp.on('terminated', (d) => bus.trigger(enums.EventType.TERMINATED, d)));
    on(ccp.on('connectedCcps', (d) => bus.trigger(enums.EventType.UPDATE_CONNECTED_CCPS, d)));
    on(
      ccp.on('configureError', (m) =>
        bus.trigger(enums.GlobalResiliencyEvents.CONFIGURE_ERROR, { message: m }),
      ),
    );
    on(
      ccp.on('message', (m) => {
        if (RAW_PREFIXES.some((p) => m.event.startsWith(p))) bus.trigger(m.event, m.data);
      }),
    );

    const agent = ccp.agent;
    on(
      agent.on('init', () => {
        agentFn.initialized = true;
        bus.trigger(enums.AgentEvents.INIT, wrapAgent());
      }),
    );
    on(agent.on('refresh', () => bus.trigger(enums.AgentEvents.REFRESH, wrapAgent())));
    on(agent.on('routable', () => bus.trigger(enums.AgentEvents.ROUTABLE, wrapAgent())));
    on(agent.on('notRoutable', () => bus.trigger(enums.AgentEvents.NOT_ROUTABLE, wrapAgent())));
    on(agent.on('offline', () => bus.trigger(enums.AgentEvents.OFFLINE, wrapAgent())));
    on(agent.on('error', () => bus.trigger(enums.AgentEvents.ERROR, wrapAgent())));
    on(agent.on('acw', () => bus.trigger(enums.AgentEvents.ACW, wrapAgent())));
    on(
      agent.on('enqueuedNextState', () =>
        bus.trigger(enums.AgentEvents.ENQUEUED_NEXT_STATE, wrapAgent()),
      ),
    );
    on(
      agent.on('stateChange', ({ oldState, newState }) =>
        bus.trigger(enums.AgentEvents.STATE_CHANGE, { agent: wrapAgent(), oldState, newState }),
      ),
    );
    on(agent.on('muteToggle', (s) => bus.trigger(enums.AgentEvents.MUTE_TOGGLE, s)));
    on(agent.on('softphoneError', (e) => bus.trigger(enums.AgentEvents.SOFTPHONE_ERROR, e)));
    on(
      agent.on('deviceChanged', ({ kind, deviceId }) =>
        bus.trigger(`configuration::${kind}_device_changed`, { deviceId }),
      ),
    );

    // The core contact of each current contact, kept to freeze it when it goes: `onDestroy`
    // handlers get a snapshot whose getters answer (the original's ContactSnapshot).
    const live = new Map<string, CoreContact>();
    for (const [key, name] of Object.entries(CONTACT_EVENT_NAMES) as [
      keyof ContactsEvents,
      string,
    ][]) {
      on(
        ccp.contacts.on(key, (arg: unknown) => {
          if (key === 'view') {
            bus.trigger(name, { contactId: arg as string });
            return;
          }
          let wrapped: InstanceType<CompatApi['Contact']>;
          if (key === 'destroyed' || key === 'invalidStateTransition') {
            const data = arg as ContactData;
            const core = live.get(data.contactId);
            wrapped = core ? api.snapshotOf(core.frozen(data)) : wrapContact(data.contactId);
            if (key === 'destroyed') live.delete(data.contactId);
          } else {
            const core = arg as CoreContact;
            live.set(core.contactId, core);
            wrapped = wrapContact(core);
          }
          const id = wrapped.contactId;
          bus.trigger(name, wrapped);
          bus.trigger(`${name}::${id}`, wrapped);
          if (key === 'destroyed') bus.unsubscribeAllWithSuffix(`::${id}`);
        }),
      );
    }
  }

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
      let ccp: Ccp;
      if (
        p.enableGlobalResiliency &&
        p.secondaryCCPUrl &&
        p.loginUrl &&
        options.initGlobalResiliencyCCP
      ) {
        const gr = options.initGlobalResiliencyCCP(container, p, {
          trigger: (e, d) => bus.trigger(e, d),
        });
        ccp = gr.ccp;
        grRegion = () => gr.getActiveRegion();
      } else {
        ccp = (options.initCCP ?? coreInitCCP)(container, {
          ...p,
          storageAccess: storageAccess.paramsFor(p.storageAccess),
        });
        grRegion = undefined;
      }
      current = ccp;
      panelContainer = container;
      sdkProvider = (p as { provider?: unknown }).provider;
      storageAccess.init(p.ccpUrl, container, p.storageAccess ?? {}, ccp.storageAccess);
      wire(ccp);
    },
    onInitialized: (f: () => void): Subscription => sub(enums.EventType.INIT, f),
    onAuthFail: (f: (d: unknown) => void): Subscription => sub(enums.EventType.AUTH_FAIL, f),
    onAccessDenied: (f: (d: unknown) => void): Subscription =>
      sub(enums.EventType.ACCESS_DENIED, f),
    onAuthorizeSuccess: (f: (d: unknown) => void): Subscription =>
      sub(enums.EventType.AUTHORIZE_SUCCESS, f),
    onAuthorizeRetriesExhausted: (f: (d: unknown) => void): Subscription =>
      sub(enums.EventType.AUTHORIZE_RETRIES_EXHAUSTED, f),
    onCTIAuthorizeRetriesExhausted: (f: (d: unknown) => void): Subscription =>
      sub(enums.EventType.CTI_AUTHORIZE_RETRIES_EXHAUSTED, f),
    onIframeRetriesExhausted: (f: () => void): Subscription =>
      sub(enums.EventType.IFRAME_RETRIES_EXHAUSTED, f),
    onViewContact: (f: (d: { contactId: string }) => void): Subscription =>
      sub(enums.ContactEvents.VIEW, f),
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
      bus = new CompatEventBus((event, error) =>
        log.logger.error(`Handler for ${event} failed`, error),
      );
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
  };

  const globalResiliency = {
    onFailoverPending: (f: (d: { nextActiveRegion: string }) => void): Subscription =>
      sub(enums.GlobalResiliencyEvents.FAILOVER_PENDING_CRM, f),
    onFailoverCompleted: (f: (d: { activeRegion: string }) => void): Subscription =>
      sub(enums.GlobalResiliencyEvents.FAILOVER_COMPLETE, f),
    onConfigureError: (f: (d: unknown) => void): Subscription =>
      sub(enums.GlobalResiliencyEvents.CONFIGURE_ERROR, f),
    /** The active region, or null without global resiliency (2.18.7 declares a `String`). */
    getActiveRegion: (() => grRegion?.() ?? null) as connect.GlobalResiliency['getActiveRegion'],
  };

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
    contact: contactFn,
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
 * but absent from its runtime, aside).
 * @public
 */
export type ConnectGlobal = Omit<typeof connect, 'ReferenceType' | 'VDIPlatformType'>;
