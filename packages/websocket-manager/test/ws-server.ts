// A small real web-socket server (the `ws` package) speaking the Amazon Connect protocol:
// answers aws/subscribe, echoes aws/heartbeat (switchable, to inject a missed heartbeat), and
// publishes topic messages to the sockets subscribed to them.
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';

/** One client connection as the server sees it. */
export interface Connection {
  readonly socket: WebSocket;
  readonly topics: Set<string>;
  readonly frames: Array<{ topic?: string; content?: { topics?: string[] } }>;
}

/** A started server; `url` is a `ws://127.0.0.1:<port>/` URL (accepted for local development). */
export interface ConnectWsServer {
  readonly url: string;
  readonly connections: Connection[];
  /** Whether heartbeats are answered (false: the server goes silent on them). */
  answerHeartbeat: boolean;
  publish(topic: string, content: unknown): number;
  close(): Promise<void>;
}

/** Starts a server on an ephemeral port of 127.0.0.1. */
export async function startConnectWsServer(): Promise<ConnectWsServer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const connections: Connection[] = [];
  const server: ConnectWsServer = {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/`,
    connections,
    answerHeartbeat: true,
    publish(topic, content) {
      let sent = 0;
      for (const c of connections)
        if (c.socket.readyState === 1 && c.topics.has(topic)) {
          c.socket.send(JSON.stringify({ topic, contentType: 'application/json', content }));
          sent++;
        }
      return sent;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of connections) c.socket.terminate();
        wss.close(() => resolve());
      }),
  };
  wss.on('connection', (socket) => {
    const connection: Connection = { socket, topics: new Set(), frames: [] };
    connections.push(connection);
    socket.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString('utf8')) as Connection['frames'][number];
      connection.frames.push(frame);
      if (frame.topic === 'aws/subscribe') {
        const topics = frame.content?.topics ?? [];
        topics.forEach((t) => connection.topics.add(t));
        socket.send(
          JSON.stringify({ topic: 'aws/subscribe', content: { status: 'success', topics } }),
        );
      } else if (frame.topic === 'aws/heartbeat' && server.answerHeartbeat) {
        socket.send(JSON.stringify({ topic: 'aws/heartbeat' }));
      }
    });
  });
  return server;
}
