/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-explicit-any -- JSON bodies of the wire under test */
// Where a transfer goes. A queue quick connect waits in its queue and is routed to an
// available agent of that queue; an agent quick connect to a busy agent waits for that agent; a
// missed transfer offer puts the agent in MissedCallAgent; a transferred call goes on after the
// first agent has cleared it, with its contact events in order.
import { ConnectClient, GetCurrentUserDataCommand } from '@aws-sdk/client-connect';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { THIRD_PARTY_ANSWER_MS } from '../src/constants';
import { ManualClock, startHarness, type Harness } from './helpers';

const MISSED_MS = 5_000;
let h: Harness;
let clock: ManualClock;
let john: string;
let ana: string;
beforeEach(async () => {
  clock = new ManualClock(Date.UTC(2026, 0, 1, 9));
  h = await startHarness({ clock, missedCallTimeoutMs: MISSED_MS });
  john = h.emulator.login('john').accessToken;
  ana = h.emulator.login('ana').accessToken;
});
afterEach(() => h.close());

const as = (token?: string) => (token ? { token } : {});
const snapshotOf = async (token?: string) =>
  (await h.cti('GetAgentSnapshot', { timeout: 0 }, as(token))).body.snapshot;
const contactsOf = async (token?: string) => (await snapshotOf(token)).contacts as any[];
const contactOf = async (token?: string) => (await contactsOf(token))[0];
const stateOf = async (token?: string) => {
  const s = (await snapshotOf(token)).state;
  return `${s.type}/${s.name}`;
};
const setState = (name: string, token?: string) =>
  h.cti(
    'PutAgentState',
    { state: { name, type: name === 'Available' ? 'routable' : 'not_routable' } },
    as(token),
  );
const leg = (contact: any, pred: (c: any) => boolean) => contact.connections.find(pred);
const endpoint = async (type: 'queue' | 'agent', token?: string) =>
  ((await h.cti('GetEndpoints', { queueARNs: [] }, as(token))).body.endpoints as any[]).find(
    (e) => e.type === type,
  );

/** A connected inbound call to jane (the only available agent); returns its id. */
async function janeCall(to = '+15555550001') {
  expect((await setState('Available')).status).toBe(200);
  const dial = await h.control('POST', '/control/calls', { to });
  expect(dial.status).toBe(201);
  const contactId = dial.body.contactId as string;
  expect((await h.cti('AcceptContact', { contactId })).status).toBe(200);
  return contactId;
}

const eventTypes = async (contactId: string) =>
  ((await h.control('GET', `/control/events?contactId=${contactId}`)).body.events as any[]).map(
    (e) => e.event.detail.eventType as string,
  );

