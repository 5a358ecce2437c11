// Integration: @x/websocket-manager against the emulator's agent web socket, reached the way the
// Streams worker reaches it (CTI CreateTransport {transportType: 'web_socket'}, then the returned
// ws://127.0.0.1:<port>/ws?token=… URL), with the real `ws` client through the injectable
// constructor. The manager's clock runs 20× faster (injected timers); sockets and HTTP are real.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startEmulator } from '@x/connect-emulator';
import type { Emulator } from '@x/connect-emulator';
import { HEARTBEAT_TOPIC, SUBSCRIBE_TOPIC, createWebSocketManager } from '@x/websocket-manager';
import type {
  SubscriptionResponse,
  WebSocketConnectionConfig,
  WebSocketConstructor,
  WebSocketManager,
} from '@x/websocket-manager';
import { acceleratedClock, until } from '../../packages/websocket-manager/test/clock';

const SPEED = 20;
let emulator: Emulator;
let clock: ReturnType<typeof acceleratedClock>;
let manager: WebSocketManager | undefined;
/** Frames the client sent and received, per socket (in creation order). */
let sockets: Array<{ sent: string[]; received: string[]; socket: WebSocket }>;

/** `ws` with every frame recorded. */
class RecordingWebSocket extends WebSocket {
  constructor(url: string) {
    super(url);
    const record = { sent: [] as string[], received: [] as string[], socket: this as WebSocket };
    sockets.push(record);
    this.addEventListener('message', (event) => record.received.push(event.data as string));
    const send = this.send.bind(this);
    this.send = ((data: string) => {
      record.sent.push(data);
      send(data);
    }) as typeof this.send;
  }
}

/**
 * The transport function, as Streams' worker builds it: CreateTransport on the CTI endpoint with
 * a fresh token; a network failure is reported as `{ _debug: { type: 'NetworkingError' } }`.
 */
async function createTransport(): Promise<WebSocketConnectionConfig> {
  const { accessToken } = emulator.login('jane');
  let response: Response;
  try {
    response = await fetch(emulator.ctiEndpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'AmazonConnectCTIService.CreateTransport',
        'x-amz-bearer': accessToken,
      },
      body: JSON.stringify({
        transportType: 'web_socket',
        authentication: { authToken: accessToken },
      }),
    });
  } catch (error) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- Streams' rejection shape
    throw { reason: 'getWebSocketUrl failed', _debug: { type: 'NetworkingError', error } };
  }
  if (!response.ok)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- Streams' rejection shape
    throw { reason: 'getWebSocketUrl failed', _debug: { status: response.status } };
  return (await response.json()) as WebSocketConnectionConfig;
}

beforeEach(async () => {
  emulator = await startEmulator({ port: 0 });
  clock = acceleratedClock(SPEED);
  sockets = [];
});
afterEach(async () => {
  manager?.closeWebSocket();
  clock.dispose();
  await emulator.close();
});

async function start(): Promise<{ updates: SubscriptionResponse[]; lost: unknown[] }> {
  const updates: SubscriptionResponse[] = [];
  const lost: unknown[] = [];
  manager = createWebSocketManager({
    WebSocket: RecordingWebSocket as unknown as WebSocketConstructor,
    timers: clock.timers,
    now: clock.now,
    isOnline: () => true,
    deepHeartbeat: false,
  });
  manager.onSubscriptionUpdate((r) => updates.push(r));
  manager.onConnectionLost((p) => lost.push(p));
  manager.subscribeTopics(['aws/agent', 'aws/chat']);
  await expect(manager.init(createTransport)).resolves.toEqual({
    webSocketConnectionFailed: false,
  });
  // (A slow answer may be re-sent after the 1000 ms check, so there can be more than one update.)
  await until(() => updates.length >= 1, 'the subscription');
  return { updates, lost };
}

const topicsOf = (frames: string[], topic: string) =>
  frames.map((f) => JSON.parse(f) as { topic: string }).filter((f) => f.topic === topic);

