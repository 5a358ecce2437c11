import { EventEmitter } from 'eventemitter3';
import { createWebSocketManagerClient } from '@x/websocket-manager/bridge';
import type { WebSocketManagerClient } from '@x/websocket-manager/bridge';
import type { Agent } from '../agent/agent';
import { UpstreamClient } from '../client/upstream-client';
import type { RequestChannel } from '../client/upstream-client';
import type { Conduit } from '../conduit/conduit';
import {
  CCP_IFRAME_REFRESH_LIMIT,
  HOST_TIMEOUTS,
  IFRAME_STYLE_REPORT_DELAY_MS,
  MEDIA_DEVICE_TIMEOUT_MS,
  PANEL_PROBE_TIMEOUT_MS,
  STREAMS_VERSION,
} from '../constants';
import type { Contact } from '../contact/contact';
import { ConnectError } from '../errors';
import { AgentDataStore } from '../events/agent-data-store';
import type { ContactsEvents } from '../events/agent-data-store';
import { ClientLogBatcher, Logger, LogPusher } from '../log/logger';
import { MASTER_TOPICS, MasterClient } from '../master/master-client';
import { MESSAGES } from '../messages';
import { RingtoneManager } from '../media/ringtone';
import type { RingtoneAudio } from '../media/ringtone';
import type { ClientMetric } from '../metrics/metrics';
import { createMetric } from '../metrics/metrics';
import type { ConduitMessage, WireEventName } from '@x/connect-streams/protocol';
import type { AgentUpdate } from '../wire';
import { Keepalive } from './keepalive';
import { LoginPopup } from './login-popup';
import type { PopupHost } from './login-popup';
import type { PanelFrame } from './frame';
import type { InitCcpParams, RingtoneSettings } from './params';
import type { StorageAccess } from '@x/connect-streams/services';

/**
 * Where a panel's start-up is, so that a page never waits on it silently:
 * - `starting`: the panel is loading and has not acknowledged yet;
 * - `ready`: the panel acknowledged;
 * - `signInNeeded`: the agent must sign in at `loginUrl`. `reason` `panel`: the panel said so
 *   (`auth_fail` before its first acknowledgement); `timeout`: the frame loaded but did not
 *   acknowledge within its load timeout, which is what a panel waiting for a sign-in does (the
 *   original library opens the login popup then). A frame the panel's site refused to be embedded
 *   in (CSP `frame-ancestors`: the page is not an approved origin) looks the same from the page,
 *   so this may also mean that;
 * - `originNotAllowed`: the panel refused to be embedded by `origin` (`access_denied` before its
 *   first acknowledgement): add it to the instance's approved origins;
 * - `unreachable`: nothing answers at `url` (checked when the panel has not acknowledged within
 *   its load timeout);
 * - `retriesExhausted`: the frame was refreshed 10 times without an acknowledgement.
 * Every state but `ready` may change again (a later acknowledgement makes it `ready`).
 * @public
 */
export type CcpStartState =
  | { readonly status: 'starting' }
  | { readonly status: 'ready' }
  | {
      readonly status: 'signInNeeded';
      readonly loginUrl: string;
      readonly reason: 'panel' | 'timeout';
    }
  | { readonly status: 'originNotAllowed'; readonly origin: string }
  | { readonly status: 'unreachable'; readonly url: string }
  | { readonly status: 'retriesExhausted'; readonly url: string };

/**
 * Events of a {@link Ccp}; every `on` returns an unsubscribe function.
 * @public
 */
export interface CcpEvents {
  /** The start-up state changed (see {@link CcpStartState}). */
  startState: [state: CcpStartState];
  /** The panel acknowledged for the first time (`onInitialized`). */
  initialized: [info: { readonly portStreamId: string }];
  /** The panel did not acknowledge in time. */
  ackTimeout: [];
  /** The iframe was refreshed 10 times without an acknowledgement. */
  iframeRetriesExhausted: [];
  /** `auth_fail` from the panel. */
  authFail: [data: unknown];
  /** `access_denied` from the panel. */
  accessDenied: [data: unknown];
  /** `authorize_success` from the panel. */
  authorizeSuccess: [data: unknown];
  /** `authorize_retries_exhausted` from the panel. */
  authorizeRetriesExhausted: [data: unknown];
  /** `cti_authorize_retries_exhausted` from the panel. */
  ctiAuthorizeRetriesExhausted: [data: unknown];
  /** `terminated` from the panel (logout). */
  terminated: [data: unknown];
  /** `update_connected_ccps` from the panel. */
  connectedCcps: [data: unknown];
  /** A configuration problem. */
  configureError: [message: string];
  /** A client metric was published. */
  metric: [metric: ClientMetric];
  /** Every envelope the panel sent (any event name). */
  message: [message: ConduitMessage];
}

