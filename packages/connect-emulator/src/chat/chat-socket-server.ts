import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  CHAT_TOPIC,
  CHAT_WEB_SOCKET_PATH,
  MAX_CHAT_SOCKETS,
  MAX_WS_PAYLOAD_BYTES,
} from '../constants';
import { readChatToken } from '../domain/chat-tokens';
import { requestUrl } from '../lib/http';
import type { ChatDelivery, ChatItem, ChatSessions } from './chat-sessions';

interface ChatSubscriber {
  readonly contactId: string;
  readonly participantId: string;
  subscribed: boolean;
}

/**
 * The chat web socket of the Participant Service (CreateParticipantConnection's `Websocket.Url`):
 * answers `aws/subscribe` (topic `aws/chat`), `aws/heartbeat` and `aws/ping` as the service does,
 * and pushes the chat's items as `{"topic":"aws/chat","contentType":"application/json",
 * "content":"<Item as JSON>"}` to the participant's subscribed sockets. The URL carries the
 * connection token; a socket of an ended chat still connects (chatjs then fetches a new
 * connection and is told the chat ended).
 */
export class ChatSocketServer implements ChatDelivery {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_WS_PAYLOAD_BYTES,
    perMessageDeflate: false,
  });
  private readonly subscribers = new Map<WebSocket, ChatSubscriber>();

  constructor(
    private readonly secret: () => Uint8Array,
    private readonly chats: () => ChatSessions,
  ) {
    this.wss.on('error', () => undefined);
  }

  /** Whether an upgrade request is for the chat socket. */
  static handles(req: IncomingMessage): boolean {
    return requestUrl(req.url)?.pathname === CHAT_WEB_SOCKET_PATH;
  }

  /** Takes over an HTTP upgrade on the chat socket's path. Never throws. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    const refuse = (status: number, type: string, message: string) => {
      const body = JSON.stringify({ message, Message: message });
      socket.end(
        `HTTP/1.1 ${status} ${type}\r\nConnection: close\r\nContent-Type: application/json\r\nx-amzn-ErrorType: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    };
    const token = requestUrl(req.url)?.searchParams.get('token') ?? '';
    const claims = readChatToken(this.secret(), token);
    if (!claims || claims.kind !== 'connection' || !this.chats().get(claims.contactId))
      return refuse(403, 'Forbidden', 'Forbidden');
    if (this.wss.clients.size >= MAX_CHAT_SOCKETS)
      return refuse(503, 'ServiceUnavailable', 'Service Unavailable');
    try {
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        const subscriber: ChatSubscriber = {
          contactId: claims.contactId,
          participantId: claims.participantId,
          subscribed: false,
        };
        this.subscribers.set(ws, subscriber);
        ws.on('error', () => ws.terminate());
        ws.on('close', () => this.subscribers.delete(ws));
        ws.on('message', (raw, isBinary) => {
          if (isBinary) return;
          this.onMessage(ws, subscriber, Buffer.isBuffer(raw) ? raw.toString('utf8') : '');
        });
      });
    } catch {
      socket.destroy();
    }
  }

  private onMessage(ws: WebSocket, subscriber: ChatSubscriber, text: string): void {
    let message: { topic?: unknown; content?: { topics?: unknown } } | null = null;
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object' && !Array.isArray(value)) message = value;
    } catch {
      message = null;
    }
    if (!message || typeof message.topic !== 'string') {
      ws.send(
        JSON.stringify({ message: 'Invalid message', connectionId: 'emulated', requestId: null }),
      );
      return;
    }
    switch (message.topic) {
      case 'aws/heartbeat':
        ws.send(JSON.stringify({ topic: 'aws/heartbeat' }));
        return;
      case 'aws/ping':
        ws.send(JSON.stringify({ topic: 'aws/ping', statusCode: 200 }));
        return;
      case 'aws/subscribe': {
        const asked = Array.isArray(message.content?.topics) ? message.content.topics : [];
        const ok = asked.length > 0 && asked.every((t) => t === CHAT_TOPIC);
        if (ok) subscriber.subscribed = true;
        ws.send(
          JSON.stringify({
            topic: 'aws/subscribe',
            content: {
              status: ok ? 'success' : 'failure',
              topics: asked.filter((t) => typeof t === 'string'),
            },
          }),
        );
        return;
      }
      case 'aws/unsubscribe':
        subscriber.subscribed = false;
        return;
      default:
        ws.send(
          JSON.stringify({ message: 'Forbidden', connectionId: 'emulated', requestId: null }),
        );
    }
  }

  toParticipants(participantIds: readonly string[], item: ChatItem): void {
    const frame = JSON.stringify({
      topic: CHAT_TOPIC,
      contentType: 'application/json',
      content: JSON.stringify(item),
    });
    for (const [ws, s] of this.subscribers)
      if (
        s.subscribed &&
        s.contactId === item.ContactId &&
        participantIds.includes(s.participantId) &&
        ws.readyState === ws.OPEN
      )
        ws.send(frame);
  }

  toAgents(): void {
    // Agents hear the chat on their CTI socket (see AgentSocketServer.publish).
  }

  /** The number of open chat sockets. */
  get size(): number {
    return this.subscribers.size;
  }

  close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    return new Promise((resolve) => this.wss.close(() => resolve()));
  }
}