describe('transfer to a queue quick connect', () => {
  it('waits in the queue while no agent of it is available, then is offered to the agent who becomes available', async () => {
    const contactId = await janeCall();
    clock.advance(10_000); // jane talks, then transfers
    const queue = await endpoint('queue');
    expect(
      (await h.cti('TransferContact', { contactId, endpoint: queue }, { auth: false })).status,
    ).toBe(200);
    expect(await stateOf()).toBe('system/AfterCallWork');
    expect(await contactsOf(ana)).toHaveLength(0);
    clock.advance(60_000); // nobody available: it keeps waiting (no simulated party answers)
    expect(leg(await contactOf(), (c) => c.type === 'outbound').state.type).toBe('connecting');

    expect((await setState('Available', ana)).status).toBe(200);
    // A new contact for ana, initiated by the transfer from jane's contact.
    const offered = await contactOf(ana);
    expect(offered.contactId).not.toBe(contactId);
    expect(offered.initialContactId).toBe(contactId);
    expect(offered.state.type).toBe('connecting');
    expect(leg(offered, (c) => c.type === 'agent').state.type).toBe('connecting');
    expect(await stateOf(ana)).toBe('system/PendingBusy');
    // ana sees the call in the queue it was transferred to, queued since the transfer.
    expect(offered.queue).toEqual({ queueARN: queue.queue.queueARN, name: 'Sales' });
    expect(offered.initiationMethod).toBe('transfer');
    expect((await contactOf()).initiationMethod).toBe('inbound');
    expect(offered.queueTimestamp).toBeGreaterThan((await contactOf()).queueTimestamp);

    expect((await h.cti('AcceptContact', { contactId: offered.contactId }, as(ana))).status).toBe(
      200,
    );
    const talking = await contactOf(ana);
    expect(talking.state.type).toBe('connected');
    expect(leg(talking, (c) => c.initial).state.type).toBe('connected');
    expect(await stateOf(ana)).toBe('system/Busy');
    // jane sees the queue party connected before she clears her after-call work.
    expect(leg(await contactOf(), (c) => c.type === 'outbound')).toMatchObject({
      quickConnectName: queue.name,
      state: { type: 'connected' },
    });
  });

  it('is offered only to an agent whose routing profile serves the queue', async () => {
    await h.close();
    h = await startHarness({
      clock,
      missedCallTimeoutMs: MISSED_MS,
      seed: {
        agentStates: [
          { name: 'Available', type: 'routable' },
          { name: 'Offline', type: 'offline' },
        ],
        queues: [{ name: 'BasicQueue' }, { name: 'Sales' }],
        routingProfiles: [
          { name: 'Basic', queues: ['BasicQueue'] },
          { name: 'Sales', queues: ['Sales'] },
        ],
        agents: [
          { username: 'jane', name: 'Jane Doe', routingProfile: 'Basic' },
          { username: 'john', name: 'John Roe', routingProfile: 'Basic' },
          { username: 'ana', name: 'Ana Silva', routingProfile: 'Sales' },
        ],
        phoneNumbers: [{ number: '+15555550001', queue: 'BasicQueue' }],
        quickConnects: [{ type: 'queue', name: 'Sales queue', queue: 'Sales' }],
      },
    });
    john = h.emulator.login('john').accessToken;
    ana = h.emulator.login('ana').accessToken;
    const contactId = await janeCall();
    await setState('Available', john);
    await h.cti('CreateAdditionalConnection', { contactId, endpoint: await endpoint('queue') });
    expect(await contactsOf(john)).toHaveLength(0);
    await setState('Available', ana);
    expect((await contactOf(ana)).initialContactId).toBe(contactId);
  });

  it('a warm transfer: the queue agent joins while jane is on, she conferences and leaves, the call goes on', async () => {
    const contactId = await janeCall();
    await setState('Available', ana);
    await h.cti('CreateAdditionalConnection', { contactId, endpoint: await endpoint('queue') });
    const offered = await contactOf(ana);
    expect(offered.state.type).toBe('connecting');
    await h.cti('AcceptContact', { contactId: offered.contactId }, as(ana));
    const janeView = await contactOf();
    expect(leg(janeView, (c) => c.initial).state.type).toBe('hold');
    expect(leg(janeView, (c) => c.type === 'outbound').state.type).toBe('connected');
    expect((await h.cti('ConferenceConnections', { contactId })).status).toBe(200);
    const own = leg(janeView, (c) => c.type === 'agent').connectionId;
    await h.cti('DestroyConnection', { contactId, connectionId: own });
    expect(await stateOf()).toBe('system/AfterCallWork');
    const anaView = await contactOf(ana);
    expect(anaView.state.type).toBe('connected');
    expect(leg(anaView, (c) => c.initial).state.type).toBe('connected');
  });

  it('a missed queue transfer offer puts that agent in MissedCallAgent and goes back to the queue for the next agent', async () => {
    const contactId = await janeCall();
    await setState('Available', ana);
    await h.cti(
      'TransferContact',
      { contactId, endpoint: await endpoint('queue') },
      { auth: false },
    );
    expect((await contactOf(ana)).state.type).toBe('connecting');
    clock.advance(MISSED_MS);
    expect(await stateOf(ana)).toBe('error/MissedCallAgent');
    const missed = await contactOf(ana);
    expect(missed).toMatchObject({ initialContactId: contactId, state: { type: 'missed' } });
    expect(missed.contactId).not.toBe(contactId);
    // Not offered to ana again; john takes it when he becomes available.
    await setState('Available', john);
    // The transfer's contact goes back to its queue: john is offered the same (new) contact.
    const offered = await contactOf(john);
    expect(offered).toMatchObject({ contactId: missed.contactId, state: { type: 'connecting' } });
    await setState('Available', ana);
    expect(await contactsOf(ana)).toHaveLength(0);
    expect((await h.cti('AcceptContact', { contactId: offered.contactId }, as(john))).status).toBe(
      200,
    );
    expect(await stateOf(john)).toBe('system/Busy');
  });

  it('a rejected queue transfer offer goes back to the queue without an error state', async () => {
    const contactId = await janeCall();
    await setState('Available', ana);
    await h.cti(
      'TransferContact',
      { contactId, endpoint: await endpoint('queue') },
      { auth: false },
    );
    const offered = (await contactOf(ana)).contactId;
    expect((await h.cti('RejectContact', { contactId: offered }, as(ana))).status).toBe(200);
    expect(await stateOf(ana)).toBe('routable/Available');
    await setState('Available', john);
    expect((await contactOf(john)).contactId).toBe(offered);
  });
});

