/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-explicit-any -- JSON bodies of the wire under test */
import { ConnectClient, MonitorContactCommand } from '@aws-sdk/client-connect';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { THIRD_PARTY_ANSWER_MS } from '../src/constants';
import { ManualClock, startHarness, type Harness } from './helpers';

let h: Harness;
let clock: ManualClock;
let john: string;
let ana: string;
beforeEach(async () => {
  clock = new ManualClock(Date.UTC(2026, 0, 1, 9));
  h = await startHarness({ clock });
  john = h.emulator.login('john').accessToken;
  ana = h.emulator.login('ana').accessToken;
});
afterEach(() => h.close());

const snapshotOf = async (token?: string) =>
  (await h.cti('GetAgentSnapshot', { timeout: 0 }, token ? { token } : {})).body.snapshot;
const contactOf = async (token?: string) => (await snapshotOf(token)).contacts[0];
const stateOf = async (token?: string) => {
  const s = (await snapshotOf(token)).state;
  return `${s.type}/${s.name}`;
};
const available = (token?: string) =>
  h.cti(
    'PutAgentState',
    { state: { name: 'Available', type: 'routable' } },
    token ? { token } : {},
  );

/** A connected inbound call to jane (john is offline so jane takes it); returns its id. */
async function liveCall() {
  expect((await available()).status).toBe(200);
  expect((await h.control('POST', '/control/calls', { to: '+15555550001' })).status).toBe(201);
  const contact = await contactOf();
  expect((await h.cti('AcceptContact', { contactId: contact.contactId })).status).toBe(200);
  return contact.contactId as string;
}

/** jane's quick connect to john, as GetEndpoints lists it. */
async function johnEndpoint() {
  const r = await h.cti('GetEndpoints', { queueARNs: [] });
  return r.body.endpoints.find((e: any) => e.type === 'agent');
}

const leg = (contact: any, pred: (c: any) => boolean) => contact.connections.find(pred);

