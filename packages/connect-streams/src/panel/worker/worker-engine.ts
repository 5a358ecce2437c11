// The CCP side's worker engine: the conduit to every connected panel page (acknowledge, broadcast,
// API requests, master topics, tabs, logs, terminate). Agent polling, clients, metrics, the web
// socket and the token refresh are in sibling files.
import {
  AgentEvents,
  apiRequestSchema,
  createApiResponse,
  EventType,
  masterRequestSchema,
  sharedWorkerConfigSchema,
} from '../../protocol';
import { AUTH_TOKEN_CHECK_INTERVAL_MS, LOG_BUFFER_CAP_SIZE } from '../constants';
import type { CtiOutcome } from '../cti/cti-client';
import { AgentPolling } from './agent-polling';
import { applyAgentAliases } from './agent-update';
import { apiMetrics } from './api-metric';
import { WorkerDisasterRecovery } from './disaster-recovery';
import { MasterTopicCoordinator } from './master-topic-coordinator';
import type { PanelPort } from './panel-port';
import { PortsByTab } from './ports-by-tab';
import { TokenRefresh } from './token-refresh';
import { WorkerClients } from './worker-clients';
import type { PanelWorkerEngineOptions, WorkerConfiguration } from './worker-options';
import { WorkerWebSocket } from './worker-web-socket';
import { isRecord } from '../../util';

interface ApiRequest {
  readonly event?: string;
  readonly requestId: string;
  readonly method: string;
  readonly params?: Record<string, unknown>;
}

interface ConnectedPort {
  readonly id: string;
  readonly port: PanelPort;
}

let portCounter = 0;
const randomPortId = (now: number): string => {
  portCounter += 1;
  return `${now}-${Math.random().toString(36).slice(2)}${portCounter}`;
};

/**
 * The CCP side's SharedWorker engine: one conduit per
 * connected port plus broadcast to all; `acknowledge {id}` first to each new port;
 * `synchronize` → `acknowledge` to all; `agent::update {snapshot, configuration}` after every
 * snapshot and configuration change; `api_request` → `api_response` (with `api_metric`);
 * master topics; broadcast re-emit; `update_connected_ccps`; `terminate` → `terminated`;
 * `auth_fail`, `access_denied`, `cti_authorize_retries_exhausted`; `send_logs` buffering;
 * agent long poll, configuration poll and token refresh.
 *
 * @example
 * ```ts
 * // in a SharedWorker script
 * const engine = new PanelWorkerEngine();
 * self.onconnect = (event) => engine.connect(event.ports[0]);
 * ```
 * @public
 */
export class PanelWorkerEngine {
  private readonly options: PanelWorkerEngineOptions;
  private readonly clients: WorkerClients;
  private readonly webSocket: WorkerWebSocket;
  private readonly tokenRefresh: TokenRefresh;
  private readonly polling: AgentPolling = new AgentPolling({
    callApi: (method, params) => this.callApi(method, params),
    broadcast: (event, data) => this.broadcast(event, data),
    later: (delayMs, run) => this.later(delayMs, run),
    generation: () => this.generation,
    now: () => this.now(),
    updateAgent: () => this.updateAgent(),
  });
  private readonly ports = new Map<string, ConnectedPort>();
  private readonly portsByTab = new PortsByTab();
  private readonly masters = new MasterTopicCoordinator();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private authCheckTimer: ReturnType<typeof setInterval> | undefined;
  private configuration: WorkerConfiguration | undefined;
  private logsBuffer: Record<string, unknown>[] = [];
  private generation = 0;
  private readonly portEventHandlers = new Map<string, Set<(data: unknown) => void>>();
  private pollingOptions = {
    allowLongPollingShadowMode: false,
    allowLongPollingWebsocketOnlyMode: false,
  };
  private readonly disasterRecovery = new WorkerDisasterRecovery(
    (event, data) => this.broadcast(event, data),
    {
      discoveryUrl: async () => {
        const outcome = await this.callApi('createTransport', { transportType: 'agent_discovery' });
        if (outcome.kind !== 'success') return undefined;
        const transport = (outcome.data as { agentDiscoveryTransport?: { presignedUrl?: unknown } })
          ?.agentDiscoveryTransport;
        return typeof transport?.presignedUrl === 'string' ? transport.presignedUrl : undefined;
      },
      fetch: (url, init) => (this.options.fetch ?? globalThis.fetch)(url, init),
      schedule: (delayMs, run) => this.later(delayMs, run),
    },
  );

