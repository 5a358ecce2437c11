/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-explicit-any -- JSON bodies of the wire under test */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { THIRD_PARTY_ANSWER_MS } from '../src/constants';
import { ManualClock, startHarness, type Harness } from './helpers';

let h: Harness;
let clock: ManualClock;
beforeEach(async () => {
  clock = new ManualClock(Date.UTC(2026, 0, 1, 9));
  h = await startHarness({ clock });
});
afterEach(() => h.close());

const snapshot = async () => (await h.cti('GetAgentSnapshot', { timeout: 0 })).body.snapshot;
const legs = async () => (await snapshot()).contacts[0].connections as any[];
const states = async () =>
  Object.fromEntries(
    (await legs()).map((c) => [
      c.type === 'agent' ? 'agent' : c.initial ? 'customer' : 'third',
      c.state.type,
    ]),
  );

/** A connected inbound call to jane; returns its ids. */
async function liveCall() {
  expect(
    (await h.cti('PutAgentState', { state: { name: 'Available', type: 'routable' } })).status,
  ).toBe(200);
  expect((await h.control('POST', '/control/calls', { to: '+15555550001' })).status).toBe(201);
  const contact = (await snapshot()).contacts[0];
  expect((await h.cti('AcceptContact', { contactId: contact.contactId })).status).toBe(200);
  return contact.contactId as string;
}

describe('multi-party calls', () => {
  it('CreateAdditionalConnection holds the customer, rings the third party (quickConnectName kept), which answers', async () => {
    const contactId = await liveCall();
    const r = await h.cti('CreateAdditionalConnection', {
      contactId,
      endpoint: { type: 'phone_number', phoneNumber: '+15555550199', name: 'Support line' },
    });
    expect(r.status).toBe(200);
    expect(await states()).toEqual({ agent: 'connected', customer: 'hold', third: 'connecting' });
    const third = (await legs()).find((c) => c.type === 'outbound');
    expect(third).toMatchObject({
      quickConnectName: 'Support line',
      endpoint: { phoneNumber: '+15555550199' },
    });
    expect((await snapshot()).contacts[0].contactFeatures.multiPartyConferenceEnabled).toBe(true);
    clock.advance(THIRD_PARTY_ANSWER_MS);
    expect(await states()).toEqual({ agent: 'connected', customer: 'hold', third: 'connected' });
  });

  it('a three-party call: hold one party, toggle, conference, then the third party leaves and the call goes on', async () => {
    const contactId = await liveCall();
    await h.cti('CreateAdditionalConnection', {
      contactId,
      endpoint: { type: 'phone_number', phoneNumber: '+15555550199' },
    });
    clock.advance(THIRD_PARTY_ANSWER_MS);
    const agentLeg = (await legs()).find((c) => c.type === 'agent').connectionId;
    expect(
      (await h.cti('ToggleActiveConnections', { contactId, connectionId: agentLeg })).status,
    ).toBe(200);
    expect(await states()).toEqual({ agent: 'connected', customer: 'connected', third: 'hold' });
    expect((await h.cti('ConferenceConnections', { contactId })).status).toBe(200);
    expect(await states()).toEqual({
      agent: 'connected',
      customer: 'connected',
      third: 'connected',
    });
    const third = (await legs()).find((c) => c.type === 'outbound').connectionId;
    expect((await h.cti('HoldConnection', { contactId, connectionId: third })).status).toBe(200);
    expect(await states()).toEqual({ agent: 'connected', customer: 'connected', third: 'hold' });
    expect((await h.cti('DestroyConnection', { contactId, connectionId: third })).status).toBe(200);
    expect(await states()).toEqual({
      agent: 'connected',
      customer: 'connected',
      third: 'disconnected',
    });
    expect((await snapshot()).contacts[0].state.type).toBe('connected');
  });

  it('toggle and conference need a second party on the line (InvalidStateException otherwise)', async () => {
    const contactId = await liveCall();
    const agentLeg = (await legs()).find((c) => c.type === 'agent').connectionId;
    expect(
      (await h.cti('ToggleActiveConnections', { contactId, connectionId: agentLeg })).body.__type,
    ).toBe('InvalidStateException');
    expect((await h.cti('ConferenceConnections', { contactId })).body.__type).toBe(
      'InvalidStateException',
    );
  });

  it('MuteParticipant mutes another participant (forcedMute); UnmuteParticipant undoes it', async () => {
    const contactId = await liveCall();
    const customer = (await legs()).find((c) => c.initial).connectionId;
    expect((await h.cti('MuteParticipant', { contactId, connectionId: customer })).status).toBe(
      200,
    );
    expect((await legs()).find((c) => c.initial)).toMatchObject({ mute: true, forcedMute: true });
    expect((await h.cti('UnmuteParticipant', { contactId, connectionId: customer })).status).toBe(
      200,
    );
    expect((await legs()).find((c) => c.initial)).toMatchObject({ mute: false, forcedMute: false });
  });

  it('PauseContact pauses a connected contact and ResumeContact resumes it', async () => {
    const contactId = await liveCall();
    expect((await h.cti('PauseContact', { contactId }, { auth: false })).status).toBe(200);
    expect((await snapshot()).contacts[0].state.type).toBe('paused');
    expect((await h.cti('ResumeContact', { contactId }, { auth: false })).status).toBe(200);
    expect((await snapshot()).contacts[0].state.type).toBe('connected');
    expect((await h.cti('ResumeContact', { contactId }, { auth: false })).body.__type).toBe(
      'InvalidStateException',
    );
  });

  it('UpdateMonitorParticipantState accepts only SILENT_MONITOR or BARGE (any case); otherwise invalid_target_state', async () => {
    const contactId = await liveCall();
    const bad = await h.cti(
      'UpdateMonitorParticipantState',
      { contactId, targetMonitorMode: 'WHISPER' },
      { auth: false },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^invalid_target_state/);
    const notMonitoring = await h.cti(
      'UpdateMonitorParticipantState',
      { contactId, targetMonitorMode: 'barge' },
      { auth: false },
    );
    expect(notMonitoring.body.__type).toBe('InvalidStateException');
  });
});