describe('transfer to a busy agent', () => {
  it('is queued for that agent (not refused) and offered once the agent is free', async () => {
    const first = await janeCall();
    // john takes a second call.
    await setState('Available', john);
    const dial = await h.control('POST', '/control/calls', { to: '+15555550001' });
    const second = dial.body.contactId as string;
    await h.cti('AcceptContact', { contactId: second }, as(john));

    const r = await h.cti('CreateAdditionalConnection', {
      contactId: first,
      endpoint: await endpoint('agent'),
    });
    expect(r.status).toBe(200);
    expect((await contactsOf(john)).map((c) => c.contactId)).toEqual([second]);
    expect(leg(await contactOf(), (c) => c.type === 'outbound').state.type).toBe('connecting');

    // john's call ends; after his after-call work the transfer is offered to him.
    await h.control('POST', `/control/contacts/${second}/hangup`);
    expect(await contactsOf(john)).toHaveLength(1);
    await h.cti('ClearContact', { contactId: second }, as(john));
    const offered = await contactOf(john);
    expect(offered).toMatchObject({ initialContactId: first, state: { type: 'connecting' } });
    expect(offered.contactId).not.toBe(first);
    // He sees it in his own agent queue (as the agent quick connect names it).
    expect(offered.queue).toEqual((await endpoint('agent')).queue);
    expect((await h.cti('AcceptContact', { contactId: offered.contactId }, as(john))).status).toBe(
      200,
    );
    expect(leg(await contactOf(), (c) => c.type === 'outbound').state.type).toBe('connected');
  });

  it('an agent in a not-routable state gets the transfer when back to Available', async () => {
    const contactId = await janeCall();
    await setState('Lunch', john);
    expect(
      (await h.cti('CreateAdditionalConnection', { contactId, endpoint: await endpoint('agent') }))
        .status,
    ).toBe(200);
    expect(await contactsOf(john)).toHaveLength(0);
    await setState('Available', john);
    expect((await contactOf(john)).initialContactId).toBe(contactId);
  });

  it('a transfer offer the agent misses puts the agent in MissedCallAgent; the call stays with jane', async () => {
    const contactId = await janeCall();
    await setState('Available', john);
    await h.cti('CreateAdditionalConnection', { contactId, endpoint: await endpoint('agent') });
    expect(await stateOf(john)).toBe('system/PendingBusy');
    clock.advance(MISSED_MS);
    expect(await stateOf(john)).toBe('error/MissedCallAgent');
    expect(await contactOf(john)).toMatchObject({
      initialContactId: contactId,
      state: { type: 'missed' },
    });
    const janeView = await contactOf();
    expect(janeView.state.type).toBe('connected');
    expect(janeView.connections.some((c: any) => c.type === 'outbound')).toBe(false);
    // Choosing a state clears the error and the missed contact.
    await setState('Available', john);
    expect(await contactsOf(john)).toHaveLength(0);
  });
});

