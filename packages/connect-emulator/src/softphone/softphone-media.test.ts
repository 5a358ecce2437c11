import { ConnectClient, DescribeContactCommand } from '@aws-sdk/client-connect';
import {
  ConnectContactLensClient,
  ListRealtimeContactAnalysisSegmentsCommand,
} from '@aws-sdk/client-connect-contact-lens';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_MUSIC_NOTES_HZ, RINGBACK, SIMULATED_CUSTOMER_TONE_HZ } from '../constants';
import { chatToken } from '../domain/chat-tokens';
import type { ContactRecord } from '../domain/records';
import { startEmulator, type Emulator } from '../server';
import { readWavInfo } from '../media/wav';
import { amplitudeAt, SignallingClient, TestPhone } from '../../test/support/softphone-client';

/** The tones the two phones speak, far from every tone the bridge makes itself. */
const AGENT_HZ = 1000;
const CUSTOMER_HZ = 600;
const SUPERVISOR_HZ = 800;
/** A tone is "heard" above this amplitude and "not heard" below the other. */
const HEARD = 1500;
const SILENT = 300;

describe('softphone media through the emulator', { timeout: 60_000 }, () => {
  let emulator: Emulator;
  let endpoint: string;
  const phones: TestPhone[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, log: () => undefined });
    endpoint = `${emulator.url.replace(/^http/, 'ws')}/softphone/signalling`;
  });
  // A test that failed half-way leaves no call behind for the next one.
  afterEach(() => {
    for (const contact of [...emulator.centre.contacts.values()]) end(contact);
  });
  afterAll(async () => {
    await Promise.all(phones.map((phone) => phone.close()));
    await emulator.close();
  });

  const agent = (username: string) => emulator.centre.agentByUsername(username)!;
  const legs = (contact: ContactRecord) => ({
    agent: contact.connections.find((leg) => leg.agentId !== undefined)!,
    customer: contact.connections.find((leg) => leg.initial)!,
  });
  const token = (contact: ContactRecord, connectionId: string) =>
    chatToken(emulator.centre.chatSecret, 'softphone', contact.id, connectionId);
  const dial = async (contact: ContactRecord, connectionId: string, hz: number) => {
    const phone = await TestPhone.dial(endpoint, contact.id, token(contact, connectionId), hz);
    phones.push(phone);
    return phone;
  };
  /** A call to `username`, ringing. */
  const ring = (username: string) => {
    emulator.centre.putAgentState(agent(username), { name: 'Available' });
    const contact = emulator.centre.dialIn('+15555550001');
    expect(legs(contact).agent.agentId).toBe(agent(username).id);
    return contact;
  };
  /** Ends the call if it still runs, and clears it from `username`'s list. */
  const end = (contact: ContactRecord, username = 'jane') => {
    for (const step of [
      () => emulator.centre.customerHangsUp(contact.id),
      () => emulator.centre.clearContact(agent(username), contact.id),
    ])
      try {
        step();
      } catch {
        // already ended or cleared
      }
  };

  it("names the signalling endpoint and the call's token in the agent's softphoneMediaInfo", () => {
    const contact = ring('jane');
    const view = emulator.centre.contactView(contact, agent('jane'));
    const own = view.connections.find((c) => c.type === 'agent')!;
    const info = own.softphoneMediaInfo!;
    expect(JSON.parse(info.callConfigJson!)).toEqual({
      signalingEndpoint: endpoint,
      iceServers: [],
      useWebSocketProvider: false,
    });
    expect(info.callContextToken).toBe(token(contact, legs(contact).agent.id));
    end(contact);
  });

  it('carries each side to the other: ringback, then talk, hold, mute, digits and hang-up', async () => {
    const contact = ring('jane');
    const { agent: agentLeg, customer } = legs(contact);
    const caller = await dial(contact, customer.id, CUSTOMER_HZ);
    await caller.hears((p) => p.level(RINGBACK.frequenciesHz[1]) > HEARD / 2, 'ringback');
    const softphone = await dial(contact, agentLeg.id, AGENT_HZ);
    emulator.centre.acceptContact(agent('jane'), contact.id);
    await softphone.hears((p) => p.level(CUSTOMER_HZ) > HEARD, 'the customer');
    await caller.hears((p) => p.level(AGENT_HZ) > HEARD, 'the agent');
    expect(softphone.level(AGENT_HZ)).toBeLessThan(SILENT);

    emulator.centre.holdConnection(agent('jane'), contact.id, customer.id);
    await caller.hears(
      (p) => HOLD_MUSIC_NOTES_HZ.some((hz) => p.level(hz) > HEARD) && p.level(AGENT_HZ) < SILENT,
      'hold music instead of the agent',
    );
    await softphone.hears((p) => p.level(CUSTOMER_HZ) < SILENT, 'the held customer fall silent');
    emulator.centre.resumeConnection(agent('jane'), contact.id, customer.id);
    await caller.hears((p) => p.level(AGENT_HZ) > HEARD, 'the agent again');

    emulator.centre.muteParticipant(agent('jane'), contact.id, agentLeg.id, true);
    await caller.hears((p) => p.level(AGENT_HZ) < SILENT, 'the muted agent fall silent');
    emulator.centre.muteParticipant(agent('jane'), contact.id, agentLeg.id, false);
    await caller.hears((p) => p.level(AGENT_HZ) > HEARD, 'the unmuted agent');

    emulator.centre.sendDigits(agent('jane'), contact.id, customer.id, '1');
    await caller.hears((p) => p.level(697) > HEARD / 4 && p.level(1209) > HEARD / 4, 'DTMF 1');

    emulator.centre.customerHangsUp(contact.id);
    const bye = (frame: { method?: string }) => frame.method === 'bye';
    await Promise.all([caller.signalling.next(bye), softphone.signalling.next(bye)]);
    await Promise.all([caller.signalling.closed(), softphone.signalling.closed()]);
    expect(emulator.centre.contacts.get(contact.id)?.state ?? 'ended').not.toBe('connected');
    end(contact);
  });

  it('lets a silent monitor hear both parties without being heard, and be heard once they barge', async () => {
    const contact = ring('jane');
    const { agent: agentLeg, customer } = legs(contact);
    const caller = await dial(contact, customer.id, CUSTOMER_HZ);
    const softphone = await dial(contact, agentLeg.id, AGENT_HZ);
    emulator.centre.acceptContact(agent('jane'), contact.id);
    await caller.hears((p) => p.level(AGENT_HZ) > HEARD, 'the agent');

    emulator.centre.monitorContact(contact.id, agent('ana').id, ['SILENT_MONITOR', 'BARGE']);
    const monitorLeg = contact.connections.find((leg) => leg.type === 'monitoring')!;
    const supervisor = await dial(contact, monitorLeg.id, SUPERVISOR_HZ);
    await supervisor.hears(
      (p) => p.level(AGENT_HZ) > HEARD / 2 && p.level(CUSTOMER_HZ) > HEARD / 2,
      'both parties',
    );
    // Half a second more of what the parties hear: the supervisor is not in it.
    await Promise.all([caller.listen(25), softphone.listen(25)]);
    expect(caller.level(SUPERVISOR_HZ)).toBeLessThan(SILENT);
    expect(softphone.level(SUPERVISOR_HZ)).toBeLessThan(SILENT);

    emulator.centre.updateMonitorParticipantState(agent('ana'), contact.id, 'BARGE');
    await caller.hears((p) => p.level(SUPERVISOR_HZ) > HEARD / 2, 'the barging supervisor');
    await softphone.hears((p) => p.level(SUPERVISOR_HZ) > HEARD / 2, 'the barging supervisor');
    await supervisor.hears((p) => p.level(SUPERVISOR_HZ) < SILENT, 'not their own voice');
    end(contact);
    end(contact, 'ana');
  });

  it('records the real audio of a call whose customer has a phone: the customer and the hold music left, the agent right, and no transcript', async () => {
    const contact = ring('jane');
    const { agent: agentLeg, customer } = legs(contact);
    const caller = await dial(contact, customer.id, CUSTOMER_HZ);
    const softphone = await dial(contact, agentLeg.id, AGENT_HZ);
    emulator.centre.acceptContact(agent('jane'), contact.id);
    // Each part lasts half a second of audio received, so the recording has it whole.
    await caller.hears((p) => p.level(AGENT_HZ) > HEARD, 'the agent');
    await caller.listen(25);
    emulator.centre.holdConnection(agent('jane'), contact.id, customer.id);
    await caller.hears((p) => HOLD_MUSIC_NOTES_HZ.some((hz) => p.level(hz) > HEARD), 'hold music');
    await caller.listen(25);
    emulator.centre.resumeConnection(agent('jane'), contact.id, customer.id);
    await caller.hears((p) => p.level(AGENT_HZ) > HEARD, 'the agent again');
    await caller.listen(25);
    emulator.centre.customerHangsUp(contact.id);
    await softphone.signalling.next((frame) => frame.method === 'bye');

    const options = {
      endpoint: emulator.url,
      region: emulator.centre.region,
      credentials: emulator.adminCredentials,
    };
    const connect = new ConnectClient(options);
    const ids = { InstanceId: emulator.centre.instanceId, ContactId: contact.id };
    let location: string | undefined;
    while (!location)
      location = (await connect.send(new DescribeContactCommand(ids))).Contact?.Recordings?.[0]
        ?.Location;
    const wav = Buffer.from(
      await (await fetch(`${emulator.url}/recordings/${location}`)).arrayBuffer(),
    );
    const info = readWavInfo(wav);
    expect(info).toMatchObject({ channels: 2, sampleRate: 8000, bitsPerSample: 16 });
    const left = new Int16Array(info.frames);
    const right = new Int16Array(info.frames);
    for (let i = 0; i < info.frames; i++) {
      left[i] = wav.readInt16LE(info.dataOffset + i * 4);
      right[i] = wav.readInt16LE(info.dataOffset + i * 4 + 2);
    }
    /**
     * The loudest level of `hz` over windows of the recording, each 10 ms apart: 50 ms ones to
     * find a tone, 200 ms ones (finer in frequency) to show one is absent beside another.
     */
    const loudest = (channel: Int16Array, hz: number, window = 400) => {
      let best = 0;
      for (let at = 0; at + window <= channel.length; at += 80)
        best = Math.max(best, amplitudeAt(channel.subarray(at, at + window), hz));
      return best;
    };
    expect(loudest(left, CUSTOMER_HZ)).toBeGreaterThan(HEARD);
    expect(Math.max(...HOLD_MUSIC_NOTES_HZ.map((hz) => loudest(left, hz)))).toBeGreaterThan(HEARD);
    expect(loudest(left, AGENT_HZ, 1600)).toBeLessThan(HEARD / 2);
    expect(loudest(right, AGENT_HZ)).toBeGreaterThan(HEARD);
    expect(loudest(right, CUSTOMER_HZ, 1600)).toBeLessThan(HEARD / 2);

    const lens = new ConnectContactLensClient(options);
    const analysis = await lens.send(new ListRealtimeContactAnalysisSegmentsCommand(ids));
    expect(analysis.Segments).toEqual([]);
    end(contact);
  });

  it("gives an agent with no customer phone on the line the simulated customer's tone", async () => {
    const contact = ring('jane');
    const softphone = await dial(contact, legs(contact).agent.id, AGENT_HZ);
    emulator.centre.acceptContact(agent('jane'), contact.id);
    await softphone.hears(
      (p) => p.level(SIMULATED_CUSTOMER_TONE_HZ) > HEARD,
      'the simulated customer',
    );
    const reply = await softphone.hangUp();
    expect(reply.result).toEqual({});
    expect(emulator.centre.contacts.get(contact.id)!.state).toBe('connected');
    end(contact);
  });

  it('refuses invites as connect-rtc-js expects: bad token 403, ended call 404, second session 486, bad invite 400', async () => {
    const contact = ring('jane');
    const { agent: agentLeg } = legs(contact);
    await expect(
      TestPhone.dial(endpoint, contact.id, 'not-a-token', AGENT_HZ),
    ).rejects.toMatchObject({ code: 403 });
    const chatLike = chatToken(emulator.centre.chatSecret, 'connection', contact.id, agentLeg.id);
    await expect(TestPhone.dial(endpoint, contact.id, chatLike, AGENT_HZ)).rejects.toMatchObject({
      code: 403,
    });
    await dial(contact, agentLeg.id, AGENT_HZ);
    await expect(dial(contact, agentLeg.id, AGENT_HZ)).rejects.toMatchObject({ code: 486 });

    const socket = await SignallingClient.open(endpoint);
    const bad = await socket.request('invite', { sdp: '', candidates: [] });
    expect(bad.error).toMatchObject({ code: 400 });
    const unknown = await socket.request('renegotiate', {});
    expect(unknown.error).toMatchObject({ code: -32601 });
    socket.sendRaw('{not json');
    const parse = await socket.next((frame) => frame.error?.code === -32700);
    expect(parse.id).toBeNull();
    socket.close();

    end(contact);
    await expect(dial(contact, agentLeg.id, AGENT_HZ)).rejects.toMatchObject({ code: 404 });
  });

  it('keeps the media of a session whose socket dropped; the client reconnects with its client token', async () => {
    const contact = ring('jane');
    const softphone = await dial(contact, legs(contact).agent.id, AGENT_HZ);
    const renewal = await softphone.signalling.next((f) => f.method === 'renewClientToken');
    const clientToken = String(renewal.params!['clientToken']);
    softphone.signalling.close();
    await softphone.signalling.closed();
    emulator.centre.acceptContact(agent('jane'), contact.id);
    await softphone.hears((p) => p.level(SIMULATED_CUSTOMER_TONE_HZ) > HEARD, 'the customer');

    const resumed = await SignallingClient.open(
      `${endpoint}?callId=${contact.id}&clientToken=${encodeURIComponent(clientToken)}`,
    );
    emulator.centre.customerHangsUp(contact.id);
    await resumed.next((frame) => frame.method === 'bye');
    await resumed.closed();
    await expect(
      SignallingClient.open(`${endpoint}?callId=${contact.id}&clientToken=${clientToken}`),
    ).rejects.toThrow(/404/);
    end(contact);
  });
});
