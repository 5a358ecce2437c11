import { describe, expect, it } from 'vitest';
import { ConnectError } from '../errors';
import { TestPanel } from '../testing/test-panel';
import type { VoiceConnection } from './connection';

async function setup() {
  const panel = new TestPanel();
  const ccp = panel.connect();
  const metrics: { name: string; count?: number }[] = [];
  ccp.on('metric', (m) => metrics.push({ name: m.name, count: m.data.count }));
  await panel.settle();
  panel.instance.setAgentState('Available');
  const id = panel.instance.incomingCall({ contactId: 'c-1' });
  await panel.settle();
  return { panel, ccp, id, metrics, last: () => panel.requests.at(-1) };
}

describe('contact and connection actions send the payloads of spec §7', () => {
  it('accept, reject, complete, clear, pause, resume and conference send {contactId}', async () => {
    const { panel, ccp, last } = await setup();
    const c = ccp.contacts.get('c-1')!;
    await c.accept();
    expect(last()).toMatchObject({ method: 'acceptContact', params: { contactId: 'c-1' } });
    await c.pause();
    expect(last()).toMatchObject({ method: 'pauseContact', params: { contactId: 'c-1' } });
    await c.resume();
    expect(last()).toMatchObject({ method: 'resumeContact', params: { contactId: 'c-1' } });
    await c.conferenceConnections();
    expect(last()).toMatchObject({ method: 'conferenceConnections', params: { contactId: 'c-1' } });
    await c.complete();
    expect(last()).toMatchObject({ method: 'completeContact', params: { contactId: 'c-1' } });
    panel.instance.incomingCall({ contactId: 'c-2' });
    await panel.settle();
    await ccp.contacts.get('c-2')!.reject();
    expect(last()).toMatchObject({ method: 'rejectContact', params: { contactId: 'c-2' } });
    panel.instance.incomingCall({ contactId: 'c-3' });
    await panel.settle();
    await ccp.contacts.get('c-3')!.clear();
    expect(last()).toMatchObject({ method: 'clearContact', params: { contactId: 'c-3' } });
    ccp.terminate();
  });

  it('accept broadcasts contact::accepted and contact::accepted::<id>, echoed back as accepted events', async () => {
    const { panel, ccp } = await setup();
    const c = ccp.contacts.get('c-1')!;
    const all: string[] = [];
    ccp.contacts.on('accepted', (x) => all.push(`all ${x.contactId}`));
    c.on('accepted', (x) => all.push(`one ${x.contactId}`));
    await c.accept();
    await panel.settle();
    expect(panel.sent('broadcast')).toEqual([
      { event: 'contact::accepted', data: { contactId: 'c-1' } },
      { event: 'contact::accepted::c-1', data: { contactId: 'c-1' } },
    ]);
    expect(all).toEqual(['all c-1', 'one c-1']);
    ccp.terminate();
  });

  it('accept failure publishes ContactAcceptFailure (count 1) and fails with the contact error state', async () => {
    const { panel, ccp, metrics } = await setup();
    panel.handle('acceptContact', () => {
      throw new Error('boom');
    });
    const err: unknown = await ccp.contacts
      .get('c-1')!
      .accept()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectError);
    expect((err as ConnectError).errorKey).toBe('error');
    expect(metrics).toContainEqual({ name: 'ContactAcceptFailure', count: 1 });
    ccp.terminate();
  });

  it('notifyIssue, addConnection, addParticipant, transfer, toggleActiveConnections', async () => {
    const { ccp, last } = await setup();
    const c = ccp.contacts.get('c-1')!;
    const endpoint = { type: 'phone_number' as const, phoneNumber: '+15555550199' };
    await c.notifyIssue('AUDIO', 'no audio');
    expect(last()).toMatchObject({
      method: 'notifyContactIssue',
      params: { contactId: 'c-1', issueCode: 'AUDIO', description: 'no audio' },
    });
    await c.addConnection(endpoint);
    expect(last()).toMatchObject({
      method: 'createAdditionalConnection',
      params: { contactId: 'c-1', endpoint },
    });
    await c.addParticipant(endpoint).catch(() => undefined);
    expect(last()).toMatchObject({
      method: 'addNewConnection',
      params: { contactId: 'c-1', endpoint },
    });
    await c.transfer(endpoint).catch(() => undefined);
    expect(last()).toMatchObject({
      method: 'transferContact',
      params: { contactId: 'c-1', endpoint },
    });
    await c.toggleActiveConnections();
    expect(last()).toMatchObject({
      method: 'toggleActiveConnections',
      params: { contactId: 'c-1', connectionId: 'c-1-agent' },
    });
    ccp.terminate();
  });

  it('voice connection hold, resume, sendDigits, mute participant and destroy send {contactId, connectionId}', async () => {
    const { ccp, last } = await setup();
    const c = ccp.contacts.get('c-1')!;
    await c.accept();
    const cust = c.getInitialConnection() as VoiceConnection;
    await cust.hold();
    expect(last()).toMatchObject({
      method: 'holdConnection',
      params: { contactId: 'c-1', connectionId: 'c-1-customer' },
    });
    expect(cust.isOnHold()).toBe(true);
    await cust.resume();
    expect(last()).toMatchObject({
      method: 'resumeConnection',
      params: { contactId: 'c-1', connectionId: 'c-1-customer' },
    });
    await cust.sendDigits('123#');
    expect(last()).toMatchObject({
      method: 'sendDigits',
      params: { contactId: 'c-1', connectionId: 'c-1-customer', digits: '123#' },
    });
    await cust.muteParticipant();
    expect(last()).toMatchObject({
      method: 'muteParticipant',
      params: { contactId: 'c-1', connectionId: 'c-1-customer' },
    });
    await cust.unmuteParticipant();
    expect(last()).toMatchObject({
      method: 'unmuteParticipant',
      params: { contactId: 'c-1', connectionId: 'c-1-customer' },
    });
    await c.getAgentConnection()!.destroy();
    expect(last()).toMatchObject({
      method: 'destroyConnection',
      params: { contactId: 'c-1', connectionId: 'c-1-agent' },
    });
    expect(c.getState().type).toBe('ended');
    ccp.terminate();
  });

  it('monitoring mode switch accepts SILENT_MONITOR and BARGE case-insensitively, else invalid_target_state', async () => {
    const { ccp, panel, last } = await setup();
    const c = ccp.contacts.get('c-1')!;
    await c.updateMonitorParticipantState('barge');
    expect(last()).toMatchObject({
      method: 'updateMonitorParticipantState',
      params: { contactId: 'c-1', targetMonitorMode: 'BARGE' },
    });
    await c.updateMonitorParticipantState('Silent_Monitor');
    expect(last()!.params.targetMonitorMode).toBe('SILENT_MONITOR');
    const count = panel.requests.length;
    const err = (await c
      .updateMonitorParticipantState('whisper')
      .catch((e: unknown) => e)) as ConnectError;
    expect(err.errorKey).toBe('invalid_target_state');
    expect(panel.requests).toHaveLength(count);
    ccp.terminate();
  });

  it('screen sharing is allowed only for WebRTC-subtype contacts that are connected', async () => {
    const { ccp, panel } = await setup();
    const c = ccp.contacts.get('c-1')!;
    await expect(c.startScreenSharing('i-1')).rejects.toThrow(
      'Screen sharing is only supported for WebRTC contacts.',
    );
    const snap = panel.instance.snapshot();
    const webrtc = {
      ...snap,
      snapshot: {
        ...snap.snapshot,
        contacts: snap.snapshot.contacts.map((x) => ({
          ...x,
          segmentAttributes: { 'connect:Subtype': { ValueString: 'connect:WebRTC' } },
        })),
      },
    };
    panel.pushAgentUpdate(webrtc);
    await panel.settle();
    await expect(c.startScreenSharing('i-1')).rejects.toThrow('Contact c-1 is not connected.');
    const connected = {
      ...webrtc,
      snapshot: {
        ...webrtc.snapshot,
        contacts: webrtc.snapshot.contacts.map((x) => ({
          ...x,
          state: { type: 'connected' as const, timestamp: new Date() },
        })),
      },
    };
    panel.pushAgentUpdate(connected);
    await panel.settle();
    const ok = await c.startScreenSharing('i-1').then(
      () => true,
      () => false,
    );
    expect(panel.requests.at(-1)).toMatchObject({
      method: 'startScreenSharing',
      params: { InstanceId: 'i-1', ContactId: 'c-1', ParticipantId: 'c-1-agent' },
    });
    // as the original: started on success, error on failure, each broadcast with {contactId}
    expect(panel.sent('broadcast')).toContainEqual({
      event: ok ? 'contact::screen_sharing_started' : 'contact::screen_sharing_error',
      data: { contactId: 'c-1' },
    });
    ccp.terminate();
  });

  it('activity classification of contacts and connections (spec §4)', async () => {
    const { ccp } = await setup();
    const c = ccp.contacts.get('c-1')!;
    expect(c.isActive()).toBe(true);
    expect(c.isInbound()).toBe(true);
    expect(c.isSoftphoneCall()).toBe(true);
    const agentConn = c.getAgentConnection()!;
    expect(agentConn.isActive()).toBe(true);
    expect(agentConn.isConnected()).toBe(false);
    await c.accept();
    expect(agentConn.isConnected()).toBe(true);
    await agentConn.destroy();
    expect(c.isActive()).toBe(false);
    expect(agentConn.isActive()).toBe(false);
    expect(() => c.getConnections()[0]!.getState()).not.toThrow();
    ccp.terminate();
  });
});
