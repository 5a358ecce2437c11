import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { serve } from '../../test/support/serve';
import { ContactEventHub, type ContactEvent, type ContactEventSnapshot } from './contact-events';
import { createEventsRouter } from './events-routes';
import { WebhookDispatcher } from './webhook-dispatcher';

const T0 = Date.UTC(2026, 0, 1, 0, 0, 30);
const instance = { instanceId: 'i-1', region: 'us-east-1', accountId: '111122223333' };
const base: ContactEventSnapshot = {
  contactId: 'c-1',
  channel: 'VOICE',
  initiationMethod: 'INBOUND',
  initiationMs: T0,
};

/** Walks a typical inbound call through the hub. */
function inboundCall(hub: ContactEventHub, contactId = 'c-1'): void {
  const c = { ...base, contactId };
  hub.observe(c);
  hub.observe({ ...c, queueId: 'q1', enqueueMs: T0 + 10_000 });
  hub.observe({
    ...c,
    queueId: 'q1',
    enqueueMs: T0 + 10_000,
    agentId: 'u-1',
    connectedToAgentMs: T0 + 30_000,
  });
  hub.observe({
    ...c,
    queueId: 'q1',
    enqueueMs: T0 + 10_000,
    agentId: 'u-1',
    connectedToAgentMs: T0 + 30_000,
    attributes: { a: '1' },
  });
  const ended = {
    ...c,
    queueId: 'q1',
    enqueueMs: T0 + 10_000,
    agentId: 'u-1',
    connectedToAgentMs: T0 + 30_000,
    attributes: { a: '1' },
    disconnectMs: T0 + 90_000,
  };
  hub.observe(ended);
  hub.observe({ ...ended, completed: true });
}

