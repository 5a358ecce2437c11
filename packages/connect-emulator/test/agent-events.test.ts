/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-call -- JSON bodies of the wire under test */
// Agent events: an agent's status change (the CCP's PutAgentState) and its calls give STATE_CHANGE
// records in the agent event stream's shape (Amazon Connect's Kinesis records), POSTed to the
// agent-event webhooks registered through the control API, in order per agent.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAgentEvent, type AgentEventView } from '../src/events/agent-events';
import { startHarness, type Harness } from './helpers';

const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A receiver of webhook POSTs on a free port. */
async function receiver(): Promise<{ url: string; bodies: any[]; next(): Promise<any> }> {
  const bodies: any[] = [];
  const waiters: ((b: any) => void)[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => resolve(text));
    });
  const server = createServer((req, res) => {
    void read(req).then((text) => {
      const body = JSON.parse(text);
      bodies.push(body);
      waiters.shift()?.(body);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  let taken = 0;
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent-events`,
    bodies,
    next: () =>
      taken < bodies.length
        ? Promise.resolve(bodies[taken++])
        : new Promise((resolve) => {
            waiters.push((b) => {
              taken++;
              resolve(b);
            });
          }),
  };
}

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('agent events (agent event stream records)', () => {
  it('an agent going Available then Offline gives STATE_CHANGE records with the current and previous snapshots', async () => {
    const h: Harness = await startHarness({ seed: 'demo', rateLimit: null });
    closers.push(() => h.close());
    const hook = await receiver();
    const added = await h.control('POST', '/control/agent-event-webhooks', { url: hook.url });
    expect(added.status).toBe(201);
    expect((await h.control('GET', '/control/agent-event-webhooks')).body.webhooks).toHaveLength(1);

    const routable = await h.cti('PutAgentState', {
      state: { name: 'Available', type: 'routable' },
    });
    expect(routable.status).toBe(200);
    let record = await hook.next();
    while (record.CurrentAgentSnapshot.AgentStatus.Name !== 'Available') record = await hook.next();

    const agent = h.emulator.centre.agentByUsername('jane')!;
    const instanceArn = h.emulator.instanceArn;
    const accountId = instanceArn.split(':')[4];
    expect(record).toMatchObject({
      AWSAccountId: accountId,
      AgentARN: `${instanceArn}/agent/${agent.id}`,
      EventType: 'STATE_CHANGE',
      InstanceARN: instanceArn,
      Version: '2019-05-25',
      CurrentAgentSnapshot: {
        AgentStatus: {
          ARN: expect.stringMatching(new RegExp(`^${instanceArn}/agent-state/`)),
          Name: 'Available',
          Type: 'ROUTABLE',
        },
        Configuration: {
          Username: 'jane',
          RoutingProfile: {
            ARN: expect.stringMatching(new RegExp(`^${instanceArn}/routing-profile/`)),
            Concurrency: expect.arrayContaining([
              expect.objectContaining({ Channel: 'VOICE', MaximumSlots: 1, AvailableSlots: 1 }),
            ]),
          },
        },
        Contacts: [],
      },
    });
    expect(record.EventId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(record.EventTimestamp).toMatch(ISO_MS);
    expect(record.CurrentAgentSnapshot.AgentStatus.StartTimestamp).toMatch(ISO_MS);

    await h.cti('PutAgentState', { state: { name: 'Offline', type: 'offline' } });
    const offline = await hook.next();
    expect(offline.CurrentAgentSnapshot.AgentStatus).toMatchObject({
      Name: 'Offline',
      Type: 'OFFLINE',
    });
    expect(offline.PreviousAgentSnapshot.AgentStatus.Name).toBe('Available');
    expect(offline.EventId).not.toBe(record.EventId);
    // A snapshot read changes nothing: no record.
    await h.cti('GetAgentSnapshot', {});
    const attempts = (await h.control('GET', '/control/agent-event-webhooks/attempts')).body
      .attempts as { ok: boolean }[];
    expect(attempts.length).toBe(hook.bodies.length);
    expect(attempts.every((a) => a.ok)).toBe(true);
  });

  it('a contact the agent handles is in the snapshot (state, channel, queue)', async () => {
    const h = await startHarness({ seed: 'demo', rateLimit: null });
    closers.push(() => h.close());
    const hook = await receiver();
    await h.control('POST', '/control/agent-event-webhooks', { url: hook.url });
    await h.cti('PutAgentState', { state: { name: 'Available', type: 'routable' } });
    const contact = h.emulator.centre.dialIn('+15555550001', '+15555550123');
    for (;;) {
      const r = await hook.next();
      const mine = r.CurrentAgentSnapshot.Contacts.find((c: any) => c.ContactId === contact.id);
      if (mine) {
        expect(mine).toMatchObject({ Channel: 'VOICE', InitiationMethod: 'INBOUND' });
        expect(typeof mine.State).toBe('string');
        expect(mine.Queue?.Name).toBeTruthy();
        break;
      }
    }
  });

  it('builds the documented record fields, nothing else', () => {
    const view: AgentEventView = {
      agentId: 'u-1',
      username: 'ana',
      firstName: 'Ana',
      lastName: 'Silva',
      status: { id: 's-1', name: 'Break', type: 'CUSTOM', sinceMs: Date.UTC(2026, 0, 1) },
      routingProfile: {
        id: 'rp-1',
        name: 'Basic',
        concurrency: { VOICE: 1 },
        inboundQueues: [{ id: 'q-1', name: 'BasicQueue' }],
        defaultOutboundQueue: { id: 'q-1', name: 'BasicQueue' },
      },
      autoAccept: false,
      contacts: [],
    };
    const record = buildAgentEvent(
      { instanceId: 'i-1', region: 'us-east-1', accountId: '111122223333' },
      'STATE_CHANGE',
      view,
      undefined,
      { seqForAgent: 1, timeMs: Date.UTC(2026, 0, 1, 0, 1) },
    );
    expect(Object.keys(record).sort()).toEqual([
      'AWSAccountId',
      'AgentARN',
      'CurrentAgentSnapshot',
      'EventId',
      'EventTimestamp',
      'EventType',
      'InstanceARN',
      'PreviousAgentSnapshot',
      'Version',
    ]);
    expect(record.PreviousAgentSnapshot).toBeNull();
    expect(record.CurrentAgentSnapshot?.AgentStatus).toEqual({
      ARN: 'arn:aws:connect:us-east-1:111122223333:instance/i-1/agent-state/s-1',
      Name: 'Break',
      StartTimestamp: '2026-01-01T00:00:00.000Z',
      Type: 'CUSTOM',
    });
    // Not routable: no slot is available.
    expect(record.CurrentAgentSnapshot?.Configuration.RoutingProfile.Concurrency).toEqual([
      { Channel: 'VOICE', MaximumSlots: 1, AvailableSlots: 0 },
    ]);
  });
});
