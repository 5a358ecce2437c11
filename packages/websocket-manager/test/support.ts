// Test fixtures (not exported from the package): a mock-socket server that speaks the
// Amazon Connect web-socket protocol, and a manager wired to it with fake timers.
import { Server, WebSocket as MockWebSocket } from 'mock-socket';
import { vi } from 'vitest';
import { createWebSocketManager } from '../src/websocket-manager';
import type {
  WebSocketConnectionConfig,
  WebSocketConstructor,
  WebSocketManager,
  WebSocketManagerOptions,
} from '../src/types';

/** A client socket as the mock server sees it. */
export interface ServerSocket {
  readonly index: number;
  /** Frames received from the client, parsed. */
  readonly received: Array<{ topic: string; content?: { topics?: string[] } }>;
  /** When each frame was received (fake time). */
  readonly receivedAt: number[];
  /** Topics this socket is subscribed to on the server. */
  readonly topics: Set<string>;
  send(frame: unknown): void;
  close(code?: number, reason?: string): void;
  closed: boolean;
}

/** A mock-socket server answering aws/subscribe and echoing aws/heartbeat (both switchable). */
export class FakeConnectServer {
  readonly server: Server;
  readonly sockets: ServerSocket[] = [];
  answerSubscribe: 'success' | 'failure' | 'none' = 'success';
  answerHeartbeat = true;
  pingStatus: number | null = 200;

  constructor(readonly url: string) {
    this.server = new Server(url);
    this.server.on('connection', (raw) => {
      const socket: ServerSocket = {
        index: this.sockets.length,
        received: [],
        receivedAt: [],
        topics: new Set(),
        closed: false,
        send: (frame) => raw.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
        close: (code, reason) => {
          socket.closed = true;
          raw.close({ code: code ?? 1000, reason: reason ?? '', wasClean: true });
        },
      };
      this.sockets.push(socket);
      raw.on('close', () => (socket.closed = true));
      raw.on('message', (data) => {
        const frame = JSON.parse(data as string) as ServerSocket['received'][number];
        socket.received.push(frame);
        socket.receivedAt.push(Date.now());
        if (frame.topic === 'aws/subscribe' && this.answerSubscribe !== 'none') {
          const topics = frame.content?.topics ?? [];
          if (this.answerSubscribe === 'success') for (const t of topics) socket.topics.add(t);
          socket.send({
            topic: 'aws/subscribe',
            content: { status: this.answerSubscribe, topics },
          });
        } else if (frame.topic === 'aws/heartbeat' && this.answerHeartbeat) {
          socket.send({ topic: 'aws/heartbeat' });
        } else if (frame.topic === 'aws/ping' && this.pingStatus !== null) {
          socket.send({ topic: 'aws/ping', statusCode: this.pingStatus, statusContent: 'ok' });
        }
      });
    });
  }

  /** Publishes a topic message to every open socket subscribed to the topic. */
  publish(topic: string, content: unknown): void {
    for (const s of this.sockets)
      if (!s.closed && s.topics.has(topic))
        s.send({ topic, contentType: 'application/json', content });
  }

  /** Frames of one topic received by the server, per socket index. */
  framesOf(
    topic: string,
  ): Array<{ socket: number; at: number; frame: ServerSocket['received'][number] }> {
    return this.sockets
      .flatMap((s) =>
        s.received
          .map((frame, k) => ({ socket: s.index, at: s.receivedAt[k] ?? 0, frame }))
          .filter((f) => f.frame.topic === topic),
      )
      .sort((a, b) => a.at - b.at);
  }

  stop(): void {
    this.server.stop();
  }
}

/** The mock-socket client constructor, typed for the manager. */
export const MockSocket = MockWebSocket as unknown as WebSocketConstructor;

/** A valid configuration for a URL. */
export const configFor = (url: string, lifetimeSeconds = 300): WebSocketConnectionConfig => ({
  webSocketTransport: { url, transportLifeTimeInSeconds: lifetimeSeconds },
});

/** Advances fake time (and flushes promise callbacks on the way). */
export const tick = (ms: number): Promise<void> => vi.advanceTimersByTimeAsync(ms).then(() => {});

/** A manager on mock-socket with a controllable network and a transport spy. */
export function createTestManager(
  url: string,
  options: WebSocketManagerOptions & { lifetimeSeconds?: number } = {},
) {
  const network = { online: true };
  const transport = vi.fn(() => Promise.resolve(configFor(url, options.lifetimeSeconds)));
  const manager: WebSocketManager = createWebSocketManager({
    WebSocket: MockSocket,
    isOnline: () => network.online,
    random: () => 0.9,
    ...options,
  });
  return { manager, transport, network };
}
