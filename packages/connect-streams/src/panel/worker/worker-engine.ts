import {
  AgentEvents,
  apiRequestSchema,
  createApiResponse,
  EventType,
  masterRequestSchema,
  sharedWorkerConfigSchema,
  type AuthorizeResponse,
  type SharedWorkerConfig,
} from '../../protocol';
import { createWebSocketManager } from '@x/websocket-manager';
import {
  bridgeWebSocketManager,
  type WebSocketConnectionConfig,
  type WebSocketManager,
} from '@x/websocket-manager/bridge';
import { authorize as defaultAuthorize } from '../auth/authorize';
import {
  AGENT_POLL_FAILURE_DELAY_MS,
  AGENT_POLL_SUCCESS_DELAY_MS,
  AGENT_POLL_TIMEOUT_MS,
  AUTH_TOKEN_CHECK_INTERVAL_MS,
  AUTH_TOKEN_REFRESH_BACKOFF_MS,
  AUTH_TOKEN_REFRESH_MAX_RETRIES,
  AUTH_TOKEN_REFRESH_WINDOW_MS,
  CONFIG_LIST_PAGE_SIZE,
  CONFIG_POLL_INTERVAL_MS,
  LOG_BUFFER_CAP_SIZE,
} from '../constants';
import { CtiClient, defaultCtiEndpoint, type CtiOutcome } from '../cti/cti-client';
import type { CtiCallError } from '../cti/cti-error';
import type { FetchFunction } from '../http/fetch-with-retry';
import { HttpStatusError } from '../http/fetch-with-retry';
import { TASK_TEMPLATES_METHODS } from '../../constants';
import {
  ServiceCallError,
  TaskTemplatesClient,
  toServiceCallError,
} from '../../task-templates/task-templates-client';
import { AgentAppClient } from './agent-app-client';
import { WorkerDisasterRecovery } from './disaster-recovery';
import { applyAgentAliases, stampSnapshot } from './agent-update';
import { MasterTopicCoordinator } from './master-topic-coordinator';
import type { PanelPort } from './panel-port';

/**
 * The `configure` data a panel page sends up to the worker (the protocol's shared-worker config).
 * @public
 */
export type WorkerConfiguration = SharedWorkerConfig;

/**
 * Anything that can make CTI calls for the engine ({@link CtiClient} by default).
 * @public
 */
export interface CtiCaller {
  /** Calls a CTI method; never rejects. */
  call(method: string, params?: Record<string, unknown>): Promise<CtiOutcome>;
}

/**
 * Options of {@link PanelWorkerEngine}.
 * @public
 */
export interface PanelWorkerEngineOptions {
  /** Builds the CTI client from a configuration (default: a {@link CtiClient}). */
  readonly createClient?: (configuration: WorkerConfiguration) => CtiCaller;
  /** Builds the agent-app client (default: an {@link AgentAppClient} when its endpoint and cookie name are set). */
  readonly createAgentAppClient?: (configuration: WorkerConfiguration) => CtiCaller | undefined;
  /**
   * Builds the task-templates client (default: a `TaskTemplatesClient` (`@x/connect-streams/services`) on
   * `taskTemplatesEndpoint || endpoint`, as the real worker's `initTaskTemplatesClient`).
   */
  readonly createTaskTemplatesClient?: (
    configuration: WorkerConfiguration,
  ) => CtiCaller | undefined;
  /** Fetches a new token (default: {@link authorize}). */
  readonly authorize?: (endpoint: string) => Promise<AuthorizeResponse>;
  /** The fetch the default clients use. */
  readonly fetch?: FetchFunction;
  /** The page or worker URL the default CTI endpoint is derived from. */
  readonly baseUrl?: string;
  /** Clock in ms (default `Date.now`). */
  readonly now?: () => number;
  /** Random source in [0, 1) for the refresh backoff's jitter (default `Math.random`). */
  readonly random?: () => number;
  /**
   * Creates the web-socket manager the engine opens through `createTransport` (transport type
   * `web_socket`) and bridges to every port (the `webSocket::` events); `false` for none.
   * Default: `createWebSocketManager()` of `@x/websocket-manager`.
   */
  readonly createWebSocketManager?: (() => WebSocketManager) | false;
}

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

