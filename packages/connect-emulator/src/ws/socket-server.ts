import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { SessionStore } from '../auth/sessions';

/** The path of the agent web socket (CreateTransport `web_socket`). */
export const WEB_SOCKET_PATH = '/ws';

/**
 * The agent web socket: answers `aws/subscribe` with `{status:'success', topics}` and echoes
 * `aws/heartbeat` (reference connect-sdk-websocket-voiceid §2.4). Connections need a valid token
 * in the `token` query parameter.
 * @public
 */
export class AgentSocketServer {
  private readonly wss = new WebSocketServer({ noServer: true });
  /** The agent and subscribed topics of each open socket. */
  private readonly subscribers = new Map<WebSocket, { agentId: string; topics: Set<string> }>();

  /**
   * @param faults - decides web-socket faults per event (`connect`, `aws/heartbeat`, `aws/subscribe`):
   *   added latency, a closed socket, or no answer (a missed heartbeat).
   */
  constructor(
    private readonly sessions: SessionStore,
    private readonly faults?: (operation: string) => {
      latencyMs: number;
      closeCode?: number;
      noAnswer: boolean;
    },
  ) {
    this.wss.on('connection', (socket: WebSocket, _req: unknown, agentId: string) =>
      this.serve(socket, agentId),
    );
  }

  /** Takes over an HTTP upgrade on {@link WEB_SOCKET_PATH}; refuses others. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const verdict = this.sessions.verify(url.searchParams.get('token'));
    if (url.pathname !== WEB_SOCKET_PATH || typeof verdict === 'string') {
      socket.end(
        `HTTP/1.1 ${url.pathname === WEB_SOCKET_PATH ? '401 Unauthorized' : '404 Not Found'}\r\nConnection: close\r\n\r\n`,
      );
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const fault = this.faults?.('connect');
      if (fault?.closeCode !== undefined) {
        ws.close(fault.closeCode, 'Injected fault');
        return;
      }
      this.wss.emit('connection', ws, req, verdict.agentId);
    });
  }

  private serve(socket: WebSocket, agentId: string): void {
    const subscriber = { agentId, topics: new Set<string>() };
    this.subscribers.set(socket, subscriber);
    socket.on('close', () => this.subscribers.delete(socket));
    socket.on('message', (raw) => {
      const message = parseFrame(
        Buffer.isBuffer(raw)
          ? raw.toString('utf8')
          : Buffer.concat(Array.isArray(raw) ? raw : [Buffer.from(raw)]).toString('utf8'),
      );
      if (!message || typeof message.topic !== 'string') {
        socket.send(
          JSON.stringify({ message: 'Invalid message', connectionId: 'emulated', requestId: null }),
        );
        return;
      }
      const answer = () => {
        if (message.topic === 'aws/heartbeat')
          socket.send(JSON.stringify({ topic: 'aws/heartbeat' }));
        else if (message.topic === 'aws/subscribe') {
          const topics = Array.isArray(message.content?.topics) ? message.content.topics : [];
          for (const topic of topics) if (typeof topic === 'string') subscriber.topics.add(topic);
          socket.send(
            JSON.stringify({ topic: 'aws/subscribe', content: { status: 'success', topics } }),
          );
        }
      };
      const fault = this.faults?.(message.topic);
      if (fault === undefined) return answer();
      const act = () => {
        if (fault.closeCode !== undefined) socket.close(fault.closeCode, 'Injected fault');
        else if (!fault.noAnswer && socket.readyState === socket.OPEN) answer();
      };
      if (fault.latencyMs > 0) setTimeout(act, fault.latencyMs);
      else act();
    });
  }

  /** Sends `{topic, content}` to every open socket. */
  broadcast(topic: string, content: unknown): void {
    const frame = JSON.stringify({
      topic,
      contentType: 'application/json',
      content: JSON.stringify(content),
    });
    for (const client of this.wss.clients)
      if (client.readyState === client.OPEN) client.send(frame);
  }

  /**
   * Sends `{topic, contentType, content}` to the open sockets of these agents that subscribed to
   * `topic` (issue 7 §6: agent and contact topics published on changes).
   */
  publish(topic: string, agentIds: Iterable<string>, content: unknown): void {
    const agents = new Set(agentIds);
    const frame = JSON.stringify({
      topic,
      contentType: 'application/json',
      content: JSON.stringify(content),
    });
    for (const [client, subscriber] of this.subscribers)
      if (
        agents.has(subscriber.agentId) &&
        subscriber.topics.has(topic) &&
        client.readyState === client.OPEN
      )
        client.send(frame);
  }

  close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    return new Promise((resolve) => this.wss.close(() => resolve()));
  }
}

function parseFrame(raw: string): { topic?: unknown; content?: { topics?: unknown } } | null {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}
