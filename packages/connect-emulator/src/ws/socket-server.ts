import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { socketText } from '../lib/ws-text';
import type { SessionStore } from '../auth/sessions';
import { authorizeOperation, type OperationPolicy } from '../auth/authorization';
import type { ContactCentre } from '../domain/contact-centre';
import { MAX_WS_CONNECTIONS, MAX_WS_PAYLOAD_BYTES, MAX_WS_TOPICS_PER_SOCKET } from '../constants';
import { requestUrl } from '../lib/http';

/** The path of the agent web socket (CreateTransport `web_socket`). */
export const WEB_SOCKET_PATH = '/ws';

/** Close code when the socket's session has ended (logged out or expired). */
const CLOSE_POLICY_VIOLATION = 1008;

/**
 * The authorisation rule of every web-socket message topic the server answers (see
 * {@link authorizeOperation}): each acts on the socket's own agent only.
 * @public
 */
export const WS_OPERATION_POLICIES: Readonly<Record<string, OperationPolicy>> = {
  'aws/subscribe': { kind: 'agent' },
  'aws/unsubscribe': { kind: 'agent' },
  'aws/heartbeat': { kind: 'agent' },
};

/** One open socket: its agent, session and subscribed topics. */
interface Subscriber {
  readonly agentId: string;
  readonly sessionId: string;
  readonly topics: Set<string>;
}

/**
 * The agent web socket: answers `aws/subscribe` with `{status:'success', topics}` and echoes
 * `aws/heartbeat`. Connections need a valid token
 * in the `token` query parameter; every message is checked against the token's session (a socket
 * of an ended session is closed) and the rule of its topic (`WS_OPERATION_POLICIES`). Frames are limited to
 * `MAX_WS_PAYLOAD_BYTES`; a malformed frame closes that socket only.
 * @public
 */
