/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-argument -- JSON bodies of the wire under test */
// As on the real Amazon Connect service, a transfer (TransferContact, or a
// quick-connect transfer to an agent or a queue) gives its receiving side a NEW contact: its own
// contactId, initialContactId = the first contact's id, initiationMethod transfer (TRANSFER in the
// public API, with PreviousContactId = the contact it came from), its own contact events and its
// own recording. The transferring agent's contact keeps its id and ends for that agent.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConnectClient, DescribeContactCommand, type Contact } from '@aws-sdk/client-connect';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readWavInfo } from '../src/media/wav';
import { ManualClock, startHarness, type Harness } from './helpers';

const T0 = Date.UTC(2026, 0, 1, 9, 0, 0);
const MISSED_MS = 5_000;
let h: Harness;
let clock: ManualClock;
let client: ConnectClient;
let stateDir: string;
let john: string;
let ana: string;

beforeEach(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'connect-emulator-transfer-'));
  clock = new ManualClock(T0);
  h = await startHarness({ clock, stateDir, missedCallTimeoutMs: MISSED_MS });
  john = h.emulator.login('john').accessToken;
  ana = h.emulator.login('ana').accessToken;
  client = new ConnectClient({
    endpoint: h.emulator.url,
    region: 'us-east-1',
    credentials: h.emulator.adminCredentials,
    maxAttempts: 1,
  });
});
afterEach(async () => {
  client.destroy();
  await h.close();
  await rm(stateDir, { recursive: true, force: true });
});

const as = (token?: string) => (token ? { token } : {});
const contactOf = async (token?: string) =>
  (await h.cti('GetAgentSnapshot', { timeout: 0 }, as(token))).body.snapshot.contacts[0];
const setState = (name: string, token?: string) =>
  h.cti(
    'PutAgentState',
    { state: { name, type: name === 'Available' ? 'routable' : 'not_routable' } },
    as(token),
  );
const endpoint = async (type: 'queue' | 'agent', token?: string) =>
  ((await h.cti('GetEndpoints', { queueARNs: [] }, as(token))).body.endpoints as any[]).find(
    (e) => e.type === type,
  );
const userId = (username: string) => h.emulator.centre.agentByUsername(username)!.id;
const events = async (contactId: string) =>
  ((await h.control('GET', `/control/events?contactId=${contactId}`)).body.events as any[]).map(
    (e) => e.event.detail,
  );
const eventTypes = async (contactId: string) =>
  (await events(contactId)).map((d) => d.eventType as string);
const describe_ = async (contactId: string): Promise<Contact> =>
  (
    await client.send(
      new DescribeContactCommand({
        InstanceId: h.emulator.centre.instanceId,
        ContactId: contactId,
      }),
    )
  ).Contact!;