describe('against the emulator web socket (CreateTransport)', () => {
  it('subscribes every topic and stays on one socket while heartbeats are answered', async () => {
    const { updates } = await start();
    expect(updates[0]).toEqual({
      topic: SUBSCRIBE_TOPIC,
      content: { status: 'success', topics: ['aws/agent', 'aws/chat'] },
    });
    expect(sockets[0]!.socket.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/ws\?token=/);
    await until(
      () => topicsOf(sockets[0]!.received, HEARTBEAT_TOPIC).length >= 3,
      'three heartbeat answers',
    );
    expect(sockets).toHaveLength(1);
    expect(manager!.state).toBe('open');
  });

  it('recovers from a server-side close (the emulator goes away and comes back) with no lost subscription', async () => {
    const { updates, lost } = await start();
    const before = updates.length;
    const port = emulator.port;
    await emulator.close(); // terminates the socket; CreateTransport now fails with a network error
    await until(() => lost.length === 1, 'connection lost');
    expect(manager!.state).toBe('lost');
    emulator = await startEmulator({ port });
    await until(() => updates.length > before, 'the resubscription', 15000);
    expect(updates.at(-1)).toEqual({
      topic: SUBSCRIBE_TOPIC,
      content: { status: 'success', topics: ['aws/agent', 'aws/chat'] },
    });
    expect(manager!.state).toBe('open');
    expect(lost).toHaveLength(1);
    const last = sockets.at(-1)!;
    expect(topicsOf(last.sent, SUBSCRIBE_TOPIC)[0]).toEqual({
      topic: SUBSCRIBE_TOPIC,
      content: { topics: ['aws/agent', 'aws/chat'] },
    });
  }, 20000);

  /** Adds a rule through the emulator's fault-injection control API. */
  async function injectFault(rule: Record<string, unknown>): Promise<void> {
    const response = await fetch(`${emulator.url}/control/faults`, {
      method: 'POST',
      headers: emulator.controlHeaders,
      body: JSON.stringify(rule),
    });
    expect(response.status).toBeLessThan(300);
  }

  it('recovers from a missed heartbeat injected by the fault API, with no lost subscription', async () => {
    const { updates, lost } = await start();
    const before = updates.length;
    await injectFault({
      service: 'ws',
      operation: 'heartbeat',
      action: { type: 'miss-heartbeat' },
      count: 1,
    });
    // The unanswered heartbeat makes the manager fetch a new transport and open a second socket;
    // the subscriptions move to it and the old socket is closed with 1000.
    await until(() => sockets.length >= 2, 'a second socket');
    await until(() => updates.length > before, 'the resubscription');
    await until(
      () => sockets[0]!.socket.readyState === WebSocket.CLOSED,
      'the old socket to close',
    );
    expect(updates.at(-1)).toEqual({
      topic: SUBSCRIBE_TOPIC,
      content: { status: 'success', topics: ['aws/agent', 'aws/chat'] },
    });
    expect(lost).toEqual([]); // a handover, not an outage
    expect(manager!.state).toBe('open');
    const fresh = sockets.at(-1)!;
    await until(() => topicsOf(fresh.received, HEARTBEAT_TOPIC).length >= 2, 'answered heartbeats');
  });

  it('recovers from a socket closed by the fault API, with no lost subscription', async () => {
    const { updates, lost } = await start();
    const before = updates.length;
    await injectFault({
      service: 'ws',
      operation: 'heartbeat',
      action: { type: 'close-socket', code: 4001 },
      count: 1,
    });
    await until(() => lost.length === 1, 'connection lost');
    expect(lost[0]).toMatchObject({ code: 4001 });
    await until(() => updates.length > before, 'the resubscription');
    expect(updates.at(-1)).toEqual({
      topic: SUBSCRIBE_TOPIC,
      content: { status: 'success', topics: ['aws/agent', 'aws/chat'] },
    });
    expect(manager!.state).toBe('open');
    expect(sockets.length).toBeGreaterThanOrEqual(2);
  });

  /** A CTI call as jane. */
  async function cti(accessToken: string, operation: string, body: unknown): Promise<unknown> {
    const response = await fetch(emulator.ctiEndpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `AmazonConnectCTIService.${operation}`,
        'x-amz-bearer': accessToken,
      },
      body: JSON.stringify({ ...(body as object), authentication: { authToken: accessToken } }),
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return JSON.parse(text) as unknown;
  }

  it('publishes the contact and agent topics to a subscribed client when a call arrives', async () => {
    const { updates } = await start();
    const contactMessages: { topic: string; content: string }[] = [];
    const agentMessages: { topic: string; content: string }[] = [];
    manager!.onMessage('aws/contact', (m) => contactMessages.push(m as never));
    manager!.onMessage('aws/agent', (m) => agentMessages.push(m as never));
    const before = updates.length;
    manager!.subscribeTopics(['aws/contact']);
    await until(() => updates.length > before, 'the contact topic subscription');

    const { accessToken } = emulator.login('jane');
    await cti(accessToken, 'PutAgentState', { state: { name: 'Available', type: 'routable' } });
    await until(() => agentMessages.length >= 1, 'the agent topic (Available)');
    expect(JSON.parse(agentMessages.at(-1)!.content)).toMatchObject({
      state: { type: 'routable', name: 'Available' },
    });

    const dial = await fetch(`${emulator.url}/control/calls`, {
      method: 'POST',
      headers: emulator.controlHeaders,
      body: JSON.stringify({ to: '+15555550001', from: '+15555551234' }),
    });
    expect(dial.status).toBe(201);
    const { contactId } = (await dial.json()) as { contactId: string };
    await until(() => contactMessages.length >= 1, 'the contact topic');
    const contact = JSON.parse(contactMessages.at(-1)!.content) as Record<string, unknown>;
    expect(contact).toMatchObject({ contactId, type: 'voice', removed: false });
    expect(contactMessages.at(-1)!.topic).toBe('aws/contact');
    // Topics nobody subscribed to are not sent.
    expect(topicsOf(sockets.at(-1)!.received, 'aws/chat')).toEqual([]);
  });
});
