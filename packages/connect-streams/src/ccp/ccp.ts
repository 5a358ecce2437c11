// One embedded panel as the host page sees it (the Ccp that initCCP returns): its agent, contacts
// and request channel, the handshake, keepalive and master duties, and the panel's notices.
import { EventEmitter } from 'eventemitter3';
import { createWebSocketManagerClient } from '@x/websocket-manager/bridge';
import type { WebSocketManagerClient } from '@x/websocket-manager/bridge';
import type { Agent } from '../agent/agent';
import { UpstreamClient } from '../client/upstream-client';
import type { RequestChannel } from '../client/upstream-client';
import { HOST_TIMEOUTS, MEDIA_DEVICE_TIMEOUT_MS, STREAMS_VERSION } from '../constants';
import { ConnectError } from '../errors';
import { AgentDataStore } from '../events/agent-data-store';
import { ClientLogBatcher, Logger, LogPusher } from '../log/logger';
import { MASTER_TOPICS, MasterClient } from '../master/master-client';
import { MESSAGES } from '../messages';
import { RingtoneManager } from '../media/ringtone';
import type { RingtoneAudio } from '../media/ringtone';
import type { ClientMetric } from '../metrics/metrics';
import { createMetric } from '../metrics/metrics';
import type { ConduitMessage, MasterTopics, WireEventName } from '@x/connect-streams/protocol';
import type { CcpEnvironment, CcpEvents, CcpStartState, Contacts } from './ccp-types';
import { Keepalive } from './keepalive';
import { LoginPopup } from './login-popup';
import { deliverAgentNotice } from './agent-notices';
import { isAgentUpdate, originOf } from './panel-data';
import { PanelStartup } from './panel-startup';
import { configurePayload, type InitCcpParams, type RingtoneSettings } from './params';
import type { StorageAccess } from '@x/connect-streams/services';

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
  private readonly startup: PanelStartup;
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
    this.startup = new PanelStartup({
      params,
      env,
      logger: this.logger,
      popup: this.popup,
      emitter: this.emitter,
      isInitialized: () => this.initialized,
      isTerminated: () => this.terminated,
      after: (ms, fn) => this.after(ms, fn),
      cancel: (t) => this.cancel(t),
      send: (event, data) => this.send(event, data),
      publishMetric: (metric) => this.publishMetric(metric),
    });
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

  /**
   * Whether this tab is the master of `topic` (e.g. `connect::softphone`), becoming it when no tab
   * is: of the tabs sharing one panel session, only a topic's master runs its duties.
   */
  async checkMaster(topic: MasterTopics): Promise<boolean> {
    return (await this.master.checkMaster(topic)).isMaster === true;
  }

  /** Whether the panel has acknowledged. */
  get isInitialized(): boolean {
    return this.initialized;
  }

  /** Where the start-up is (see {@link CcpStartState}); changes fire `startState`. */
  get startState(): CcpStartState {
    return this.startup.startState;
  }

  /**
   * Opens the login popup at `loginUrl` (else `ccpUrl`) with the `loginOptions`, whatever
   * `loginPopup` says: the sign-in action of a start-up that reports `signInNeeded`. Call it from a
   * click (browsers block popups opened otherwise). Does nothing without a page to open it from.
   */
  openLoginPopup(): void {
    if (this.terminated) return;
    try {
      this.popup?.open(this.startup.loginUrl(), this.params.loginOptions ?? {});
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
    this.startup.retry();
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
    this.startup.dispose();
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
    this.startup.begin();
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
        const payload = configurePayload(this.params);
        this.send('configure', payload ?? {});
        break;
      }
      case 'auth_fail':
        // Before the first acknowledgement: the panel cannot start until the agent signs in.
        if (!this.initialized)
          this.startup.setStartState({
            status: 'signInNeeded',
            loginUrl: this.startup.loginUrl(),
            reason: 'panel',
          });
        this.emitter.emit('authFail', data);
        break;
      case 'access_denied':
        // Before the first acknowledgement: the panel refuses to be embedded by this page.
        if (!this.initialized)
          this.startup.setStartState({
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
      default:
        deliverAgentNotice(event, data, this.store, this.ringtones);
    }
    if (this.emitter.listenerCount('message') > 0) this.emitter.emit('message', m);
  }

  private acknowledged(data: unknown): void {
    this.startup.acknowledged();
    if (this.initialized) return;
    const id = (data as { id?: unknown } | null | undefined)?.id;
    if (typeof id !== 'string') return; // the first acknowledge must carry {id}
    this.portId = id;
    this.startup.stopLoadTimer();
    const configure = configurePayload(this.params);
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
    this.startup.setStartState({ status: 'ready' });
    this.emitter.emit('initialized', { portStreamId: id });
    this.startMasterDuties();
  }

  private startKeepalive(): void {
    this.keepalive = new Keepalive(
      this.env.conduit,
      this.params.ccpSynTimeout ?? HOST_TIMEOUTS.ccpSynTimeout,
      this.params.ccpAckTimeout ?? HOST_TIMEOUTS.ccpAckTimeout,
      () => this.startup.ackTimedOut(),
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
}
