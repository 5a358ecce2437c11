import { EventEmitter } from 'eventemitter3';
import { z } from 'zod';
import { defaultAuthorizeEndpoint } from '../auth/authorize';
import { SHARED_WORKER_NAME } from '../constants';
import { missingParamMessage } from '../messages';
import { AgentAppClient } from '../worker/agent-app-client';
import type { PanelPort } from '../worker/panel-port';
import { PanelWorkerEngine } from '../worker/worker-engine';

/**
 * Parameters of {@link initSharedWorker}.
 * @public
 */
export interface InitSharedWorkerParams {
  /** URL of the worker script (one that calls {@link startPanelWorker}). Required. */
  readonly sharedWorkerUrl: string;
  /** The CTI token. Required. */
  readonly authToken: string;
  /** The refresh token. Required. */
  readonly refreshToken: string;
  /** When the CTI token expires (ISO string, epoch ms or `Date`). Required. */
  readonly authTokenExpiration: string | number | Date;
  /** The instance's region. Required. */
  readonly region: string;
  /** CTI endpoint (default `<origin>/api`). */
  readonly endpoint?: string | null;
  /** Authorize endpoint (default `/auth/authorize`, `/connect/auth/authorize` on awsapps.com). */
  readonly authorizeEndpoint?: string | null;
  /** Agent-app endpoint. */
  readonly agentAppEndpoint?: string | null;
  /** Task-templates endpoint. */
  readonly taskTemplatesEndpoint?: string | null;
  /** The auth cookie name the agent-app bearer is keyed by. */
  readonly authCookieName?: string | null;
  /** Long-polling options, passed through. */
  readonly longPollingOptions?: unknown;
  /** Run the engine in this page even when `SharedWorker` exists (default `false`). */
  readonly inPage?: boolean;
  /** Reload the page when the worker answers `terminated` (logout), as the real CCP (default `true`). */
  readonly reloadOnTerminated?: boolean;
  /**
   * Once the agent is known and has the `voiceId` permission, look up the Voice ID domain
   * (`AgentAppService.Acs.listIntegrationAssociations`) and broadcast
   * `voiceId::update_domain_id {domainId}`, as the real CCP (default `true`).
   */
  readonly fetchVoiceIdDomainId?: boolean;
  /** Options for the in-page engine when it is used. */
  readonly engineOptions?: ConstructorParameters<typeof PanelWorkerEngine>[0];
}

const REQUIRED = [
  'sharedWorkerUrl',
  'authToken',
  'refreshToken',
  'authTokenExpiration',
  'region',
] as const;

const paramsSchema = z.object({
  sharedWorkerUrl: z.string().min(1),
  authToken: z.string().min(1),
  refreshToken: z.string().min(1),
  authTokenExpiration: z.union([z.string(), z.number(), z.date()]),
  region: z.string().min(1),
});

/**
 * An error from a CTI call made through the panel session (the worker's `err`, parsed).
 * @public
 */
export class PanelApiError extends Error {
  /** The error as the worker sent it (`{type, message, stack, retryStatus, statusCode}`). */
  readonly detail: unknown;
  /** The data the worker sent along. */
  readonly data: unknown;
  /** An error the worker's API reported (`detail`), for the request `data`. */
  constructor(detail: unknown, data: unknown) {
    const message =
      typeof detail === 'object' && detail !== null && 'message' in detail
        ? String(detail.message)
        : 'CTI call failed';
    super(message);
    this.name = 'PanelApiError';
    this.detail = detail;
    this.data = data;
  }
}

/**
 * Events a panel session delivers: every event name the worker sends (e.g. `agent::update`,
 * `acknowledge`, `auth_fail`), with its data.
 * @public
 */
export type PanelSessionEvents = Record<string, [data: unknown]>;

/**
 * A running CCP side in a panel page: the conduit between the worker (upstream) and the
 * embedding page (downstream, when framed).
 * @public
 */