describe('a transferred call goes on after the first agent clears it', () => {
  it('queue transfer: jane clears her after-call work, the customer waits, then talks to ana; events stay in order', async () => {
    const contactId = await janeCall();
    await h.cti(
      'TransferContact',
      { contactId, endpoint: await endpoint('queue') },
      { auth: false },
    );
    await setState('Away'); // else jane, back to Available, is offered the call again
    expect((await h.cti('ClearContact', { contactId }, { auth: false })).status).toBe(200);
    expect(await contactsOf()).toHaveLength(0);
    expect(h.emulator.centre.contacts.get(contactId)?.state).toBe('connected');
    // jane's contact is over for her (as on the real service); the call goes on as a new contact.
    const all = ['INITIATED', 'QUEUED', 'CONNECTED_TO_AGENT', 'DISCONNECTED', 'COMPLETED'];
    expect(await eventTypes(contactId)).toEqual(all);

    await setState('Available', ana);
    const transferred = (await contactOf(ana)).contactId as string;
    expect(transferred).not.toBe(contactId);
    expect(await eventTypes(transferred)).toEqual(['INITIATED', 'QUEUED']);
    await h.cti('AcceptContact', { contactId: transferred }, as(ana));
    expect(await stateOf(ana)).toBe('system/Busy');
    await h.control('POST', `/control/contacts/${transferred}/hangup`);
    expect(await stateOf(ana)).toBe('system/AfterCallWork');
    expect(await eventTypes(transferred)).toEqual(all.slice(0, 4));
    await h.cti('ClearContact', { contactId: transferred }, as(ana));
    expect(h.emulator.centre.contacts.has(contactId)).toBe(false);
    expect(await eventTypes(transferred)).toEqual(all);
    expect(await eventTypes(contactId)).toEqual(all);
  });

  it('phone transfer: after jane clears, the customer and the third party talk on until the customer hangs up', async () => {
    const contactId = await janeCall();
    await h.cti(
      'TransferContact',
      { contactId, endpoint: { type: 'phone_number', phoneNumber: '+15555550199' } },
      { auth: false },
    );
    clock.advance(THIRD_PARTY_ANSWER_MS);
    expect((await h.cti('ClearContact', { contactId }, { auth: false })).status).toBe(200);
    const live = h.emulator.centre.contacts.get(contactId)!;
    expect(live.state).toBe('connected');
    expect(live.connections.map((c) => [c.initial, c.state])).toEqual([
      [true, 'connected'],
      [false, 'connected'],
    ]);
    expect(await eventTypes(contactId)).not.toContain('COMPLETED');
    expect((await h.control('POST', `/control/contacts/${contactId}/hangup`)).status).toBe(200);
    expect(h.emulator.centre.contacts.has(contactId)).toBe(false);
    expect((await eventTypes(contactId)).slice(-2)).toEqual(['DISCONNECTED', 'COMPLETED']);
  });
});

describe('third-party naming', () => {
  it('a dialled number is an unidentified third party (no quickConnectName); a quick connect names it', async () => {
    const contactId = await janeCall();
    await h.cti('CreateAdditionalConnection', {
      contactId,
      endpoint: { type: 'phone_number', phoneNumber: '+15555550199', name: null },
    });
    const third = leg(await contactOf(), (c) => c.type === 'outbound');
    expect(third.quickConnectName).toBeUndefined();
    expect(third.endpoint).toMatchObject({ type: 'phone_number', phoneNumber: '+15555550199' });
    await h.cti('DestroyConnection', { contactId, connectionId: third.connectionId });
    const listed = ((await h.cti('GetEndpoints', { queueARNs: [] })).body.endpoints as any[]).find(
      (e) => e.type === 'phone_number',
    );
    await h.cti('CreateAdditionalConnection', {
      contactId,
      endpoint: { ...listed, name: null },
    });
    const named = (await contactOf()).connections.filter((c: any) => c.type === 'outbound');
    expect(named.at(-1).quickConnectName).toBe(listed.name);
  });
});