  /** An engine with these options (endpoints, fetch, clock). */
  constructor(options: PanelWorkerEngineOptions = {}) {
    this.options = options;
    this.clients = new WorkerClients(options);
    this.webSocket = new WorkerWebSocket(
      {
        callApi: (method, params) => this.callApi(method, params),
        broadcast: (event, data) => this.broadcast(event, data),
        onAnyPort: (event, handler) => this.onAnyPort(event, handler),
      },
      options.createWebSocketManager,
    );
    this.tokenRefresh = new TokenRefresh(
      {
        configuration: () => this.configuration,
        useToken: (authToken, expiration) => this.useToken(authToken, expiration),
        broadcast: (event, data) => this.broadcast(event, data),
        later: (delayMs, run) => this.later(delayMs, run),
        generation: () => this.generation,
        now: () => this.now(),
      },
      options,
    );
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /**
   * The long-polling options of the last `configure` (the real worker keeps the two boolean flags
   * `allowLongPollingShadowMode` and `allowLongPollingWebsocketOnlyMode`, default `false`).
   */
  get longPollingOptions(): {
    readonly allowLongPollingShadowMode: boolean;
    readonly allowLongPollingWebsocketOnlyMode: boolean;
  } {
    return { ...this.pollingOptions };
  }

  /** The ids of the connected ports. */
  get portIds(): readonly string[] {
    return [...this.ports.keys()];
  }

  /** The last `{snapshot, configuration}` sent, or `undefined` before the first one. */
  get agent():
    | {
        readonly snapshot: Record<string, unknown>;
        readonly configuration: Record<string, unknown>;
      }
    | undefined {
    const { snapshot, configuration } = this.polling;
    return snapshot && configuration ? { snapshot, configuration } : undefined;
  }

  /**
   * Connects a page's port: sends it `acknowledge {id}`, tells every port the new
   * `update_connected_ccps` count and re-sends the agent data when there is some.
   * Returns the port's id.
   */
  connect(port: PanelPort): string {
    const id = randomPortId(this.now());
    const entry: ConnectedPort = { id, port };
    this.ports.set(id, entry);
    port.addEventListener('message', (event) => this.receive(entry, event.data));
    port.start?.();
    this.sendTo(entry, 'acknowledge', { id });
    this.broadcast('update_connected_ccps', { length: this.ports.size });
    if (this.agent) this.updateAgent();
    return id;
  }

  /** Stops every timer; the engine can be configured again afterwards. */
  dispose(): void {
    this.generation += 1;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.authCheckTimer !== undefined) clearInterval(this.authCheckTimer);
    this.authCheckTimer = undefined;
    this.webSocket.stop();
    this.configuration = undefined;
    this.clients.reset();
    this.polling.reset();
    this.disasterRecovery.reset();
  }

  private sendTo(port: ConnectedPort, event: string, data?: unknown): void {
    port.port.postMessage(data === undefined ? { event } : { event, data });
  }

  private broadcast(event: string, data?: unknown): void {
    for (const port of this.ports.values()) this.sendTo(port, event, data);
  }