/** Contacts of a {@link Ccp}: the collection and its events. @public */
export interface Contacts {
  /** Subscribes to a contact event for every contact; returns the unsubscribe function. */
  on<K extends keyof ContactsEvents>(
    event: K,
    handler: (...args: ContactsEvents[K]) => void,
  ): () => void;
  /** Current contacts, optionally of one type. */
  list(type?: string): Contact[];
  /** A current contact by id. */
  get(contactId: string): Contact | undefined;
}

/** What a {@link Ccp} is built from. @public */
export interface CcpEnvironment {
  /** The conduit to the panel. */
  readonly conduit: Conduit;
  /** The panel frame, when there is one (iframe refresh, style report). */
  readonly frame?: PanelFrame;
  /**
   * The storage-access request flow (`storageAccess.canRequest`): the panel set-up (load timeout,
   * style report) then waits until access is granted.
   */
  readonly storageAccess?: StorageAccess;
  /** The page used for the login popup (default: none, no popup). */
  readonly popupHost?: PopupHost;
  /** Called once by {@link Ccp.terminate}. */
  readonly onTerminate?: () => void;
  /**
   * Whether something answers at a URL (default: every URL answers). `initCCP` checks with a
   * `no-cors` GET, when the panel has not acknowledged within its load timeout.
   */
  readonly probe?: (url: string) => Promise<boolean>;
  /** The embedding page's origin, named when the panel refuses it (default: unknown, ''). */
  readonly hostOrigin?: string;
  /** Clock. */
  readonly now?: () => number;
}

/**
 * One embedded panel: lifecycle (handshake, keepalive, login popup, refresh), the agent, the contacts
 * and the request channel. Created by {@link initCCP} (or `@x/connect-streams/testing`).
 * @public
 */
export class Ccp {
  /** The logged-in agent. */
  readonly agent: Agent;
  /** The contacts. */
  readonly contacts: Contacts;
  /** The request channel to the panel (`api_request`), for operations without a helper. */
  readonly client: RequestChannel;
  /** The master-tab client. @internal */
  readonly master: MasterClient;
  /** Ringtone settings after merging softphone options, when ringtones are configured. @internal */
  readonly ringtoneSettings: RingtoneSettings | undefined;
  /** The ringtone manager (when ringtones are configured and audio is available); rings only in the master tab. @internal */
  readonly ringtones: RingtoneManager | undefined;

  private readonly emitter = new EventEmitter<CcpEvents>();
  private readonly store: AgentDataStore;
  private readonly upstream: UpstreamClient;
  private readonly logger: Logger;
  private readonly logPusher: LogPusher;
  private readonly clientLogs: ClientLogBatcher;
  private readonly stopClientLogs: () => void;
  private readonly popup: LoginPopup | undefined;
  private readonly unsubscribeConduit: () => void;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly now: () => number;
  private readonly startedAt: number;
  private keepalive: Keepalive | undefined;
  private loadTimer: ReturnType<typeof setTimeout> | undefined;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private refreshAttempts = 0;
  private loadWaits = 0;
  private frameLoaded = false;
  private offFrameLoad: (() => void) | undefined;
  private start: CcpStartState = { status: 'starting' };
  private initialized = false;
  private terminated = false;
  private portId: string | undefined;
  private webSocketClient: WebSocketManagerClient | undefined;