describe('quick connect names as each agent sees them', () => {
  it('an agent sees the quick connect name only of parties added while on the call; others are unidentified', async () => {
    const contactId = await janeCall();
    await setState('Available', john);
    await h.cti('CreateAdditionalConnection', { contactId, endpoint: await endpoint('agent') });
    await h.cti('AcceptContact', { contactId: (await contactOf(john)).contactId }, as(john));
    expect((await contactOf(john)).state.type).toBe('connected');
    // jane added john: she sees his quick connect name.
    expect(leg(await contactOf(), (c) => c.type === 'outbound').quickConnectName).toBe('John Roe');
    // john joined after jane was on the call: her leg (and his own) carry no name.
    const johnView = await contactOf(john);
    expect(johnView.connections.map((c: any) => c.quickConnectName)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    // A party added while both are on the call is named for both.
    const listed = ((await h.cti('GetEndpoints', { queueARNs: [] })).body.endpoints as any[]).find(
      (e) => e.type === 'phone_number',
    );
    expect(
      (await h.cti('CreateAdditionalConnection', { contactId, endpoint: listed })).status,
    ).toBe(200);
    const names = async (token?: string) =>
      (await contactOf(token)).connections
        .map((c: any) => c.quickConnectName)
        .filter((n: unknown) => n !== undefined);
    expect(await names()).toEqual(['John Roe', 'Support line']);
    expect(await names(john)).toEqual(['Support line']);
  });
});

describe('DestroyConnection of any party', () => {
  it('the customer leaves a conference: the agent and the third party go on; the agent hangs up and the call ends', async () => {
    const contactId = await janeCall();
    await h.cti('CreateAdditionalConnection', {
      contactId,
      endpoint: { type: 'phone_number', phoneNumber: '+15555550199' },
    });
    clock.advance(THIRD_PARTY_ANSWER_MS);
    expect((await h.cti('ConferenceConnections', { contactId })).status).toBe(200);
    const view = await contactOf();
    const customer = leg(view, (c) => c.initial).connectionId;
    expect((await h.cti('DestroyConnection', { contactId, connectionId: customer })).status).toBe(
      200,
    );
    const after = await contactOf();
    expect(after.state.type).toBe('connected');
    expect(leg(after, (c) => c.initial).state.type).toBe('disconnected');
    expect(leg(after, (c) => c.type === 'outbound').state.type).toBe('connected');
    expect(await stateOf()).toBe('system/Busy');

    const own = leg(after, (c) => c.type === 'agent').connectionId;
    expect((await h.cti('DestroyConnection', { contactId, connectionId: own })).status).toBe(200);
    const ended = await contactOf();
    expect(ended.state.type).toBe('ended');
    expect(leg(ended, (c) => c.type === 'outbound').state.type).toBe('disconnected');
    expect(await stateOf()).toBe('system/AfterCallWork');
  });
});

describe('the admin API during a transfer', () => {
  it('GetCurrentUserData: the agent who left shows ENDED, the agent offered the transfer CONNECTING, then CONNECTED', async () => {
    const client = new ConnectClient({
      endpoint: h.emulator.url,
      region: 'us-east-1',
      credentials: h.emulator.adminCredentials,
      maxAttempts: 1,
    });
    const centre = h.emulator.centre;
    const stateOfAgent = async (username: string) => {
      const out = await client.send(
        new GetCurrentUserDataCommand({
          InstanceId: centre.instanceId,
          Filters: { Agents: [centre.agentByUsername(username)!.id] },
        }),
      );
      return out.UserDataList?.[0]?.Contacts?.map((c) => c.AgentContactState);
    };
    try {
      const contactId = await janeCall();
      await setState('Available', john);
      await h.cti(
        'TransferContact',
        { contactId, endpoint: await endpoint('agent') },
        { auth: false },
      );
      expect(await stateOfAgent('jane')).toEqual(['ENDED']);
      expect(await stateOfAgent('john')).toEqual(['CONNECTING']);
      const johns = (await contactOf(john)).contactId as string;
      await h.cti('AcceptContact', { contactId: johns }, as(john));
      expect(await stateOfAgent('john')).toEqual(['CONNECTED']);
      // john handles the transfer's new contact; jane's keeps its id.
      const contactsOfAgent = async (username: string) =>
        (
          await client.send(
            new GetCurrentUserDataCommand({
              InstanceId: centre.instanceId,
              Filters: { Agents: [centre.agentByUsername(username)!.id] },
            }),
          )
        ).UserDataList?.[0]?.Contacts?.map((c) => [c.ContactId, c.InitiationMethod]);
      expect(await contactsOfAgent('john')).toEqual([[johns, 'TRANSFER']]);
      expect(await contactsOfAgent('jane')).toEqual([[contactId, 'INBOUND']]);
    } finally {
      client.destroy();
    }
  });
});
