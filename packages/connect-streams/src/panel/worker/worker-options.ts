// The options of the panel worker engine, and what it calls CTI methods through.
import type { AuthorizeResponse, SharedWorkerConfig } from '../../protocol';
import type { WebSocketManager } from '@x/websocket-manager/bridge';
import type { CtiOutcome } from '../cti/cti-client';
import type { FetchFunction } from '../http/fetch-with-retry';

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