/** Polls DescribeContact until the contact's recording is listed (written after the call). */
async function recordingOf(contactId: string): Promise<{ location: string; durationMs: number }> {
  for (let i = 0; i < 200; i++) {
    const contact = await describe_(contactId);
    const location = contact.Recordings?.[0]?.Location;
    if (location) {
      expect(contact.Recordings).toHaveLength(1);
      const wav = await fetch(`${h.emulator.url}/recordings/${location}`);
      const info = readWavInfo(Buffer.from(await wav.arrayBuffer()));
      return { location, durationMs: info.durationMs };
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no recording for ${contactId}`);
}

/** A connected inbound call to jane; returns its id. */
async function janeCall(): Promise<string> {
  expect((await setState('Available')).status).toBe(200);
  const dial = await h.control('POST', '/control/calls', { to: '+15555550001' });
  expect(dial.status).toBe(201);
  const contactId = dial.body.contactId as string;
  expect((await h.cti('AcceptContact', { contactId })).status).toBe(200);
  return contactId;
}

const ALL = ['INITIATED', 'QUEUED', 'CONNECTED_TO_AGENT', 'DISCONNECTED', 'COMPLETED'];

describe('a transfer to a queue creates a new contact', () => {
  it('new contactId, initialContactId and previousContactId = the first contact, initiationMethod transfer; DescribeContact, events and recordings per contact', async () => {
    const first = await janeCall();
    clock.advance(10_000); // jane talks 10 s, then transfers to the Sales queue
    const sales = await endpoint('queue');
    expect(
      (await h.cti('TransferContact', { contactId: first, endpoint: sales }, { auth: false }))
        .status,
    ).toBe(200);
    // jane's contact keeps its id and is over for her (after-call work, then cleared).
    const janeView = await contactOf();
    expect(janeView).toMatchObject({
      contactId: first,
      initialContactId: first,
      initiationMethod: 'inbound',
      state: { type: 'ended' },
    });
    await setState('Away');
    expect((await h.cti('ClearContact', { contactId: first }, { auth: false })).status).toBe(200);
    expect(await eventTypes(first)).toEqual(ALL);

    clock.advance(5_000); // the customer waits 5 s in the Sales queue
    expect((await setState('Available', ana)).status).toBe(200);
    const offered = await contactOf(ana);
    const second = offered.contactId as string;
    expect(second).not.toBe(first);
    expect(offered).toMatchObject({
      initialContactId: first,
      initiationMethod: 'transfer',
      state: { type: 'connecting' },
    });
    expect(await eventTypes(second)).toEqual(['INITIATED', 'QUEUED']);
    expect((await h.cti('AcceptContact', { contactId: second }, as(ana))).status).toBe(200);
    clock.advance(20_000); // ana talks 20 s, then the customer hangs up
    expect((await h.control('POST', `/control/contacts/${second}/hangup`)).status).toBe(200);
    expect((await h.cti('ClearContact', { contactId: second }, as(ana))).status).toBe(200);
    expect(h.emulator.centre.contacts.has(first)).toBe(false);

    // Contact events: each contact has its own, in order, linked by initial/previous ids.
    expect(await eventTypes(second)).toEqual(ALL);
    const secondEvents = await events(second);
    for (const detail of secondEvents)
      expect(detail).toMatchObject({
        contactId: second,
        initialContactId: first,
        previousContactId: first,
        initiationMethod: 'TRANSFER',
      });
    expect(secondEvents[1].queueInfo.queueArn).toBe(sales.queue.queueARN);
    for (const detail of await events(first)) {
      expect(detail).toMatchObject({ contactId: first, initiationMethod: 'INBOUND' });
      expect(detail.previousContactId).toBeUndefined();
    }

    // DescribeContact through the real AWS SDK client.
    const janes = await describe_(first);
    expect(janes).toMatchObject({
      Id: first,
      InitialContactId: first,
      InitiationMethod: 'INBOUND',
      AgentInfo: { Id: userId('jane') },
      DisconnectTimestamp: new Date(T0 + 10_000),
    });
    expect(janes.PreviousContactId).toBeUndefined();
    const anas = await describe_(second);
    expect(anas).toMatchObject({
      Id: second,
      InitialContactId: first,
      PreviousContactId: first,
      InitiationMethod: 'TRANSFER',
      InitiationTimestamp: new Date(T0 + 10_000),
      QueueInfo: { Id: sales.queue.queueARN.split('/').at(-1) },
      AgentInfo: { Id: userId('ana'), ConnectedToAgentTimestamp: new Date(T0 + 15_000) },
      DisconnectTimestamp: new Date(T0 + 35_000),
    });

    // One recording per contact, each as long as that contact's talk.
    const a = await recordingOf(first);
    const b = await recordingOf(second);
    expect(a.location).toContain(`/${first}_`);
    expect(b.location).toContain(`/${second}_`);
    expect(a.durationMs).toBe(10_000);
    expect(b.durationMs).toBe(20_000);
  });
});

describe('a transfer to an agent creates a new contact', () => {
  it('TransferContact to john: his contact is initiated by transfer (no QUEUED), jane keeps hers', async () => {
    const first = await janeCall();
    await setState('Available', john);
    expect(
      (
        await h.cti(
          'TransferContact',
          { contactId: first, endpoint: await endpoint('agent') },
          { auth: false },
        )
      ).status,
    ).toBe(200);
    const offered = await contactOf(john);
    const second = offered.contactId as string;
    expect(second).not.toBe(first);
    expect(offered).toMatchObject({ initialContactId: first, initiationMethod: 'transfer' });
    expect((await h.cti('AcceptContact', { contactId: second }, as(john))).status).toBe(200);
    // GetCurrentUserData-style views and the snapshot agree: john's contact is the new one.
    expect((await contactOf(john)).contactId).toBe(second);
    expect((await contactOf()).contactId).toBe(first);
    clock.advance(3_000);
    await h.control('POST', `/control/contacts/${second}/hangup`);
    await h.cti('ClearContact', { contactId: second }, as(john));
    expect(await eventTypes(second)).toEqual([
      'INITIATED',
      'CONNECTED_TO_AGENT',
      'DISCONNECTED',
      'COMPLETED',
    ]);
    expect(await describe_(second)).toMatchObject({
      InitiationMethod: 'TRANSFER',
      PreviousContactId: first,
      InitialContactId: first,
      AgentInfo: { Id: userId('john') },
    });
    // jane's contact is still waiting for her to clear her after-call work: not completed yet.
    expect(await eventTypes(first)).toEqual(ALL.slice(0, 4));
    await h.cti('ClearContact', { contactId: first }, { auth: false });
    expect(await eventTypes(first)).toEqual(ALL);
  });

  it('a transfer of a transferred contact links to the contact it came from (previous) and the first one (initial)', async () => {
    const first = await janeCall();
    await setState('Available', john);
    await h.cti(
      'TransferContact',
      { contactId: first, endpoint: await endpoint('agent') },
      { auth: false },
    );
    const second = (await contactOf(john)).contactId as string;
    await h.cti('AcceptContact', { contactId: second }, as(john));
    // john transfers on to the Sales queue, where ana takes it.
    await setState('Available', ana);
    expect(
      (
        await h.cti(
          'TransferContact',
          { contactId: second, endpoint: await endpoint('queue', john) },
          { token: john, auth: false },
        )
      ).status,
    ).toBe(200);
    const third = await contactOf(ana);
    expect(third.contactId).not.toBe(first);
    expect(third.contactId).not.toBe(second);
    expect(third.initialContactId).toBe(first);
    await h.cti('AcceptContact', { contactId: third.contactId }, as(ana));
    expect(await describe_(third.contactId)).toMatchObject({
      InitialContactId: first,
      PreviousContactId: second,
      InitiationMethod: 'TRANSFER',
    });
    expect(await eventTypes(third.contactId)).toEqual([
      'INITIATED',
      'QUEUED',
      'CONNECTED_TO_AGENT',
    ]);
    expect(await eventTypes(second)).toEqual(['INITIATED', 'CONNECTED_TO_AGENT', 'DISCONNECTED']);
  });

  it('a rejected transfer: the new contact ends without reaching an agent; the first goes on', async () => {
    const first = await janeCall();
    await setState('Available', john);
    await h.cti('CreateAdditionalConnection', {
      contactId: first,
      endpoint: await endpoint('agent'),
    });
    const second = (await contactOf(john)).contactId as string;
    expect((await h.cti('RejectContact', { contactId: second }, as(john))).status).toBe(200);
    expect(await eventTypes(second)).toEqual(['INITIATED', 'DISCONNECTED', 'COMPLETED']);
    expect(await eventTypes(first)).toEqual(['INITIATED', 'QUEUED', 'CONNECTED_TO_AGENT']);
    expect((await contactOf()).state.type).toBe('connected');
  });
});