const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('contact events', () => {
  it('a typical inbound call gives INITIATED, QUEUED, CONNECTED_TO_AGENT, CONTACT_DATA_UPDATED, DISCONNECTED, COMPLETED', () => {
    const hub = new ContactEventHub({ instance, now: () => T0 + 90_000 });
    inboundCall(hub);
    expect(hub.since(0).map((p) => p.event.detail.eventType)).toEqual([
      'INITIATED',
      'QUEUED',
      'CONNECTED_TO_AGENT',
      'CONTACT_DATA_UPDATED',
      'DISCONNECTED',
      'COMPLETED',
    ]);
  });

  it('builds the EventBridge envelope with ISO timestamps, ARNs and resources', () => {
    const hub = new ContactEventHub({ instance, now: () => T0 + 30_000 });
    inboundCall(hub);
    const connected = hub
      .since(0)
      .find((p) => p.event.detail.eventType === 'CONNECTED_TO_AGENT')!.event;
    const arn = 'arn:aws:connect:us-east-1:111122223333:instance/i-1';
    expect(connected).toMatchObject({
      version: '0',
      'detail-type': 'Amazon Connect Contact Event',
      source: 'aws.connect',
      account: '111122223333',
      region: 'us-east-1',
      time: '2026-01-01T00:01:00Z',
      resources: [`${arn}/contact/c-1`, arn],
      detail: {
        eventType: 'CONNECTED_TO_AGENT',
        contactId: 'c-1',
        channel: 'VOICE',
        initiationMethod: 'INBOUND',
        instanceArn: arn,
        initiationTimestamp: '2026-01-01T00:00:30.000Z',
        agentInfo: {
          agentArn: `${arn}/agent/u-1`,
          connectedToAgentTimestamp: '2026-01-01T00:01:00.000Z',
        },
        queueInfo: {
          queueArn: `${arn}/queue/q1`,
          queueType: 'STANDARD',
          enqueueTimestamp: '2026-01-01T00:00:40.000Z',
        },
        tags: { 'aws:connect:instanceId': 'i-1' },
      },
    });
    const updated = hub
      .since(0)
      .find((p) => p.event.detail.eventType === 'CONTACT_DATA_UPDATED')!.event;
    expect(updated.detail.updatedProperties).toEqual(['Attributes']);
  });

  it('gives each event a stable UUID: the same contact history yields the same ids', () => {
    const a = new ContactEventHub({ instance });
    const b = new ContactEventHub({ instance });
    inboundCall(a);
    inboundCall(b);
    const ids = a.since(0).map((p) => p.event.id);
    expect(ids).toEqual(b.since(0).map((p) => p.event.id));
    expect(new Set(ids).size).toBe(6);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('webhook delivery', () => {
  /** A receiver that fails the first `failures` requests with 500. */
  async function receiver(failures: number) {
    const received: { event: ContactEvent; attempt: string; eventIdHeader: string }[] = [];
    let failed = 0;
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const event = JSON.parse(body) as ContactEvent;
        if (failed < failures) {
          failed += 1;
          res.writeHead(500).end();
          return;
        }
        received.push({
          event,
          attempt: String(req.headers['x-connect-emulator-delivery-attempt']),
          eventIdHeader: String(req.headers['x-connect-emulator-event-id']),
        });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => server.close(r)));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
  }

  it('retries a failing webhook with exponential backoff and delivers every event once, in order per contact', async () => {
    const hook = await receiver(3);
    const delays: number[] = [];
    const dispatcher = new WebhookDispatcher({
      sleep: (ms) => (delays.push(ms), Promise.resolve()),
    });
    const hub = new ContactEventHub({ instance });
    hub.onEvent((p) => dispatcher.enqueue(p));
    dispatcher.add(hook.url);
    inboundCall(hub, 'c-1');
    inboundCall(hub, 'c-2');
    await dispatcher.whenIdle();
    const types = (contactId: string) =>
      hook.received
        .filter((r) => r.event.detail.contactId === contactId)
        .map((r) => r.event.detail.eventType);
    const order = [
      'INITIATED',
      'QUEUED',
      'CONNECTED_TO_AGENT',
      'CONTACT_DATA_UPDATED',
      'DISCONNECTED',
      'COMPLETED',
    ];
    expect(types('c-1')).toEqual(order);
    expect(types('c-2')).toEqual(order);
    // Three failures spread over the two contacts' lanes: each retry waits a backoff step.
    expect(delays).toHaveLength(3);
    for (const d of delays) expect([500, 1000, 2000]).toContain(d);
    const retried = hook.received.filter((r) => r.attempt !== '1');
    expect(retried.length).toBeGreaterThan(0);
    for (const r of hook.received) expect(r.eventIdHeader).toBe(r.event.id);
    const failedAttempts = dispatcher.attempts.filter((a) => !a.ok);
    expect(failedAttempts).toHaveLength(3);
    expect(failedAttempts.every((a) => a.status === 500 && a.retryInMs !== undefined)).toBe(true);
  });

  it('backs off 500, 1000, 2000 ms for one event that fails three times', async () => {
    const hook = await receiver(3);
    const delays: number[] = [];
    const dispatcher = new WebhookDispatcher({
      sleep: (ms) => (delays.push(ms), Promise.resolve()),
    });
    dispatcher.add(hook.url);
    const hub = new ContactEventHub({ instance });
    hub.onEvent((p) => dispatcher.enqueue(p));
    hub.observe(base);
    await dispatcher.whenIdle();
    expect(delays).toEqual([500, 1000, 2000]);
    expect(hook.received.map((r) => r.attempt)).toEqual(['4']);
  });

  it('gives an event up after maxAttempts and goes on with the next one', async () => {
    const hook = await receiver(2);
    const dispatcher = new WebhookDispatcher({
      retry: { maxAttempts: 2 },
      sleep: () => Promise.resolve(),
    });
    dispatcher.add(hook.url);
    const hub = new ContactEventHub({ instance });
    hub.onEvent((p) => dispatcher.enqueue(p));
    hub.observe(base);
    hub.observe({ ...base, queueId: 'q1', enqueueMs: T0 });
    await dispatcher.whenIdle();
    expect(hook.received.map((r) => r.event.detail.eventType)).toEqual(['QUEUED']);
    expect(dispatcher.attempts.filter((a) => a.gaveUp).map((a) => a.eventType)).toEqual([
      'INITIATED',
    ]);
  });

  it('streams events as server-sent events and manages webhooks through the control API', async () => {
    const hub = new ContactEventHub({ instance });
    const dispatcher = new WebhookDispatcher({ sleep: () => Promise.resolve() });
    const router = createEventsRouter(hub, dispatcher);
    const server = await serve(router);
    closers.push(() => server.close());
    closers.push(() => router.closeStreams());
    hub.observe(base);
    const res = await fetch(`${server.url}/control/events/stream?since=0`);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    hub.observe({ ...base, queueId: 'q1', enqueueMs: T0 });
    let text = '';
    while (!text.includes('event: QUEUED'))
      text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toMatch(/id: 1\nevent: INITIATED\ndata: \{/);
    expect(text).toMatch(/id: 2\nevent: QUEUED\ndata: \{/);
    await reader.cancel();
    const added = await fetch(`${server.url}/control/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/x' }),
    });
    expect(added.status).toBe(201);
    const list = (await (await fetch(`${server.url}/control/webhooks`)).json()) as {
      webhooks: { id: string }[];
    };
    expect(list.webhooks).toHaveLength(1);
    expect(
      (await fetch(`${server.url}/control/webhooks/${list.webhooks[0]!.id}`, { method: 'DELETE' }))
        .status,
    ).toBe(200);
    const events = (await (await fetch(`${server.url}/control/events?since=1`)).json()) as {
      events: unknown[];
    };
    expect(events.events).toHaveLength(1);
  });
});
