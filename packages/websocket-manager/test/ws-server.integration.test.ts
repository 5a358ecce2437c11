// Integration over real sockets: the manager with the `ws` client (through the injectable
// constructor) against a real `ws` server on an ephemeral port. The manager's clock runs 100×
// faster (injected timers), so a 10 s heartbeat takes 100 ms; sockets and network stay real.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createWebSocketManager } from '../src/websocket-manager';
import type { WebSocketConstructor, WebSocketManager } from '../src/types';
import { acceleratedClock, until } from './clock';
import { startConnectWsServer } from './ws-server';
import type { ConnectWsServer } from './ws-server';

const SPEED = 100;
let server: ConnectWsServer;
let clock: ReturnType<typeof acceleratedClock>;
let manager: WebSocketManager;
let fetches: number;
const received: unknown[] = [];

beforeEach(async () => {
  server = await startConnectWsServer();
  clock = acceleratedClock(SPEED);
  fetches = 0;
  received.length = 0;
});
afterEach(async () => {
  manager.closeWebSocket();
  clock.dispose();
  await server.close();
});

async function start(lifetimeSeconds = 3600): Promise<void> {
  manager = createWebSocketManager({
    WebSocket: WebSocket as unknown as WebSocketConstructor,
    timers: clock.timers,
    now: clock.now,
    isOnline: () => true,
  });
  manager.onMessage('aws/agent', (m) => received.push(m.content));
  manager.subscribeTopics(['aws/agent']);
  const result = await manager.init(() => {
    fetches++;
    return Promise.resolve({
      webSocketTransport: { url: server.url, transportLifeTimeInSeconds: lifetimeSeconds },
    });
  });
  expect(result).toEqual({ webSocketConnectionFailed: false });
  await until(() => server.connections[0]?.topics.has('aws/agent') === true, 'the subscription');
}

/** Publishes until one delivery arrives (a subscription is in place on the server). */
async function deliver(content: string): Promise<void> {
  expect(server.publish('aws/agent', content)).toBe(1);
  await until(() => received.includes(content), `delivery of ${content}`);
}

describe('against a real ws server', () => {
  it('subscribes, answers heartbeats and receives topic messages', async () => {
    await start();
    expect(manager.state).toBe('open');
    await deliver('one');
    await until(
      () => server.connections[0]!.frames.filter((f) => f.topic === 'aws/heartbeat').length >= 3,
      'three heartbeats',
    );
    expect(server.connections).toHaveLength(1);
    expect(received).toEqual(['one']);
  });

  it('recovers from a server-side close with no lost subscription', async () => {
    await start();
    const lost: unknown[] = [];
    manager.onConnectionLost((p) => lost.push(p));
    await deliver('before');
    server.connections[0]!.socket.close(1001, 'going away');
    await until(
      () => server.connections[1]?.topics.has('aws/agent') === true,
      'the resubscription',
    );
    expect(lost).toEqual([expect.objectContaining({ code: 1001, reason: 'going away' })]);
    expect(fetches).toBe(2);
    await deliver('after');
    expect(received).toEqual(['before', 'after']);
    expect(manager.state).toBe('open');
  });

  it('recovers from a missed heartbeat (the server stops answering) with no lost subscription', async () => {
    await start();
    await deliver('before');
    server.answerHeartbeat = false;
    await until(() => server.connections.length === 2, 'a new connection');
    server.answerHeartbeat = true;
    await until(() => server.connections[1]!.topics.has('aws/agent'), 'the resubscription');
    // The silent connection was handed over and closed by the client with 1000.
    await until(() => server.connections[0]!.socket.readyState === 3, 'the old socket to close');
    await deliver('after');
    expect(received).toEqual(['before', 'after']);
    expect(manager.state).toBe('open');
  });

  it('hands over to a new socket at the end of the transport lifetime and closes the old one', async () => {
    await start(300); // 300 s at 100× = 3 s
    await deliver('before');
    await until(() => server.connections.length === 2, 'the secondary', 10000);
    await until(() => server.connections[0]!.socket.readyState === 3, 'the old socket to close');
    expect(server.connections[1]!.topics).toEqual(new Set(['aws/agent']));
    await deliver('after');
    expect(received).toEqual(['before', 'after']);
  }, 15000);
});