  private later(delayMs: number, run: () => void): void {
    const generation = this.generation;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (generation === this.generation) run();
    }, delayMs);
    this.timers.add(timer);
  }

  private receive(port: ConnectedPort, raw: unknown): void {
    if (!isRecord(raw) || typeof raw['event'] !== 'string' || raw['event'] === '') return;
    if (!this.ports.has(port.id)) return;
    const event = raw['event'];
    const data = raw['data'];
    switch (event) {
      case 'configure':
        this.configure(data);
        break;
      case 'synchronize':
        this.broadcast('acknowledge');
        break;
      case 'broadcast':
        if (isRecord(data) && typeof data['event'] === 'string') {
          this.broadcast(data['event'], data['data']);
        }
        break;
      case 'terminate':
        this.handleTerminate();
        break;
      case 'send_logs':
        this.handleSendLogs(data);
        break;
      case 'api_request':
        void this.handleApiRequest(port, data);
        break;
      case 'master_request':
        this.handleMasterRequest(port, data);
        break;
      case 'reload_agent_configuration':
        this.polling.pollForAgentConfiguration(false);
        break;
      case 'tab_id':
        this.handleTabId(port, data);
        break;
      case 'close':
        this.handleClose(port);
        break;
      default:
        if (this.disasterRecovery.handle(event, data)) break;
        for (const handler of this.portEventHandlers.get(event) ?? []) handler(data);
        break;
    }
  }

  /** Listens to one event from any port (for the web-socket bridge). */
  private onAnyPort(event: string, handler: (data: unknown) => void): () => void {
    const handlers = this.portEventHandlers.get(event) ?? new Set();
    handlers.add(handler);
    this.portEventHandlers.set(event, handlers);
    return () => handlers.delete(handler);
  }

  private configure(data: unknown): void {
    const parsed = sharedWorkerConfigSchema.safeParse(data);
    if (!parsed.success) return;
    if (this.configuration && parsed.data.authToken === this.configuration.authToken) return;
    const polling = parsed.data.longPollingOptions;
    if (polling) {
      for (const key of [
        'allowLongPollingShadowMode',
        'allowLongPollingWebsocketOnlyMode',
      ] as const) {
        if (typeof polling[key] === 'boolean') this.pollingOptions[key] = polling[key];
      }
    }
    const first = this.configuration === undefined;
    this.configuration = parsed.data;
    this.initClients();
    if (first) this.startPolling();
  }

  private initClients(): void {
    if (this.configuration) this.clients.init(this.configuration);
  }

  private startPolling(): void {
    this.webSocket.start();
    void this.polling.pollForAgent();
    this.polling.pollForAgentConfiguration(true);
    const generation = this.generation;
    this.authCheckTimer = setInterval(() => {
      if (generation === this.generation) this.tokenRefresh.check();
    }, AUTH_TOKEN_CHECK_INTERVAL_MS);
  }

  /** Calls through the right client and sends `api_metric` for the call. */
  private async callApi(method: string, params: Record<string, unknown>): Promise<CtiOutcome> {
    // The real WorkerClient: agent-app methods to the AgentAppClient, task-template methods to the
    // TaskTemplatesClient, everything else to the CTI client.
    const client = this.clients.clientFor(method);
    const started = this.now();
    const outcome: CtiOutcome = client
      ? await client.call(method, params)
      : {
          kind: 'failure',
          error: {
            type: 'StateError',
            message: 'The client is not configured.',
            stack: [],
            retryStatus: 'none',
          },
        };
    const error = outcome.kind === 'success' ? undefined : outcome.error;
    for (const metric of apiMetrics(method, this.now() - started, error, params)) {
      this.broadcast('api_metric', metric);
    }
    return outcome;
  }

  /** Posts `agent::update {snapshot, configuration}` to every port once both are known. */
  private updateAgent(): void {
    const { snapshot, configuration } = this.polling;
    if (!snapshot || !configuration) return;
    applyAgentAliases(snapshot, configuration);
    this.broadcast(AgentEvents.UPDATE, {
      snapshot: this.disasterRecovery.filter(snapshot),
      configuration,
    });
    this.disasterRecovery.afterUpdate();
  }

  private async handleApiRequest(port: ConnectedPort, data: unknown): Promise<void> {
    const parsed = apiRequestSchema.safeParse(data);
    if (!parsed.success) return;
    const request: ApiRequest = {
      requestId: parsed.data.requestId,
      method: parsed.data.method,
      params: isRecord(parsed.data.params) ? parsed.data.params : {},
    };
    const outcome = await this.callApi(request.method, { ...request.params });
    const respond = (payload: unknown, err: string | null): void =>
      this.sendTo(port, EventType.API_RESPONSE, createApiResponse(request.requestId, payload, err));
    switch (outcome.kind) {
      case 'success':
        respond(outcome.data, null);
        break;
      case 'failure':
        respond(outcome.data, JSON.stringify(outcome.error));
        break;
      case 'authFailure':
        this.broadcast('auth_fail', { authorize: true });
        break;
      case 'accessDenied':
        this.broadcast('access_denied');
        break;
    }
  }

  private handleMasterRequest(port: ConnectedPort, data: unknown): void {
    const parsed = masterRequestSchema.safeParse(data);
    if (!parsed.success) return;
    const { requestId, method, params } = parsed.data;
    const response = (payload: Record<string, unknown>): Record<string, unknown> => ({
      event: 'master_response',
      requestId,
      data: payload,
      err: null,
    });
    if (method === 'becomeMaster') {
      const masterId = this.masters.getMaster(params.topic);
      const takeOver = masterId !== null && masterId !== port.id;
      this.masters.setMaster(params.topic, port.id);
      const payload = response({ masterId: port.id, takeOver, topic: params.topic });
      if (takeOver) this.broadcast('master_response', payload);
      this.sendTo(port, 'master_response', payload);
    } else if (method === 'checkMaster') {
      let masterId = this.masters.getMaster(params.topic);
      if (masterId === null && !params.shouldNotBecomeMasterIfNone) {
        this.masters.setMaster(params.topic, port.id);
        masterId = port.id;
      }
      this.sendTo(
        port,
        'master_response',
        response({ masterId, isMaster: masterId === port.id, topic: params.topic }),
      );
    }
  }

  private handleTabId(port: ConnectedPort, data: unknown): void {
    if (!isRecord(data) || typeof data['tabId'] !== 'string') return;
    const update = this.portsByTab.add(data['tabId'], port.id, this.ports.size);
    if (update) this.broadcast('update_connected_ccps', update);
  }

  private handleClose(port: ConnectedPort): void {
    this.ports.delete(port.id);
    this.masters.removeMaster(port.id);
    this.broadcast('update_connected_ccps', this.portsByTab.remove(port.id, this.ports.size));
  }

  private handleSendLogs(data: unknown): void {
    const entries = (Array.isArray(data) ? data : [data]).filter(isRecord);
    // Like the real worker: the page's logs go down to every port as `log`, then into the buffer.
    for (const entry of entries) this.broadcast('log', entry);
    this.logsBuffer = this.logsBuffer.concat(entries);
    if (this.logsBuffer.length > LOG_BUFFER_CAP_SIZE) this.flushLogs();
  }

  private flushLogs(): void {
    const logs = this.logsBuffer;
    this.logsBuffer = [];
    if (logs.length === 0 || !this.clients.hasCtiClient) return;
    void this.callApi('sendClientLogs', {
      logEvents: logs.map((log) => ({
        timestamp: log['time'],
        component: log['component'],
        message: log['text'],
      })),
    }).then((outcome) => {
      if (outcome.kind === 'authFailure') this.broadcast('auth_fail');
    });
  }

  private handleTerminate(): void {
    this.flushLogs();
    this.dispose();
    this.broadcast('terminated');
  }

  /** Uses a refreshed token from now on (the clients are built again). */
  private useToken(authToken: string, authTokenExpiration: Date): void {
    if (!this.configuration) return;
    this.configuration = { ...this.configuration, authToken, authTokenExpiration };
    this.initClients();
  }
}