describe('transfer to an agent quick connect', () => {
  it('CreateAdditionalConnection to an agent offers the call to that agent, who accepts; jane hangs up (blind transfer) and goes to AfterCallWork', async () => {
    const contactId = await liveCall();
    await available(john);
    const endpoint = await johnEndpoint();
    expect((await h.cti('CreateAdditionalConnection', { contactId, endpoint })).status).toBe(200);

    // john is offered the call as a new contact, as on the real service: its own id, initiated
    // by transfer from jane's contact; his own leg is an agent leg, connecting.
    const offered = await contactOf(john);
    const johnContactId = offered.contactId as string;
    expect(johnContactId).not.toBe(contactId);
    expect(offered.initialContactId).toBe(contactId);
    expect(offered.initiationMethod).toBe('transfer');
    expect((await contactOf()).contactId).toBe(contactId);
    expect(offered.state.type).toBe('connecting');
    expect(leg(offered, (c) => c.type === 'agent').state.type).toBe('connecting');
    expect(await stateOf(john)).toBe('system/PendingBusy');
    // jane sees john as a third party with the quick connect name; the customer is held.
    const janeView = await contactOf();
    expect(leg(janeView, (c) => c.type === 'outbound')).toMatchObject({
      quickConnectName: endpoint.name,
      state: { type: 'connecting' },
    });
    expect(leg(janeView, (c) => c.initial).state.type).toBe('hold');

    // Blind transfer: jane hangs up her own leg; she goes to after-call work, the call goes on.
    const janeLeg = leg(janeView, (c) => c.type === 'agent').connectionId;
    expect((await h.cti('DestroyConnection', { contactId, connectionId: janeLeg })).status).toBe(
      200,
    );
    expect((await contactOf()).state.type).toBe('ended');
    expect(await stateOf()).toBe('system/AfterCallWork');

    // The transfer's new contact is john's: jane's id does not name it for him.
    expect((await h.cti('AcceptContact', { contactId }, { token: john })).status).toBe(404);
    expect(
      (await h.cti('AcceptContact', { contactId: johnContactId }, { token: john })).status,
    ).toBe(200);
    const accepted = await contactOf(john);
    expect(accepted.state.type).toBe('connected');
    expect(leg(accepted, (c) => c.type === 'agent').state.type).toBe('connected');
    expect(leg(accepted, (c) => c.initial).state.type).toBe('connected');
    expect(await stateOf(john)).toBe('system/Busy');

    // jane clears her after-call work; john keeps talking to the customer.
    expect((await h.cti('ClearContact', { contactId })).status).toBe(200);
    expect((await snapshotOf()).contacts).toHaveLength(0);
    expect((await contactOf(john)).state.type).toBe('connected');
    await h.control('POST', `/control/contacts/${contactId}/hangup`);
  });

  it('TransferContact transfers blind in one call: the agent leaves at once, the other agent accepts and talks to the customer', async () => {
    const contactId = await liveCall();
    await available(john);
    const endpoint = await johnEndpoint();
    expect((await h.cti('TransferContact', { contactId, endpoint }, { auth: false })).status).toBe(
      200,
    );
    expect(await stateOf()).toBe('system/AfterCallWork');
    const offered = await contactOf(john);
    expect(offered.state.type).toBe('connecting');
    expect(offered.contactId).not.toBe(contactId);
    expect(
      (await h.cti('AcceptContact', { contactId: offered.contactId }, { token: john })).status,
    ).toBe(200);
    const view = await contactOf(john);
    expect(leg(view, (c) => c.initial).state.type).toBe('connected');
    expect(leg(view, (c) => c.type === 'outbound').state.type).toBe('disconnected');
  });

  it('TransferContact to a queue quick connect: the agent leaves, the customer and the queue party go on', async () => {
    const contactId = await liveCall();
    const endpoints = (await h.cti('GetEndpoints', { queueARNs: [] })).body.endpoints;
    const queue = endpoints.find((e: any) => e.type === 'queue');
    expect(
      (await h.cti('TransferContact', { contactId, endpoint: queue }, { auth: false })).status,
    ).toBe(200);
    expect(await stateOf()).toBe('system/AfterCallWork');
    const view = await contactOf();
    expect(leg(view, (c) => c.initial).state.type).toBe('connected');
    expect(leg(view, (c) => c.type === 'outbound').state.type).toBe('connecting');
  });

  it('AddNewConnection adds a participant like CreateAdditionalConnection (warm transfer: the customer is held)', async () => {
    const contactId = await liveCall();
    const r = await h.cti(
      'AddNewConnection',
      { contactId, endpoint: { type: 'phone_number', phoneNumber: '+15555550199' } },
      { auth: false },
    );
    expect(r.status).toBe(200);
    clock.advance(THIRD_PARTY_ANSWER_MS);
    const view = await contactOf();
    expect(leg(view, (c) => c.initial).state.type).toBe('hold');
    expect(leg(view, (c) => c.type === 'outbound').state.type).toBe('connected');
  });

  it('a transfer offer the other agent rejects is withdrawn; jane keeps the call', async () => {
    const contactId = await liveCall();
    await available(john);
    await h.cti('CreateAdditionalConnection', { contactId, endpoint: await johnEndpoint() });
    const offered = (await contactOf(john)).contactId;
    expect((await h.cti('RejectContact', { contactId: offered }, { token: john })).status).toBe(
      200,
    );
    expect((await snapshotOf(john)).contacts).toHaveLength(0);
    const view = await contactOf();
    expect(view.state.type).toBe('connected');
    expect(view.connections.some((c: any) => c.type === 'outbound')).toBe(false);
  });

  it('an agent quick connect to an offline agent is a BadEndpointException', async () => {
    const contactId = await liveCall();
    const r = await h.cti('CreateAdditionalConnection', {
      contactId,
      endpoint: await johnEndpoint(),
    });
    expect(r.body.__type).toBe('BadEndpointException');
  });
});