  /** Use {@link initCCP} (or `TestPanel` of `@x/connect-streams/testing`). @internal */
  constructor(
    private readonly params: InitCcpParams,
    private readonly env: CcpEnvironment,
    options: {
      readonly configureErrors?: readonly string[];
      readonly ringtone?: RingtoneSettings;
      readonly createAudio?: (url: string) => RingtoneAudio;
    } = {},
  ) {
    this.now = env.now ?? Date.now;
    this.startedAt = this.now();
    this.ringtoneSettings = options.ringtone;
    this.logger = new Logger({ logLevel: params.logLevel, consoleLevel: params.consoleLevel });
    this.upstream = new UpstreamClient(env.conduit);
    this.client = this.upstream;
    this.master = new MasterClient(env.conduit);
    this.popup = env.popupHost ? new LoginPopup(env.popupHost) : undefined;
    this.logPusher = new LogPusher(this.logger, (entries) => env.conduit.send('log', entries));
    // Client logs: batched every 5000 ms (at least 50, at most 500) and sent to the panel
    // as `server_bound_internal_log`, which the CCP page forwards to the service.
    this.clientLogs = new ClientLogBatcher((batch) =>
      env.conduit.send('server_bound_internal_log', batch),
    );
    this.stopClientLogs = this.logger.onEntry((entry) => this.clientLogs.add(entry));
    this.store = new AgentDataStore({
      channel: this.upstream,
      log: this.logger,
      send: (event, data) => env.conduit.send(event, data),
      broadcast: (event, data) => env.conduit.send('broadcast', { event, data }),
      publishMetric: (metric) => this.publishMetric(metric),
      now: this.now,
    });
    this.agent = this.store.agent;
    const store = this.store;
    this.contacts = {
      on: (event, handler) => {
        store.contactsEmitter.on(event, handler);
        return () => {
          store.contactsEmitter.off(event, handler);
        };
      },
      list: (type) => store.listContacts(type),
      get: (id) => store.getContact(id),
    };
    this.ringtones =
      options.ringtone && (options.createAudio || typeof Audio !== 'undefined')
        ? new RingtoneManager(options.ringtone, {
            createAudio: options.createAudio,
            isMaster: () =>
              this.master.checkMaster(MASTER_TOPICS.ringtone).then(
                (s) => s.isMaster === true,
                () => false,
              ),
          })
        : undefined;
    this.ringtones?.attach(this.contacts);
    this.unsubscribeConduit = env.conduit.onMessage((m) => this.dispatch(m));
    const storageAccess = env.storageAccess;
    if (storageAccess?.canRequest) {
      // Like the original: the rest of the set-up runs once, when the request page grants access.
      storageAccess.setupRequestHandlers({ onGrant: () => this.startPanelSetup() });
    } else {
      this.startPanelSetup();
    }
    for (const message of options.configureErrors ?? []) {
      this.logger.error(message);
      this.after(0, () => this.emitter.emit('configureError', message));
    }
  }

  /** Subscribes to a panel event; returns the unsubscribe function. */
  on<K extends keyof CcpEvents>(event: K, handler: (...args: CcpEvents[K]) => void): () => void {
    this.emitter.on(event, handler);
    return () => {
      this.emitter.off(event, handler);
    };
  }

  /** Calls `handler` for every envelope with this event name from the panel. */
  onMessage(event: WireEventName, handler: (data: unknown) => void): () => void {
    return this.on('message', (m) => {
      if (m.event === event) handler(m.data);
    });
  }

  /** Whether the panel has acknowledged. */
  get isInitialized(): boolean {
    return this.initialized;
  }

  /** Where the start-up is (see {@link CcpStartState}); changes fire `startState`. */
  get startState(): CcpStartState {
    return this.start;
  }

  /**
   * Opens the login popup at `loginUrl` (else `ccpUrl`) with the `loginOptions`, whatever
   * `loginPopup` says: the sign-in action of a start-up that reports `signInNeeded`. Call it from a
   * click (browsers block popups opened otherwise). Does nothing without a page to open it from.
   */
  openLoginPopup(): void {
    if (this.terminated) return;
    try {
      this.popup?.open(this.loginUrl(), this.params.loginOptions ?? {});
    } catch (e) {
      this.logger.error('Login popup failed', e);
    }
  }

  /**
   * Starts the panel again after a failed start-up (`unreachable`, `retriesExhausted`, ...): a new
   * frame and a fresh count of refresh attempts. Does nothing once the panel has acknowledged.
   */
  retry(): void {
    if (this.terminated || this.initialized) return;
    this.cancel(this.refreshTimer);
    this.refreshTimer = undefined;
    this.refreshAttempts = 0;
    this.loadWaits = 0;
    this.setStartState({ status: 'starting' });
    this.env.frame?.refresh();
    this.armLoadTimer();
    this.scheduleStyleReport();
  }