export interface PanelSession {
  /** The id the worker gave this page's port (after its first `acknowledge`). */
  readonly portStreamId: string | undefined;
  /** Resolves with the port id once the worker has acknowledged this page. */
  readonly ready: Promise<string>;
  /** Where the engine runs: a SharedWorker, or this page when none could be started. */
  readonly transport: 'shared-worker' | 'in-page';
  /** Subscribes to one event from the worker; returns the unsubscribe function. */
  on(event: string, handler: (data: unknown) => void): () => void;
  /** Subscribes to every event from the worker; returns the unsubscribe function. */
  onAll(handler: (event: string, data: unknown) => void): () => void;
  /**
   * Subscribes to one event from the embedding page (downstream, e.g. `configure`, `log`,
   * `outer_context_info`), as the real CCP bridges them into its event bus; returns the
   * unsubscribe function.
   */
  onDownstream(event: string, handler: (data: unknown) => void): () => void;
  /**
   * Asks the worker who is master of a topic (`master_request checkMaster`); the caller becomes
   * master when there is none (unless `shouldNotBecomeMasterIfNone`).
   */
  checkMaster(
    topic: string,
    shouldNotBecomeMasterIfNone?: boolean,
  ): Promise<{ readonly isMaster: boolean; readonly masterId: string | null }>;
  /** Makes this page master of a topic (`master_request becomeMaster`). */
  becomeMaster(topic: string): Promise<void>;
  /** Calls a CTI method through the worker (`api_request`); rejects with {@link PanelApiError}. */
  call(method: string, params?: Record<string, unknown>): Promise<unknown>;
  /** Asks the worker to re-emit an event to every port (`broadcast`). */
  broadcast(event: string, data?: unknown): void;
  /** Sends a raw event up to the worker. */
  sendUpstream(event: string, data?: unknown): void;
  /** Sends a raw event down to the embedding page (when framed). */
  sendDownstream(event: string, data?: unknown): void;
  /** The Voice ID domain id, once looked up or received (`voiceId::update_domain_id`). */
  readonly voiceIdDomainId: string | undefined;
  /** Closes the port and stops relaying; the page can start a new session afterwards. */
  close(): void;
}

let requestCounter = 0;
const randomId = (): string => {
  requestCounter += 1;
  return `${Date.now()}-${Math.random().toString(36).slice(2)}-${requestCounter}`;
};

const TAB_ID_KEY = 'connect-streams-tab-id';

function readTabId(): string {
  try {
    const existing = globalThis.sessionStorage.getItem(TAB_ID_KEY);
    if (existing) return existing;
    const id = randomId();
    globalThis.sessionStorage.setItem(TAB_ID_KEY, id);
    return id;
  } catch {
    return randomId();
  }
}

/** Methods the real CCP page answers itself, not the worker. */
const API_PROXY_METHODS: ReadonlySet<string> = new Set([
  'qrIntegrationExists',
  'qrSearchQuickResponses',
  'startScreenSharing',
]);

/**
 * Starts the CCP side in a panel page (the real `connect.core.initSharedWorker`): creates the
 * SharedWorker (or, where SharedWorker is missing, the same engine in this page), relays every
 * worker message to the embedding page and every embedding-page message to the worker, sends
 * `configure` up, records the port id from the first `acknowledge`, sends `tab_id`, and `close`
 * when the page goes away.
 *
 * @throws `TypeError` with `params.<name> must be provided` when a required parameter is missing.
 * @example
 * ```ts
 * const session = initSharedWorker({ sharedWorkerUrl: './worker.js', authToken, refreshToken,
 *   authTokenExpiration, region: 'us-east-1' });
 * session.on('agent::update', (data) => render(data));
 * ```
 * @public
 */
