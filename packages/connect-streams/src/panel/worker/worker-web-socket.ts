// The worker's web socket: opened through `createTransport {transportType: 'web_socket'}`, as the
// real worker's `getWebSocketUrl`, and bridged to every port (the `webSocket::` events).
import { createWebSocketManager } from '@x/websocket-manager';
import {
  bridgeWebSocketManager,
  type WebSocketConnectionConfig,
  type WebSocketManager,
} from '@x/websocket-manager/bridge';
import { EventType } from '../../protocol';
import type { CtiOutcome } from '../cti/cti-client';
import type { PanelWorkerEngineOptions } from './worker-options';

/** What the web socket needs of the engine. */
export interface WorkerWebSocketHost {
  /** Calls a method through the engine's clients (with its metric). */
  callApi(method: string, params: Record<string, unknown>): Promise<CtiOutcome>;
  /** Sends an event to every port. */
  broadcast(event: string, data?: unknown): void;
  /** Listens to one event from any port; returns the unsubscribe function. */
  onAnyPort(event: string, handler: (data: unknown) => void): () => void;
}

/** The engine's web-socket manager and its bridge to the ports. */
export class WorkerWebSocket {
  private readonly host: WorkerWebSocketHost;
  private readonly createManager: PanelWorkerEngineOptions['createWebSocketManager'];
  private manager: WebSocketManager | undefined;
  private stopBridge: (() => void) | undefined;

  /** A web socket made with the engine's `createWebSocketManager` option. */
  constructor(
    host: WorkerWebSocketHost,
    createManager: PanelWorkerEngineOptions['createWebSocketManager'],
  ) {
    this.host = host;
    this.createManager = createManager;
  }

  /** Opens the web socket through `createTransport` and bridges it to every port. */
  start(): void {
    const factory =
      this.createManager === undefined ? () => createWebSocketManager() : this.createManager;
    if (factory === false || this.manager) return;
    const manager = factory();
    this.manager = manager;
    this.stopBridge = bridgeWebSocketManager(manager, {
      send: (event, data) => this.host.broadcast(event, data),
      on: (event, handler) => this.host.onAnyPort(event, handler),
    });
    void manager.init(() => this.getWebSocketUrl()).catch(() => undefined);
  }

  /** `createTransport {transportType: 'web_socket'}`, as the real worker's `getWebSocketUrl`. */
  private async getWebSocketUrl(): Promise<WebSocketConnectionConfig> {
    const outcome = await this.host.callApi('createTransport', { transportType: 'web_socket' });
    switch (outcome.kind) {
      case 'success':
        return outcome.data as WebSocketConnectionConfig;
      case 'failure':
        throw Object.assign(new Error('getWebSocketUrl failed'), {
          reason: 'getWebSocketUrl failed',
          _debug: outcome.error,
        });
      case 'authFailure':
        this.host.broadcast(EventType.AUTH_FAIL);
        throw new Error('Authentication failed while getting getWebSocketUrl');
      case 'accessDenied':
        this.host.broadcast(EventType.ACCESS_DENIED);
        throw new Error('Access Denied Failure while getting getWebSocketUrl');
    }
  }

  /** Stops the bridge and terminates the manager (the engine was disposed). */
  stop(): void {
    this.stopBridge?.();
    this.stopBridge = undefined;
    this.manager?.terminate('terminated');
    this.manager = undefined;
  }
}