  /**
   * The storage-access request flow when `storageAccess.canRequest` is set (subscribe with
   * `onRequest` to its init, granted and denied messages); `undefined` otherwise.
   */
  get storageAccess(): StorageAccess | undefined {
    return this.env.storageAccess;
  }

  /** Whether {@link Ccp.terminate} ran. */
  get isTerminated(): boolean {
    return this.terminated;
  }

  /** The port id the panel gave in its first acknowledgement. */
  get portStreamId(): string | undefined {
    return this.portId;
  }

  /** The log. */
  getLog(): Logger {
    return this.logger;
  }

  /**
   * The panel's web socket manager as seen from the host (Streams' `getWebSocketManager()`):
   * handlers fed by the `webSocket::…` events, `subscribeTopics` / `sendMessage` relayed as
   * `webSocket::subscribe` / `webSocket::send`. One client per panel, disposed on terminate.
   */
  getWebSocketManager(): WebSocketManagerClient {
    this.webSocketClient ??= createWebSocketManagerClient({
      send: (event, data) => this.send(event as WireEventName, data),
      on: (event, handler) => this.onMessage(event as WireEventName, handler),
    });
    return this.webSocketClient;
  }

  /** Sends an envelope to the panel. */
  send(event: WireEventName, data?: unknown): void {
    this.env.conduit.send(event, data);
  }

  /**
   * Publishes a client metric (broadcast as `client_metric` when this tab is the metrics master).
   * More than 30 dimensions throws.
   */
  publishMetric(metric: ClientMetric): void {
    const checked = createMetric(metric.name, metric.data, metric.dimensions);
    this.emitter.emit('metric', checked);
    if (this.master.isKnownMaster(MASTER_TOPICS.metrics)) {
      this.send('broadcast', { event: 'client_metric', data: checked });
    }
  }