export class AgentSocketServer {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_WS_PAYLOAD_BYTES,
    perMessageDeflate: false,
  });
  /** The agent and subscribed topics of each open socket. */
  private readonly subscribers = new Map<WebSocket, Subscriber>();

  /**
   * @param faults - decides web-socket faults per event (`connect`, `aws/heartbeat`, `aws/subscribe`):
   *   added latency, a closed socket, or no answer (a missed heartbeat).
   * @param centre - the live instance (for the authorisation of each message).
   */
  constructor(
    private readonly sessions: SessionStore,
    private readonly faults?: (operation: string) => {
      latencyMs: number;
      closeCode?: number;
      noAnswer: boolean;
    },
    private readonly centre?: () => ContactCentre,
  ) {
    this.wss.on('error', () => undefined);
    this.wss.on('connection', (socket: WebSocket, _req: unknown, subscriber: Subscriber) =>
      this.serve(socket, subscriber),
    );
  }

  /** Takes over an HTTP upgrade on {@link WEB_SOCKET_PATH}; refuses others. Never throws. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    const url = requestUrl(req.url);
    const token = url?.searchParams.get('token') ?? null;
    const verdict = this.sessions.verify(token);
    const refuse = (status: string): void => {
      const type = `${status.slice(4).replace(/ /g, '')}Exception`;
      const body = JSON.stringify({
        __type: type,
        message: status.slice(4),
        Message: status.slice(4),
      });
      socket.end(
        `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: application/json\r\nx-amzn-ErrorType: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    };
    if (url?.pathname !== WEB_SOCKET_PATH) return refuse('404 Not Found');
    // The handshake itself, checked here so that every refusal is AWS-shaped.
    const key = req.headers['sec-websocket-key'];
    const version = req.headers['sec-websocket-version'];
    if (req.method !== 'GET') return refuse('405 Method Not Allowed');
    if (
      req.headers.upgrade?.toLowerCase() !== 'websocket' ||
      typeof key !== 'string' ||
      !/^[+/0-9A-Za-z]{22}==$/.test(key) ||
      (version !== '13' && version !== '8')
    )
      return refuse('400 Bad Request');
    if (typeof verdict === 'string') return refuse('401 Unauthorized');
    if (this.wss.clients.size >= MAX_WS_CONNECTIONS) return refuse('503 Service Unavailable');
    const subscriber: Subscriber = {
      agentId: verdict.agentId,
      sessionId: verdict.id,
      topics: new Set(),
    };
    try {
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        const fault = this.faults?.('connect');
        if (fault?.closeCode !== undefined) {
          ws.on('error', () => undefined);
          ws.close(fault.closeCode, 'Injected fault');
          return;
        }
        this.wss.emit('connection', ws, req, subscriber);
      });
    } catch {
      socket.destroy();
    }
  }

  private serve(socket: WebSocket, subscriber: Subscriber): void {
    this.subscribers.set(socket, subscriber);
    // A malformed frame (bad opcode, bad UTF-8, oversized, unmasked, …) ends this socket only.
    socket.on('error', () => socket.terminate());
    socket.on('close', () => this.subscribers.delete(socket));
    socket.on('message', (raw, isBinary) => {
      try {
        this.onMessage(socket, subscriber, raw, isBinary);
      } catch {
        socket.terminate();
      }
    });
  }

  private onMessage(
    socket: WebSocket,
    subscriber: Subscriber,
    raw: Buffer | ArrayBuffer | Buffer[],
    isBinary: boolean,
  ): void {
    if (this.sessions.session(subscriber.sessionId) === undefined) {
      socket.close(CLOSE_POLICY_VIOLATION, 'Session ended');
      return;
    }
    const text = isBinary ? null : socketText(raw);
    const message = text === null ? null : parseFrame(text);
    const policy =
      message &&
      typeof message.topic === 'string' &&
      Object.hasOwn(WS_OPERATION_POLICIES, message.topic)
        ? WS_OPERATION_POLICIES[message.topic]
        : undefined;
    if (!message || typeof message.topic !== 'string') {
      socket.send(
        JSON.stringify({ message: 'Invalid message', connectionId: 'emulated', requestId: null }),
      );
      return;
    }
    if (policy === undefined) return; // a topic the service does not answer
    const centre = this.centre?.();
    const agent = centre?.agents.get(subscriber.agentId);
    if (centre && agent) authorizeOperation({ centre }, agent, policy, message.content);
    const topic = message.topic;
    const answer = () => {
      if (socket.readyState !== socket.OPEN) return;
      if (topic === 'aws/heartbeat') socket.send(JSON.stringify({ topic: 'aws/heartbeat' }));
      else if (topic === 'aws/subscribe') {
        const asked = Array.isArray(message.content?.topics) ? message.content.topics : [];
        const topics = asked.filter((t): t is string => typeof t === 'string' && t.length <= 256);
        for (const t of topics)
          if (subscriber.topics.size < MAX_WS_TOPICS_PER_SOCKET) subscriber.topics.add(t);
        socket.send(
          JSON.stringify({ topic: 'aws/subscribe', content: { status: 'success', topics } }),
        );
      } else if (topic === 'aws/unsubscribe') {
        const asked = Array.isArray(message.content?.topics) ? message.content.topics : [];
        for (const t of asked) if (typeof t === 'string') subscriber.topics.delete(t);
      }
    };
    const fault = this.faults?.(topic);
    if (fault === undefined) return answer();
    const act = () => {
      if (fault.closeCode !== undefined) socket.close(fault.closeCode, 'Injected fault');
      else if (!fault.noAnswer) answer();
    };
    if (fault.latencyMs > 0) setTimeout(act, fault.latencyMs);
    else act();
  }

  /** Closes every socket of a session (on logout). */
  closeSession(sessionId: string): void {
    for (const [socket, subscriber] of this.subscribers)
      if (subscriber.sessionId === sessionId) socket.close(CLOSE_POLICY_VIOLATION, 'Logged out');
  }

  /** The number of open sockets. */
  get size(): number {
    return this.subscribers.size;
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
   * `topic` (agent and contact topics are published on changes).
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

  /** Closes every agent socket and stops accepting new ones. */
  close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    return new Promise((resolve) => this.wss.close(() => resolve()));
  }
}

function parseFrame(raw: string): { topic?: unknown; content?: { topics?: unknown } } | null {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}