export function initSharedWorker(params: InitSharedWorkerParams): PanelSession {
  for (const name of REQUIRED) {
    const value = (params as unknown as Record<string, unknown> | null | undefined)?.[name];
    if (value === null || value === undefined || value === '') {
      throw new TypeError(missingParamMessage(`params.${name}`));
    }
  }
  paramsSchema.parse(params);
  const win = globalThis.window;
  const location = globalThis.location;
  const emitter = new EventEmitter<PanelSessionEvents>();
  const downstream = new EventEmitter<PanelSessionEvents>();
  const masterWaiting = new Map<string, (data: unknown) => void>();
  const allHandlers = new Set<(event: string, data: unknown) => void>();
  const pending = new Map<
    string,
    { resolve: (d: unknown) => void; reject: (e: unknown) => void }
  >();

  let port: PanelPort & { close?(): void } = {
    postMessage: () => undefined,
    addEventListener: () => undefined,
  };
  let engine: PanelWorkerEngine | undefined;
  let transport: 'shared-worker' | 'in-page' = 'shared-worker';
  const parent = win.parent !== win ? win.parent : undefined;
  let closed = false;
  let portStreamId: string | undefined;
  let resolveReady: (id: string) => void = () => undefined;
  const ready = new Promise<string>((resolve) => (resolveReady = resolve));

  const sendUpstream = (event: string, data?: unknown): void => {
    if (!closed) port.postMessage(data === undefined ? { event } : { event, data });
  };
  const sendDownstream = (event: string, data?: unknown): void => {
    if (!closed) parent?.postMessage(data === undefined ? { event } : { event, data }, '*');
  };

  const onUpstreamMessage = (message: { readonly data: unknown }): void => {
    const raw = message.data;
    if (closed || typeof raw !== 'object' || raw === null) return;
    const { event, data } = raw as { event?: unknown; data?: unknown };
    if (typeof event !== 'string' || event === '') return;
    // Pass every upstream message downstream, as the real CCP page does.
    parent?.postMessage(raw, '*');
    if (
      event === 'acknowledge' &&
      portStreamId === undefined &&
      typeof data === 'object' &&
      data !== null
    ) {
      const id = (data as { id?: unknown }).id;
      if (typeof id === 'string') {
        portStreamId = id;
        sendUpstream('tab_id', { tabId: readTabId() });
        resolveReady(id);
      }
    }
    if (event === 'master_response' && typeof data === 'object' && data !== null) {
      const { requestId } = data as { requestId?: unknown };
      const waiting = typeof requestId === 'string' ? masterWaiting.get(requestId) : undefined;
      if (waiting && typeof requestId === 'string') {
        masterWaiting.delete(requestId);
        waiting((data as { data?: unknown }).data);
      }
    }
    if (event === 'api_response' && typeof data === 'object' && data !== null) {
      const response = data as { requestId?: unknown; data?: unknown; err?: unknown };
      const waiting =
        typeof response.requestId === 'string' ? pending.get(response.requestId) : undefined;
      if (waiting && typeof response.requestId === 'string') {
        pending.delete(response.requestId);
        if (response.err) {
          let detail: unknown;
          try {
            detail = typeof response.err === 'string' ? JSON.parse(response.err) : response.err;
          } catch {
            detail = response.err;
          }
          waiting.reject(new PanelApiError(detail, response.data));
        } else {
          waiting.resolve(response.data);
        }
      }
    }
    emitter.emit(event, data);
    for (const handler of allHandlers) handler(event, data);
  };
  const attach = (next: PanelPort & { close?(): void }): void => {
    port = next;
    port.addEventListener('message', onUpstreamMessage);
    port.start?.();
  };
  const startInPage = (): void => {
    transport = 'in-page';
    const channel = new MessageChannel();
    engine = new PanelWorkerEngine({ baseUrl: location.href, ...params.engineOptions });
    engine.connect(channel.port2);
    attach(channel.port1);
  };

  /**
   * Answers an API proxy call (quick responses, screen sharing) through the agent-app endpoint, as
   * the real CCP page's `handleApiProxyRequest`: `{data, requestId}` on success, `{err, requestId}`
   * (the error body with its `status`) on failure.
   */
  const answerApiProxyRequest = (data: object): void => {
    const {
      requestId,
      method,
      params: body,
    } = data as {
      requestId?: unknown;
      method: string;
      params?: unknown;
    };
    if (!params.agentAppEndpoint || !params.authCookieName) {
      sendDownstream('api_response', {
        requestId,
        err: { message: `${method} is not supported by this panel`, status: 501 },
      });
      return;
    }
    const client = new AgentAppClient({
      authCookieName: params.authCookieName,
      authToken: params.authToken,
      endpoint: params.agentAppEndpoint,
    });
    void client
      .call(
        method,
        typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {},
      )
      .then((outcome) =>
        sendDownstream(
          'api_response',
          outcome.kind === 'success'
            ? { requestId, data: outcome.data }
            : { requestId, err: ('data' in outcome ? outcome.data : undefined) ?? outcome.error },
        ),
      );
  };

  const onWindowMessage = (message: MessageEvent): void => {
    if (closed || parent === undefined || message.source !== parent) return;
    const raw: unknown = message.data;
    if (typeof raw !== 'object' || raw === null) return;
    const { event, data } = raw as { event?: unknown; data?: unknown };
    if (typeof event !== 'string' || event === '') return;
    if (event === 'api_request' && typeof data === 'object' && data !== null) {
      const request = data as { requestId?: unknown; method?: unknown };
      if (typeof request.method === 'string' && API_PROXY_METHODS.has(request.method)) {
        answerApiProxyRequest(data);
        return;
      }
    }
    downstream.emit(event, data);
    if (event === 'media_device_request') {
      void globalThis.navigator.mediaDevices
        ?.enumerateDevices()
        .then((devices) =>
          sendDownstream(
            'media_device_response',
            devices.map((d) => d.toJSON() as unknown),
          ),
        )
        .catch(() => sendDownstream('media_device_response', []));
      return;
    }
    port.postMessage(raw);
  };
  if (parent) win.addEventListener('message', onWindowMessage);

  const masterRequest = (
    method: string,
    masterParams: Record<string, unknown>,
  ): Promise<unknown> => {
    const requestId = randomId();
    return new Promise((resolve) => {
      masterWaiting.set(requestId, resolve);
      sendUpstream('master_request', {
        event: 'master_request',
        requestId,
        method,
        params: masterParams,
      });
    });
  };

  const onPageHide = (): void => sendUpstream('close');
  win.addEventListener('pagehide', onPageHide);

  const sendConfigure = (): void =>
    sendUpstream('configure', {
      authToken: params.authToken,
      authTokenExpiration: params.authTokenExpiration,
      endpoint: params.endpoint ?? null,
      refreshToken: params.refreshToken,
      region: params.region,
      authorizeEndpoint: params.authorizeEndpoint ?? defaultAuthorizeEndpoint(location.href),
      agentAppEndpoint: params.agentAppEndpoint ?? null,
      taskTemplatesEndpoint: params.taskTemplatesEndpoint ?? null,
      authCookieName: params.authCookieName ?? null,
      longPollingOptions: params.longPollingOptions,
    });
  // As the real initSharedWorker: the Voice ID domain once the agent is known, and a reload on
  // `terminated` (logout).
  let voiceIdDomainId: string | undefined;
  emitter.on('voiceId::update_domain_id', (data) => {
    const domainId = (data as { domainId?: unknown } | null)?.domainId;
    if (typeof domainId === 'string' && domainId !== '') voiceIdDomainId = domainId;
  });
  if (params.fetchVoiceIdDomainId !== false) {
    const onAgent = (data: unknown): void => {
      emitter.off('agent::update', onAgent);
      void lookUpVoiceIdDomain(data);
    };
    emitter.on('agent::update', onAgent);
  }
  const lookUpVoiceIdDomain = async (data: unknown): Promise<void> => {
    const configuration = (data as { configuration?: Record<string, unknown> } | null)
      ?.configuration;
    const permissions = configuration?.['permissions'];
    if (!Array.isArray(permissions) || !permissions.includes('voiceId') || voiceIdDomainId) return;
    const profile = configuration?.['routingProfile'] as
      { routingProfileId?: unknown; routingProfileARN?: unknown } | undefined;
    const id = profile?.routingProfileId ?? profile?.routingProfileARN;
    const arn = typeof id === 'string' ? id : '';
    const instanceId = /instance\/([^/]+)/.exec(arn)?.[1];
    if (!instanceId) return;
    try {
      const result = (await session.call('AgentAppService.Acs.listIntegrationAssociations', {
        InstanceId: instanceId,
        IntegrationType: 'VOICE_ID',
      })) as { IntegrationAssociationSummaryList?: { IntegrationArn?: string }[] } | null;
      const integrationArn = result?.IntegrationAssociationSummaryList?.[0]?.IntegrationArn;
      const domainId = integrationArn?.replace(/^.*domain\//i, '');
      if (!domainId) return;
      voiceIdDomainId = domainId;
      session.broadcast('voiceId::update_domain_id', { domainId });
    } catch {
      // no Voice ID for this instance: nothing to cache
    }
  };
  if (params.reloadOnTerminated !== false) {
    emitter.on('terminated', () => globalThis.location.reload());
  }

  if (!params.inPage && typeof globalThis.SharedWorker === 'function') {
    const worker = new SharedWorker(params.sharedWorkerUrl, SHARED_WORKER_NAME);
    // A SharedWorker may be refused (e.g. a cross-site frame without third-party storage):
    // the same engine then runs in this page.
    worker.addEventListener('error', () => {
      if (portStreamId !== undefined || closed || engine) return;
      startInPage();
      sendConfigure();
    });
    attach(worker.port);
  } else {
    startInPage();
  }
  sendConfigure();

  const session: PanelSession = {
    get portStreamId() {
      return portStreamId;
    },
    get voiceIdDomainId() {
      return voiceIdDomainId;
    },
    ready,
    get transport() {
      return transport;
    },
    on(event, handler) {
      emitter.on(event, handler);
      return () => emitter.off(event, handler);
    },
    onAll(handler) {
      allHandlers.add(handler);
      return () => allHandlers.delete(handler);
    },
    onDownstream(event, handler) {
      downstream.on(event, handler);
      return () => downstream.off(event, handler);
    },
    checkMaster(topic, shouldNotBecomeMasterIfNone = false) {
      return masterRequest('checkMaster', {
        topic,
        ...(shouldNotBecomeMasterIfNone ? { shouldNotBecomeMasterIfNone } : {}),
      }).then((data) => {
        const d = (data ?? {}) as { isMaster?: unknown; masterId?: unknown };
        return {
          isMaster: d.isMaster === true,
          masterId: typeof d.masterId === 'string' ? d.masterId : null,
        };
      });
    },
    becomeMaster(topic) {
      return masterRequest('becomeMaster', { topic }).then(() => undefined);
    },
    call(method, callParams = {}) {
      const requestId = randomId();
      return new Promise((resolve, reject) => {
        pending.set(requestId, { resolve, reject });
        sendUpstream('api_request', {
          event: 'api_request',
          requestId,
          method,
          params: callParams,
        });
      });
    },
    broadcast(event, data) {
      sendUpstream('broadcast', { event, data });
    },
    sendUpstream,
    sendDownstream,
    close() {
      if (closed) return;
      sendUpstream('close');
      closed = true;
      win.removeEventListener('message', onWindowMessage);
      win.removeEventListener('pagehide', onPageHide);
      port.close?.();
      engine?.dispose();
      emitter.removeAllListeners();
      downstream.removeAllListeners();
      masterWaiting.clear();
      allHandlers.clear();
    },
  };
  return session;
}

/**
 * The global scope of a SharedWorker, as far as {@link startPanelWorker} needs it.
 * @public
 */
export interface SharedWorkerScopeLike {
  /** Set to receive connecting pages. */
  onconnect: ((event: { readonly ports: readonly PanelPort[] }) => void) | null;
  /** The worker script's URL, for the default CTI endpoint. */
  readonly location: { readonly href: string };
}

/**
 * Runs the worker engine in a SharedWorker script: every page that connects gets a port on it.
 *
 * @example
 * ```ts
 * // worker.ts, bundled as a classic script
 * import { startPanelWorker } from '@x/connect-streams/panel';
 * startPanelWorker(self as unknown as SharedWorkerScopeLike);
 * ```
 * @public
 */
export function startPanelWorker(
  scope: SharedWorkerScopeLike,
  options: ConstructorParameters<typeof PanelWorkerEngine>[0] = {},
): PanelWorkerEngine {
  const engine = new PanelWorkerEngine({ baseUrl: scope.location.href, ...options });
  scope.onconnect = (event) => {
    const [port] = event.ports;
    if (port) engine.connect(port);
  };
  return engine;
}