  /**
   * The media devices the panel sees (`media_device_request` → `media_device_response`); rejects with
   * 'Timeout exceeded' after 1000 ms.
   */
  getFrameMediaDevices(timeoutMs = MEDIA_DEVICE_TIMEOUT_MS): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const off = this.onMessage('media_device_response', (data) => {
        clearTimeout(timer);
        off();
        resolve(data);
      });
      const timer = this.after(timeoutMs, () => {
        off();
        reject(new ConnectError('timeoutExceeded', MESSAGES.timeoutExceeded));
      });
      this.send('media_device_request');
    });
  }

  /** Brings a contact into view in every tab (broadcast `contact::view {contactId}`). */
  viewContact(contactId: string): void {
    this.send('broadcast', { event: 'contact::view', data: { contactId } });
  }

  /**
   * Tears down: removes the iframe, listeners, timers and locks, fails nothing silently (pending
   * requests are dropped). A following `initCCP` works as new.
   */
  terminate(): void {
    if (this.terminated) return;
    this.terminated = true;
    this.keepalive?.dispose();
    this.offFrameLoad?.();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.popup?.dispose();
    this.ringtones?.dispose();
    this.webSocketClient?.dispose();
    this.logPusher.dispose();
    this.stopClientLogs();
    this.clientLogs.dispose();
    this.unsubscribeConduit();
    this.upstream.dispose();
    this.master.dispose();
    this.store.dispose();
    this.env.storageAccess?.dispose();
    this.env.frame?.remove();
    this.env.conduit.dispose();
    this.emitter.removeAllListeners();
    this.env.onTerminate?.();
  }

  /** The panel set-up after the iframe is in place (and storage access granted, when requested). */
  private startPanelSetup(): void {
    if (this.terminated) return;
    this.offFrameLoad = this.env.frame?.onLoad?.(() => this.frameDidLoad());
    this.armLoadTimer();
    this.scheduleStyleReport();
  }

  /**
   * The load timeout of the current frame. With a frame that reports its loads it is counted again
   * from the load: the panel's own start (sign-in check, worker, first snapshot) gets the whole
   * timeout however long the page took to arrive.
   */
  private armLoadTimer(): void {
    this.frameLoaded = this.env.frame?.onLoad === undefined;
    this.cancel(this.loadTimer);
    this.loadTimer = this.after(this.loadTimeout(), () => {
      this.loadTimer = undefined;
      if (!this.initialized) this.loadTimedOut();
    });
  }

  private frameDidLoad(): void {
    if (this.terminated || this.initialized) return;
    this.frameLoaded = true;
    if (this.loadTimer !== undefined) {
      this.cancel(this.loadTimer);
      this.loadTimer = this.after(this.loadTimeout(), () => {
        this.loadTimer = undefined;
        if (!this.initialized) this.loadTimedOut();
      });
    }
    if (this.refreshTimer !== undefined) {
      this.cancel(this.refreshTimer);
      this.scheduleRefresh();
    }
  }

  /**
   * No acknowledgement within the load timeout: says why when it can (nothing answers at the
   * panel URL: `unreachable`; the panel loaded: `signInNeeded`, unless the panel said more), then
   * the original's ack-timeout duties (login popup, refresh). A frame still loading from a URL
   * that answers is given another load timeout (counted as a refresh attempt).
   */
  private loadTimedOut(): void {
    const url = this.params.ccpUrl;
    if (!this.env.probe) {
      this.afterLoadTimeout(url, true);
      return;
    }
    void this.isReachable(this.env.probe, url).then((reachable) =>
      this.afterLoadTimeout(url, reachable),
    );
  }

  private afterLoadTimeout(url: string, reachable: boolean): void {
    if (this.terminated || this.initialized) return;
    if (!reachable) {
      this.setStartState({ status: 'unreachable', url });
    } else if (!this.frameLoaded && this.loadWaits < CCP_IFRAME_REFRESH_LIMIT) {
      this.loadWaits++;
      this.logger.info('The panel is still loading');
      this.loadTimer = this.after(this.loadTimeout(), () => {
        this.loadTimer = undefined;
        if (!this.initialized) this.loadTimedOut();
      });
      return;
    } else if (this.start.status === 'starting' || this.start.status === 'unreachable') {
      this.setStartState({ status: 'signInNeeded', loginUrl: this.loginUrl(), reason: 'timeout' });
    }
    this.ackTimedOut();
  }

  private async isReachable(
    probe: (url: string) => Promise<boolean>,
    url: string,
  ): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = this.after(PANEL_PROBE_TIMEOUT_MS, () => resolve(false));
    });
    try {
      return await Promise.race([probe(url).catch(() => false), timeout]);
    } finally {
      this.cancel(timer);
    }
  }

  private loginUrl(): string {
    return this.params.loginUrl ?? this.params.ccpUrl;
  }

  private setStartState(next: CcpStartState): void {
    const current = this.start;
    if (JSON.stringify(current) === JSON.stringify(next)) return;
    this.start = next;
    this.emitter.emit('startState', next);
  }

  private loadTimeout(): number {
    return (
      this.params.ccpLoadTimeout ??
      (this.params.disasterRecoveryOn
        ? HOST_TIMEOUTS.ccpLoadTimeoutDisasterRecovery
        : HOST_TIMEOUTS.ccpLoadTimeout)
    );
  }

  private after(ms: number, fn: () => void): ReturnType<typeof setTimeout> {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
    return t;
  }

  private cancel(t: ReturnType<typeof setTimeout> | undefined): void {
    if (t === undefined) return;
    clearTimeout(t);
    this.timers.delete(t);
  }

  private scheduleStyleReport(): void {
    const frame = this.env.frame;
    if (!frame) return;
    this.after(IFRAME_STYLE_REPORT_DELAY_MS, () => {
      const report = frame.styleReport();
      if (report) this.send('iframe_style', report);
    });
  }

  private configurePayload(): Record<string, unknown> | undefined {
    const p = this.params;
    if (!(
      p.softphone ||
      p.chat ||
      p.task ||
      p.pageOptions ||
      p.shouldAddNamespaceToLogs ||
      p.disasterRecoveryOn
    )) {
      return undefined;
    }
    return {
      softphone: p.softphone,
      chat: p.chat,
      task: p.task,
      pageOptions: p.pageOptions,
      shouldAddNamespaceToLogs: p.shouldAddNamespaceToLogs,
      disasterRecoveryOn: p.disasterRecoveryOn,
    };
  }

  private dispatch(m: ConduitMessage): void {
    if (this.terminated) return;
    const data = m.data;
    const event = m.event as WireEventName;
    switch (event) {
      case 'acknowledge':
        this.acknowledged(data);
        break;
      case 'agent::update':
        if (isAgentUpdate(data)) this.store.update(data);
        else this.logger.warn('Ignored a malformed agent::update');
        break;
      case 'request_configure': {
        const payload = this.configurePayload();
        this.send('configure', payload ?? {});
        break;
      }
      case 'auth_fail':
        // Before the first acknowledgement: the panel cannot start until the agent signs in.
        if (!this.initialized)
          this.setStartState({
            status: 'signInNeeded',
            loginUrl: this.loginUrl(),
            reason: 'panel',
          });
        this.emitter.emit('authFail', data);
        break;
      case 'access_denied':
        // Before the first acknowledgement: the panel refuses to be embedded by this page.
        if (!this.initialized)
          this.setStartState({
            status: 'originNotAllowed',
            origin: originOf(data) ?? this.env.hostOrigin ?? '',
          });
        this.emitter.emit('accessDenied', data);
        break;
      case 'authorize_success':
        this.emitter.emit('authorizeSuccess', data);
        break;
      case 'authorize_retries_exhausted':
        this.emitter.emit('authorizeRetriesExhausted', data);
        break;
      case 'cti_authorize_retries_exhausted':
        this.emitter.emit('ctiAuthorizeRetriesExhausted', data);
        break;
      case 'terminated':
        this.emitter.emit('terminated', data);
        break;
      case 'update_connected_ccps':
        this.emitter.emit('connectedCcps', data);
        break;
      case 'contact::accepted':
        this.store.accepted(contactIdOf(data), false);
        break;
      case 'contact::view':
        this.store.contactsEmitter.emit('view', contactIdOf(data));
        break;
      case 'agent::mute_toggle':
        this.agent.emit('muteToggle', {
          muted: (data as { muted?: boolean } | null)?.muted === true,
        });
        break;
      case 'agent::softphone_error':
        this.agent.emit('softphoneError', data);
        break;
      case 'configuration::set_speaker_device':
      case 'configuration::set_microphone_device':
      case 'configuration::set_ringer_device': {
        const kind = event.slice('configuration::set_'.length, -'_device'.length) as
          'speaker' | 'microphone' | 'ringer';
        const deviceId = (data as { deviceId?: unknown } | null)?.deviceId;
        if (kind === 'ringer' && typeof deviceId === 'string')
          this.ringtones?.setOutputDevice(deviceId);
        this.agent.emit('deviceChanged', {
          kind,
          deviceId: typeof deviceId === 'string' ? deviceId : '',
        });
        break;
      }
      default:
        if (event.startsWith('contact::accepted::')) {
          this.store.accepted(event.slice('contact::accepted::'.length), true);
        }
    }
    if (this.emitter.listenerCount('message') > 0) this.emitter.emit('message', m);
  }

  private acknowledged(data: unknown): void {
    if (this.refreshTimer !== undefined || this.refreshAttempts > 0) {
      this.cancel(this.refreshTimer);
      this.refreshTimer = undefined;
      this.refreshAttempts = 0;
      if (this.params.loginPopupAutoClose || this.params.loginOptions?.autoClose)
        this.popup?.close();
    }
    if (this.initialized) return;
    const id = (data as { id?: unknown } | null | undefined)?.id;
    if (typeof id !== 'string') return; // the first acknowledge must carry {id}
    this.portId = id;
    this.cancel(this.loadTimer);
    this.loadTimer = undefined;
    const configure = this.configurePayload();
    if (configure) this.send('configure', configure);
    // Disaster recovery: the panel joins the fleet with its region and role.
    if (this.params.disasterRecoveryOn)
      this.send('disasterRecovery::init_disaster_recovery', { ...this.params });
    this.send('outer_context_info', { streamsVersion: STREAMS_VERSION });
    this.startKeepalive();
    this.initialized = true;
    const latency = this.now() - this.startedAt;
    this.publishMetric(createMetric('IframeInitializationSuccess', { count: 1 }));
    this.publishMetric(createMetric('IframeInitializationTime', { latency }));
    if (this.params.disasterRecoveryOn) {
      // The disaster-recovery copies of the initialisation metrics.
      this.publishMetric(createMetric('IframeInitializationSuccessDr', { count: 1 }));
      this.publishMetric(createMetric('IframeInitializationTimeDr', { latency }));
    }
    this.setStartState({ status: 'ready' });
    this.emitter.emit('initialized', { portStreamId: id });
    this.startMasterDuties();
  }

  private startKeepalive(): void {
    this.keepalive = new Keepalive(
      this.env.conduit,
      this.params.ccpSynTimeout ?? HOST_TIMEOUTS.ccpSynTimeout,
      this.params.ccpAckTimeout ?? HOST_TIMEOUTS.ccpAckTimeout,
      () => this.ackTimedOut(),
    );
    this.keepalive.start();
  }

  private startMasterDuties(): void {
    const check = (topic: string, then?: () => void): void => {
      this.master
        .checkMaster(topic)
        .then((s) => {
          if (s.isMaster && !this.terminated) then?.();
        })
        .catch((e: unknown) => this.logger.warn(`checkMaster ${topic} failed`, e));
    };
    check(MASTER_TOPICS.metrics);
    check(MASTER_TOPICS.sendLogs, () => {
      this.logPusher.start();
      this.clientLogs.start();
    });
  }

  private ackTimedOut(): void {
    if (this.terminated) return;
    this.emitter.emit('ackTimeout');
    if (this.params.loginPopup !== false && this.popup) {
      try {
        this.popup.open(this.loginUrl(), this.params.loginOptions ?? {});
      } catch (e) {
        this.logger.error('Login popup failed', e);
      }
    }
    if (this.refreshTimer === undefined && this.refreshAttempts === 0) this.scheduleRefresh();
  }

  private scheduleRefresh(): void {
    this.refreshTimer = this.after(this.loadTimeout(), () => {
      this.refreshAttempts++;
      if (this.refreshAttempts <= CCP_IFRAME_REFRESH_LIMIT) {
        this.env.frame?.refresh();
        this.frameLoaded = this.env.frame?.onLoad === undefined;
        this.scheduleStyleReport();
        this.scheduleRefresh();
      } else {
        this.refreshTimer = undefined;
        this.logger.info('Iframe initialization failed');
        this.publishMetric(
          createMetric('IframeRefreshAttempts', { count: this.refreshAttempts - 1 }),
        );
        this.publishMetric(createMetric('IframeInitializationSuccess', { count: 0 }));
        if (this.params.disasterRecoveryOn) {
          this.publishMetric(
            createMetric('IframeRefreshAttemptsDr', { count: this.refreshAttempts - 1 }),
          );
          this.publishMetric(createMetric('IframeInitializationSuccessDr', { count: 0 }));
        }
        this.setStartState({ status: 'retriesExhausted', url: this.params.ccpUrl });
        this.emitter.emit('iframeRetriesExhausted');
      }
    });
  }
}