describe('supervisor monitoring (MonitorContact, UpdateMonitorParticipantState)', () => {
  async function monitor(contactId: string, caps: ('SILENT_MONITOR' | 'BARGE')[]) {
    const client = new ConnectClient({
      endpoint: h.emulator.url,
      region: 'us-east-1',
      credentials: h.emulator.adminCredentials,
      maxAttempts: 1,
    });
    try {
      return await client.send(
        new MonitorContactCommand({
          InstanceId: h.emulator.centre.instanceId,
          ContactId: contactId,
          UserId: h.emulator.centre.agentByUsername('ana')!.id,
          AllowedMonitorCapabilities: caps,
        }),
      );
    } finally {
      client.destroy();
    }
  }

  it('MonitorContact delivers a silent monitoring connection to the supervisor; the agent does not see it', async () => {
    const contactId = await liveCall();
    const out = await monitor(contactId, ['SILENT_MONITOR', 'BARGE']);
    expect(out.ContactId).toBe(contactId);
    const view = await contactOf(ana);
    expect(view.contactId).toBe(contactId);
    const mine = leg(view, (c) => c.type === 'monitoring');
    expect(mine).toMatchObject({
      state: { type: 'silent_monitor' },
      monitorStatus: 'SILENT_MONITOR',
      monitorCapabilities: ['SILENT_MONITOR', 'BARGE'],
      monitoringInfo: { agent: { agentName: 'Ana Silva' } },
    });
    expect(typeof mine.monitoringInfo.joinTimeStamp).toBe('number');
    expect(leg(view, (c) => c.type === 'agent')).toBeUndefined();
    expect((await contactOf()).connections.some((c: any) => c.type === 'monitoring')).toBe(false);
  });

  it('UpdateMonitorParticipantState switches to barge (the agent now sees the supervisor) and back', async () => {
    const contactId = await liveCall();
    await monitor(contactId, ['SILENT_MONITOR', 'BARGE']);
    const barge = await h.cti(
      'UpdateMonitorParticipantState',
      { contactId, targetMonitorMode: 'barge' },
      { token: ana, auth: false },
    );
    expect(barge.status).toBe(200);
    expect(leg(await contactOf(ana), (c) => c.type === 'monitoring')).toMatchObject({
      state: { type: 'barge' },
      monitorStatus: 'BARGE',
    });
    expect(leg(await contactOf(), (c) => c.type === 'monitoring')).toMatchObject({
      state: { type: 'barge' },
      monitorStatus: 'BARGE',
    });
    await h.cti(
      'UpdateMonitorParticipantState',
      { contactId, targetMonitorMode: 'SILENT_MONITOR' },
      { token: ana, auth: false },
    );
    expect(leg(await contactOf(ana), (c) => c.type === 'monitoring').state.type).toBe(
      'silent_monitor',
    );
  });

  it('a mode outside the allowed capabilities is refused', async () => {
    const contactId = await liveCall();
    await monitor(contactId, ['SILENT_MONITOR']);
    const r = await h.cti(
      'UpdateMonitorParticipantState',
      { contactId, targetMonitorMode: 'BARGE' },
      { token: ana, auth: false },
    );
    expect(r.body.__type).toBe('AccessDeniedException');
    expect(r.body.message).toMatch(/^invalid_target_state/);
  });

  it('the supervisor leaves (DestroyConnection of the monitoring leg) and the call goes on', async () => {
    const contactId = await liveCall();
    await monitor(contactId, ['SILENT_MONITOR', 'BARGE']);
    const mine = leg(await contactOf(ana), (c) => c.type === 'monitoring').connectionId;
    expect(
      (await h.cti('DestroyConnection', { contactId, connectionId: mine }, { token: ana })).status,
    ).toBe(200);
    expect((await contactOf()).state.type).toBe('connected');
    expect((await contactOf(ana)).state.type).toBe('ended');
    expect((await h.cti('ClearContact', { contactId }, { token: ana, auth: false })).status).toBe(
      200,
    );
    expect((await snapshotOf(ana)).contacts).toHaveLength(0);
    expect((await contactOf()).state.type).toBe('connected');
  });
});

describe('tasks (CreateTaskContact)', () => {
  it('a task for an agent quick connect is offered to that agent, who accepts, ends and clears it', async () => {
    await available(john);
    const endpoint = await johnEndpoint();
    const r = await h.cti(
      'CreateTaskContact',
      {
        endpoint,
        name: 'Call back Mrs Smith',
        description: 'About her refund',
        references: { ticket: { type: 'URL', value: 'https://example.com/t/1' } },
      },
      { auth: false },
    );
    expect(r.status).toBe(200);
    const contactId = r.body.contactId as string;
    const offered = await contactOf(john);
    expect(offered).toMatchObject({
      contactId,
      type: 'task',
      name: 'Call back Mrs Smith',
      description: 'About her refund',
      references: { ticket: { type: 'URL', value: 'https://example.com/t/1' } },
      state: { type: 'connecting' },
    });
    expect((await h.cti('AcceptContact', { contactId }, { token: john })).status).toBe(200);
    expect((await contactOf(john)).state.type).toBe('connected');
    const own = leg(await contactOf(john), (c) => c.type === 'agent').connectionId;
    expect(
      (await h.cti('DestroyConnection', { contactId, connectionId: own }, { token: john })).status,
    ).toBe(200);
    expect((await contactOf(john)).state.type).toBe('ended');
    expect((await h.cti('ClearContact', { contactId }, { token: john, auth: false })).status).toBe(
      200,
    );
    expect((await snapshotOf(john)).contacts).toHaveLength(0);
  });

  it('a task for a queue quick connect waits in that queue and is routed to an available agent', async () => {
    const endpoints = (await h.cti('GetEndpoints', { queueARNs: [] })).body.endpoints;
    const queue = endpoints.find((e: any) => e.type === 'queue');
    const r = await h.cti(
      'CreateTaskContact',
      { endpoint: queue, name: 'Follow up' },
      { auth: false },
    );
    expect(r.status).toBe(200);
    expect((await snapshotOf(ana)).contacts).toHaveLength(0);
    await available(ana);
    const offered = await contactOf(ana);
    expect(offered).toMatchObject({ contactId: r.body.contactId, type: 'task' });
    expect(offered.queue.name).toBe('Sales');
  });

  it('a task for a phone number is a BadEndpointException', async () => {
    const r = await h.cti(
      'CreateTaskContact',
      { endpoint: { type: 'phone_number', phoneNumber: '+15555550199' }, name: 't' },
      { auth: false },
    );
    expect(r.body.__type).toBe('BadEndpointException');
  });
});
