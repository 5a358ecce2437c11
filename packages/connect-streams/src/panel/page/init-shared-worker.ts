// The CCP side in a panel page (the real `connect.core.initSharedWorker`): the conduit between the
// worker engine (upstream) and the embedding page (downstream).
import { EventEmitter } from 'eventemitter3';
import { z } from 'zod';
import { defaultAuthorizeEndpoint } from '../auth/authorize';
import { SHARED_WORKER_NAME } from '../constants';
import { missingParamMessage } from '../messages';
import type { PanelWorkerEngine } from '../worker/worker-engine';
import { routeDownstreamMessage, type DownstreamRoutes } from './downstream-messages';
import { readTabId } from './panel-ids';
import { PanelRequests } from './panel-requests';
import { VoiceIdDomain } from './voice-id-domain';
import { WorkerLink } from './worker-link';

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

/** The `configure` data the page sends up to the worker, from the session's parameters. */
function configureData(params: InitSharedWorkerParams, href: string): Record<string, unknown> {
  return {
    authToken: params.authToken,
    authTokenExpiration: params.authTokenExpiration,
    endpoint: params.endpoint ?? null,
    refreshToken: params.refreshToken,
    region: params.region,
    authorizeEndpoint: params.authorizeEndpoint ?? defaultAuthorizeEndpoint(href),
    agentAppEndpoint: params.agentAppEndpoint ?? null,
    taskTemplatesEndpoint: params.taskTemplatesEndpoint ?? null,
    authCookieName: params.authCookieName ?? null,
    longPollingOptions: params.longPollingOptions,
  };
}

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
  const allHandlers = new Set<(event: string, data: unknown) => void>();

  const parent = win.parent !== win ? win.parent : undefined;
  let closed = false;
  let portStreamId: string | undefined;
  let resolveReady: (id: string) => void = () => undefined;
  const ready = new Promise<string>((resolve) => (resolveReady = resolve));

  const sendUpstream = (event: string, data?: unknown): void => {
    if (!closed) link.post(data === undefined ? { event } : { event, data });
  };
  const sendDownstream = (event: string, data?: unknown): void => {
    if (!closed) parent?.postMessage(data === undefined ? { event } : { event, data }, '*');
  };
  const requests = new PanelRequests(sendUpstream);

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
    requests.settle(event, data);
    emitter.emit(event, data);
    for (const handler of allHandlers) handler(event, data);
  };
  const link = new WorkerLink(onUpstreamMessage);
  const engineOptions = () => ({ baseUrl: location.href, ...params.engineOptions });

  const downstreamRoutes: DownstreamRoutes = {
    params,
    sendDownstream,
    emit: (event, data) => downstream.emit(event, data),
    forward: (raw) => link.post(raw),
  };
  const onWindowMessage = (message: MessageEvent): void => {
    if (closed || parent === undefined || message.source !== parent) return;
    routeDownstreamMessage(message.data, downstreamRoutes);
  };
  if (parent) win.addEventListener('message', onWindowMessage);

  const onPageHide = (): void => sendUpstream('close');
  win.addEventListener('pagehide', onPageHide);

  const sendConfigure = (): void => sendUpstream('configure', configureData(params, location.href));
  // As the real initSharedWorker: the Voice ID domain once the agent is known, and a reload on
  // `terminated` (logout).
  const voiceIdDomain = new VoiceIdDomain(emitter, params.fetchVoiceIdDomainId !== false, {
    call: (method, callParams) => requests.call(method, callParams),
    broadcast: (event, data) => sendUpstream('broadcast', { event, data }),
  });
  if (params.reloadOnTerminated !== false) {
    emitter.on('terminated', () => globalThis.location.reload());
  }

  if (!params.inPage && typeof globalThis.SharedWorker === 'function') {
    const worker = new SharedWorker(params.sharedWorkerUrl, SHARED_WORKER_NAME);
    // A SharedWorker may be refused (e.g. a cross-site frame without third-party storage):
    // the same engine then runs in this page.
    worker.addEventListener('error', () => {
      if (portStreamId !== undefined || closed || link.inPageEngine) return;
      link.startInPage(engineOptions());
      sendConfigure();
    });
    link.attach(worker.port);
  } else {
    link.startInPage(engineOptions());
  }
  sendConfigure();

  const session: PanelSession = {
    get portStreamId() {
      return portStreamId;
    },
    get voiceIdDomainId() {
      return voiceIdDomain.domainId;
    },
    ready,
    get transport() {
      return link.transport;
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
      return requests.checkMaster(topic, shouldNotBecomeMasterIfNone);
    },
    becomeMaster(topic) {
      return requests.becomeMaster(topic);
    },
    call(method, callParams = {}) {
      return requests.call(method, callParams);
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
      link.close();
      emitter.removeAllListeners();
      downstream.removeAllListeners();
      requests.clearMasterWaiting();
      allHandlers.clear();
    },
  };
  return session;
}