/** The `origin` a panel notice names, if any. */
function originOf(data: unknown): string | undefined {
  const origin = (data as { origin?: unknown } | null | undefined)?.origin;
  return typeof origin === 'string' && origin !== '' ? origin : undefined;
}

function contactIdOf(data: unknown): string {
  const id = (data as { contactId?: unknown } | null | undefined)?.contactId;
  return typeof id === 'string' ? id : '';
}

/** Hand-written hot-path check of an `agent::update` payload. */
function isAgentUpdate(data: unknown): data is AgentUpdate {
  if (typeof data !== 'object' || data === null) return false;
  const snapshot = (data as { snapshot?: unknown }).snapshot as
    { state?: { name?: unknown; type?: unknown }; contacts?: unknown } | undefined;
  if (typeof snapshot !== 'object' || snapshot === null) return false;
  const state = snapshot.state;
  if (!state || typeof state.name !== 'string' || typeof state.type !== 'string') return false;
  const contacts = snapshot.contacts;
  if (!Array.isArray(contacts)) return false;
  for (const c of contacts as {
    contactId?: unknown;
    state?: { type?: unknown };
    connections?: unknown;
  }[]) {
    if (
      typeof c?.contactId !== 'string' ||
      typeof c.state?.type !== 'string' ||
      !Array.isArray(c.connections)
    ) {
      return false;
    }
  }
  return true;
}