/** Methods whose calls with a `relatedContactId` get a `…WithRelatedContactId` metric too. */
const RELATED_CONTACT_ID_METHODS: ReadonlySet<string> = new Set([
  'createTaskContact',
  'createOutboundContact',
  'createTemplatedTask',
]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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
  private readonly ports = new Map<string, ConnectedPort>();
  private readonly portsByTab = new Map<string, string[]>();
  private readonly masters = new MasterTopicCoordinator();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private authCheckTimer: ReturnType<typeof setInterval> | undefined;
  private configuration: WorkerConfiguration | undefined;
  private client: CtiCaller | undefined;
  private agentAppClient: CtiCaller | undefined;
  private taskTemplatesClient: CtiCaller | undefined;
  private snapshot: Record<string, unknown> | undefined;
  private agentConfiguration: Record<string, unknown> | undefined;
  private nextToken: string | null = null;
  private logsBuffer: Record<string, unknown>[] = [];
  private generation = 0;
  private readonly portEventHandlers = new Map<string, Set<(data: unknown) => void>>();
  private webSocketManager: WebSocketManager | undefined;
  private pollingOptions = {
    allowLongPollingShadowMode: false,
    allowLongPollingWebsocketOnlyMode: false,
  };
  private stopWebSocketBridge: (() => void) | undefined;
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
    return this.snapshot && this.agentConfiguration
      ? { snapshot: this.snapshot, configuration: this.agentConfiguration }
      : undefined;
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
    this.stopWebSocketBridge?.();
    this.stopWebSocketBridge = undefined;
    this.webSocketManager?.terminate('terminated');
    this.webSocketManager = undefined;
    this.configuration = undefined;
    this.client = undefined;
    this.agentAppClient = undefined;
    this.taskTemplatesClient = undefined;
    this.snapshot = undefined;
    this.agentConfiguration = undefined;
    this.nextToken = null;
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
        this.pollForAgentConfiguration(false);
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

  /** Opens the web socket through `createTransport` and bridges it to every port. */
  private startWebSocket(): void {
    const factory =
      this.options.createWebSocketManager === undefined
        ? () => createWebSocketManager()
        : this.options.createWebSocketManager;
    if (factory === false || this.webSocketManager) return;
    const manager = factory();
    this.webSocketManager = manager;
    this.stopWebSocketBridge = bridgeWebSocketManager(manager, {
      send: (event, data) => this.broadcast(event, data),
      on: (event, handler) => this.onAnyPort(event, handler),
    });
    void manager.init(() => this.getWebSocketUrl()).catch(() => undefined);
  }

  /** `createTransport {transportType: 'web_socket'}`, as the real worker's `getWebSocketUrl`. */
  private async getWebSocketUrl(): Promise<WebSocketConnectionConfig> {
    const outcome = await this.callApi('createTransport', { transportType: 'web_socket' });
    switch (outcome.kind) {
      case 'success':
        return outcome.data as WebSocketConnectionConfig;
      case 'failure':
        throw Object.assign(new Error('getWebSocketUrl failed'), {
          reason: 'getWebSocketUrl failed',
          _debug: outcome.error,
        });
      case 'authFailure':
        this.broadcast(EventType.AUTH_FAIL);
        throw new Error('Authentication failed while getting getWebSocketUrl');
      case 'accessDenied':
        this.broadcast(EventType.ACCESS_DENIED);
        throw new Error('Access Denied Failure while getting getWebSocketUrl');
    }
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
    const configuration = this.configuration;
    if (!configuration) return;
    this.client = this.options.createClient
      ? this.options.createClient(configuration)
      : new CtiClient({
          authToken: configuration.authToken,
          region: configuration.region,
          endpoint:
            configuration.endpoint ??
            defaultCtiEndpoint(this.options.baseUrl ?? globalThis.location.href),
          ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
        });
    if (this.options.createAgentAppClient) {
      this.agentAppClient = this.options.createAgentAppClient(configuration);
    } else if (configuration.agentAppEndpoint && configuration.authCookieName) {
      this.agentAppClient = new AgentAppClient({
        authCookieName: configuration.authCookieName,
        authToken: configuration.authToken,
        endpoint: configuration.agentAppEndpoint,
        ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      });
    }
    this.taskTemplatesClient = this.options.createTaskTemplatesClient
      ? this.options.createTaskTemplatesClient(configuration)
      : this.defaultTaskTemplatesClient(configuration);
  }

  /** The real worker's `TaskTemplatesClient(taskTemplatesEndpoint || endpoint)`, as a {@link CtiCaller}. */
  private defaultTaskTemplatesClient(configuration: WorkerConfiguration): CtiCaller | undefined {
    const endpoint =
      configuration.taskTemplatesEndpoint ||
      configuration.endpoint ||
      defaultCtiEndpoint(this.options.baseUrl ?? globalThis.location.href);
    let client: TaskTemplatesClient;
    try {
      client = new TaskTemplatesClient({
        taskTemplatesEndpoint: endpoint,
        ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      });
    } catch {
      return undefined;
    }
    return {
      call: async (method, params = {}) => {
        try {
          return { kind: 'success', data: await client.call(method, params) };
        } catch (cause) {
          const failure =
            cause instanceof ServiceCallError ? cause : await toServiceCallError(cause);
          return {
            kind: 'failure',
            error: {
              type: typeof failure.body['type'] === 'string' ? failure.body['type'] : failure.name,
              message: failure.message,
              stack: [],
              retryStatus: 'none',
              ...(failure.status ? { statusCode: failure.status } : {}),
            },
            data: failure.body,
          };
        }
      },
    };
  }

  private startPolling(): void {
    this.startWebSocket();
    void this.pollForAgent();
    this.pollForAgentConfiguration(true);
    const generation = this.generation;
    this.authCheckTimer = setInterval(() => {
      if (generation === this.generation) this.checkAuthToken();
    }, AUTH_TOKEN_CHECK_INTERVAL_MS);
  }

  /** Calls through the right client and sends `api_metric` for the call. */
  private async callApi(method: string, params: Record<string, unknown>): Promise<CtiOutcome> {
    // The real WorkerClient: agent-app methods to the AgentAppClient, task-template methods to the
    // TaskTemplatesClient, everything else to the CTI client.
    const client = method.startsWith('AgentAppService.')
      ? this.agentAppClient
      : (TASK_TEMPLATES_METHODS as readonly string[]).includes(method)
        ? this.taskTemplatesClient
        : this.client;
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
    this.sendApiMetric(
      method,
      this.now() - started,
      outcome.kind === 'success' ? undefined : outcome.error,
      params,
    );
    return outcome;
  }

  private sendApiMetric(
    method: string,
    time: number,
    error: CtiCallError | undefined,
    params: Record<string, unknown> = {},
  ): void {
    const statusCode = error?.statusCode ?? 200;
    const generic = `${String(statusCode).charAt(0)}XX`;
    const data: Record<string, unknown> = {
      name: method,
      time,
      error,
      error5xx: generic === '5XX' ? 1 : 0,
      dimensions: [{ name: 'Category', value: 'API' }],
      optionalDimensions: [
        { name: 'HttpStatusCode', value: statusCode },
        { name: 'HttpGenericStatusCode', value: generic },
        { name: 'RetryStatus', value: error?.retryStatus ?? 'none' },
      ],
    };
    if (generic === '5XX') data['fault'] = 1;
    else if (generic === '2XX') data['fault'] = 0;
    // The real worker's subset metric for calls made with a relatedContactId.
    if (RELATED_CONTACT_ID_METHODS.has(method) && params['relatedContactId']) {
      this.broadcast('api_metric', {
        name: `${method}WithRelatedContactId`,
        time,
        error,
        error5xx: data['error5xx'],
        dimensions: data['dimensions'],
        optionalDimensions: data['optionalDimensions'],
      });
    }
    this.broadcast('api_metric', data);
  }

  private async pollForAgent(): Promise<void> {
    const generation = this.generation;
    const outcome = await this.callApi('getAgentSnapshot', {
      nextToken: this.nextToken,
      timeout: AGENT_POLL_TIMEOUT_MS,
    });
    if (generation !== this.generation) return;
    switch (outcome.kind) {
      case 'success': {
        const data = isRecord(outcome.data) ? outcome.data : {};
        if (isRecord(data['snapshot'])) {
          this.snapshot = stampSnapshot(data['snapshot'], this.now(), outcome.contentLength);
          this.nextToken = typeof data['nextToken'] === 'string' ? data['nextToken'] : null;
          this.updateAgent();
        }
        this.later(AGENT_POLL_SUCCESS_DELAY_MS, () => void this.pollForAgent());
        break;
      }
      case 'failure':
        this.later(AGENT_POLL_FAILURE_DELAY_MS, () => void this.pollForAgent());
        break;
      case 'authFailure':
        this.broadcast('cti_authorize_retries_exhausted');
        break;
      case 'accessDenied':
        this.broadcast('access_denied');
        break;
    }
  }

  private pollForAgentConfiguration(repeatForever: boolean): void {
    const generation = this.generation;
    void this.callApi('getAgentConfiguration', {}).then((outcome) => {
      if (generation !== this.generation) return;
      if (outcome.kind === 'success') {
        const data = isRecord(outcome.data) ? outcome.data : {};
        const configuration = isRecord(data['configuration']) ? { ...data['configuration'] } : {};
        if (isRecord(configuration['routingProfile'])) {
          configuration['routingProfile'] = { ...configuration['routingProfile'] };
        } else {
          configuration['routingProfile'] = {};
        }
        this.pollConfigurationLists(configuration);
      } else if (outcome.kind === 'authFailure') {
        this.broadcast('cti_authorize_retries_exhausted');
      } else if (outcome.kind === 'accessDenied') {
        this.broadcast('access_denied');
      }
      if (repeatForever && (outcome.kind === 'success' || outcome.kind === 'failure')) {
        this.later(CONFIG_POLL_INTERVAL_MS, () => this.pollForAgentConfiguration(true));
      }
    });
  }

  /** The four paged lists, merged into the configuration; the update goes out when all have arrived. */
  private pollConfigurationLists(configuration: Record<string, unknown>): void {
    const profile = configuration['routingProfile'] as Record<string, unknown>;
    const lists: readonly {
      method: string;
      member: string;
      extra: Record<string, unknown>;
      store: (items: unknown[]) => void;
    }[] = [
      {
        method: 'getAgentPermissions',
        member: 'permissions',
        extra: {},
        store: (i) => (configuration['permissions'] = i),
      },
      {
        method: 'getAgentStates',
        member: 'states',
        extra: {},
        store: (i) => (configuration['agentStates'] = i),
      },
      {
        method: 'getDialableCountryCodes',
        member: 'countryCodes',
        extra: {},
        store: (i) => (configuration['dialableCountries'] = i),
      },
      {
        method: 'getRoutingProfileQueues',
        member: 'queues',
        extra: { routingProfileARN: profile['routingProfileARN'] },
        store: (i) => (profile['queues'] = i),
      },
    ];
    for (const list of lists) void this.pollList(list, configuration, [], null);
  }

  private async pollList(
    list: {
      method: string;
      member: string;
      extra: Record<string, unknown>;
      store: (items: unknown[]) => void;
    },
    configuration: Record<string, unknown>,
    collected: unknown[],
    nextToken: string | null,
  ): Promise<void> {
    const generation = this.generation;
    const outcome = await this.callApi(list.method, {
      ...list.extra,
      nextToken,
      maxResults: CONFIG_LIST_PAGE_SIZE,
    });
    if (generation !== this.generation) return;
    if (outcome.kind === 'authFailure') {
      this.broadcast('cti_authorize_retries_exhausted');
      return;
    }
    if (outcome.kind === 'accessDenied') {
      this.broadcast('access_denied');
      return;
    }
    if (outcome.kind !== 'success') return;
    const data = isRecord(outcome.data) ? outcome.data : {};
    const items = Array.isArray(data[list.member]) ? (data[list.member] as unknown[]) : [];
    const all = collected.concat(items);
    if (typeof data['nextToken'] === 'string' && data['nextToken'] !== '') {
      await this.pollList(list, configuration, all, data['nextToken']);
      return;
    }
    list.store(all);
    this.updateAgentConfiguration(configuration);
  }

  private updateAgentConfiguration(configuration: Record<string, unknown>): void {
    const profile = configuration['routingProfile'];
    if (
      configuration['permissions'] &&
      configuration['dialableCountries'] &&
      configuration['agentStates'] &&
      isRecord(profile) &&
      profile['queues']
    ) {
      this.agentConfiguration = configuration;
      this.updateAgent();
    }
  }

  /** Posts `agent::update {snapshot, configuration}` to every port once both are known. */
  private updateAgent(): void {
    if (!this.snapshot || !this.agentConfiguration) return;
    applyAgentAliases(this.snapshot, this.agentConfiguration);
    this.broadcast(AgentEvents.UPDATE, {
      snapshot: this.disasterRecovery.filter(this.snapshot),
      configuration: this.agentConfiguration,
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
    const tabId = data['tabId'];
    const tabsWithPorts = [...this.portsByTab.values()].filter((ids) => ids.length > 0).length;
    const inTab = this.portsByTab.get(tabId);
    if (inTab && inTab.length > 0) {
      if (inTab.includes(port.id)) return;
      inTab.push(port.id);
      this.broadcast('update_connected_ccps', {
        length: this.ports.size,
        tabId,
        streamsTabsAcrossBrowser: tabsWithPorts,
        [tabId]: { length: inTab.length },
      });
    } else {
      this.portsByTab.set(tabId, [port.id]);
      this.broadcast('update_connected_ccps', {
        length: this.ports.size,
        tabId,
        streamsTabsAcrossBrowser: tabsWithPorts + 1,
        [tabId]: { length: 1 },
      });
    }
  }

  private handleClose(port: ConnectedPort): void {
    this.ports.delete(port.id);
    this.masters.removeMaster(port.id);
    const update: Record<string, unknown> = { length: this.ports.size };
    for (const [tabId, ids] of this.portsByTab) {
      const index = ids.indexOf(port.id);
      if (index >= 0) {
        ids.splice(index, 1);
        update[tabId] = { length: ids.length };
        update['tabId'] = tabId;
      }
    }
    update['streamsTabsAcrossBrowser'] = [...this.portsByTab.values()].filter(
      (ids) => ids.length > 0,
    ).length;
    this.broadcast('update_connected_ccps', update);
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
    if (logs.length === 0 || !this.client) return;
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

  /** Refreshes the token when it expires within 30 min (checked every 5 min). */
  private checkAuthToken(): void {
    const configuration = this.configuration;
    if (!configuration) return;
    if (
      configuration.authTokenExpiration === null ||
      configuration.authTokenExpiration === undefined
    ) {
      return;
    }
    const expiration = new Date(configuration.authTokenExpiration).getTime();
    if (expiration < this.now() + AUTH_TOKEN_REFRESH_WINDOW_MS) {
      this.refreshToken(AUTH_TOKEN_REFRESH_BACKOFF_MS, AUTH_TOKEN_REFRESH_MAX_RETRIES);
    }
  }

  /** One refresh attempt, then exponential backoff with full jitter (the real `connect.backoff`). */
  private refreshToken(intervalMs: number, retriesLeft: number): void {
    const configuration = this.configuration;
    if (!configuration) return;
    const generation = this.generation;
    const endpoint = configuration.authorizeEndpoint ?? '/auth/authorize';
    const authorize =
      this.options.authorize ?? ((url: string) => defaultAuthorize(url, this.options.fetch));
    authorize(endpoint).then(
      (response) => {
        if (generation !== this.generation || !this.configuration) return;
        this.configuration = {
          ...this.configuration,
          authToken: response.accessToken,
          authTokenExpiration: new Date(
            typeof response.expiration === 'number'
              ? response.expiration
              : Date.parse(response.expiration),
          ),
        };
        this.initClients();
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        if (error instanceof HttpStatusError && error.status === 401) {
          this.broadcast('auth_fail');
          return;
        }
        if (retriesLeft > 0) {
          const wait = intervalMs * 2 * (this.options.random ?? Math.random)();
          this.later(wait, () => this.refreshToken(wait * 2, retriesLeft - 1));
        }
      },
    );
  }
}
