import { PanelError, TestPanel } from '@x/connect-streams/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIG, connectionRecord, fakeApi } from '../../test/fake-api';
import { flush, openTab, SharedStorage } from '../../test/harness';
import type { Tab } from '../../test/harness';
import { VoiceError } from './errors';
import { formatVoiceMessage } from './messages';
import type { VoiceMessage } from './messages';
import { VoiceController } from './voice-controller';

const tabs: Tab[] = [];
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-02T10:00:00Z') });
});
afterEach(() => {
  for (const t of tabs.splice(0)) t.controller.dispose();
  vi.useRealTimers();
});

async function tab(options: Parameters<typeof openTab>[0] = {}): Promise<Tab> {
  const t = await openTab(options);
  tabs.push(t);
  return t;
}

/** A started tab whose agent is Available. */
async function readyTab(options: Parameters<typeof openTab>[0] = {}): Promise<Tab> {
  const t = await tab(options);
  t.panel.instance.setAgentState('Available');
  await flush(vi);
  return t;
}

const text = (m: VoiceMessage | null | undefined) => (m ? formatVoiceMessage(m) : null);
const description = (t: Tab) => text(t.controller.getState().agent.description);

async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('expected a rejection');
}

/** An inbound call rings and the agent accepts it. */
async function acceptedCall(t: Tab, options: { multiParty?: boolean } = {}): Promise<string> {
  const id = t.panel.instance.incomingCall({ phoneNumber: '+15555550123', ...options });
  await flush(vi);
  await t.controller.accept();
  await flush(vi);
  return id;
}

describe('§1 voice module start-up', () => {
  it('voice features start only if the workspace app has the planVoice flag', async () => {
    const connect = vi.fn(() => new TestPanel().connect());
    const controller = new VoiceController({
      api: fakeApi({ getConfig: () => Promise.resolve({ ...CONFIG, planVoice: false }) }),
      storage: null,
      connect,
    });
    await controller.start();
    expect(controller.getState().session.phase).toBe('disabled');
    expect(connect).not.toHaveBeenCalled();
  });

  it('a member without a contact-centre agent (agentUsername null) stays disabled: no panel, no contact-centre request', async () => {
    const connect = vi.fn(() => new TestPanel().connect());
    const controller = new VoiceController({
      api: fakeApi({ getConfig: () => Promise.resolve({ ...CONFIG, agentUsername: null }) }),
      storage: null,
      connect,
    });
    await controller.start();
    expect(controller.getState().session.phase).toBe('disabled');
    expect(connect).not.toHaveBeenCalled();
  });

  it("the voice instance must have status CREATED, otherwise initialization fails with 'Voice instance is not created'", async () => {
    const connect = vi.fn(() => new TestPanel().connect());
    const controller = new VoiceController({
      api: fakeApi({
        getConfig: () =>
          Promise.resolve({ ...CONFIG, connect: { ...CONFIG.connect, instanceStatus: 'PENDING' } }),
      }),
      storage: null,
      connect,
    });
    await controller.start();
    const { session } = controller.getState();
    expect(session.phase).toBe('error');
    expect(text(session.error)).toBe('Voice instance is not created');
    expect(connect).not.toHaveBeenCalled();
  });

  it('keys with prefix fg_voice_communication_ are cleaned at start (other keys stay)', async () => {
    const storage = new SharedStorage();
    storage.map.set('fg_voice_communication_c-1_answered', '{}');
    storage.map.set('fg_voice_communication_c-2', '{}');
    storage.map.set('theme', 'dark');
    await tab({ storage });
    expect(storage.keys()).toEqual(['theme']);
  });

  it('the voice module is ready only when the voice system is ready and the agent status elapsed time is known', async () => {
    const panel = new TestPanel({ autoAcknowledge: false });
    const t = await tab({ panel });
    expect(t.controller.getState().session.phase).toBe('connecting');
    panel.instance.setAgentState('Available'); // agent data, but the panel has not acknowledged
    await flush(vi);
    expect(t.controller.getState().session.ready).toBe(false);
    panel.acknowledge();
    await flush(vi);
    expect(t.controller.getState().session).toMatchObject({ phase: 'ready', ready: true });
  });

  it('when the voice system becomes ready, it checks whether connections are available for transferring a call and stores the result', async () => {
    const t = await tab({
      api: {
        getTransfers: () =>
          Promise.resolve({
            agents: [],
            groups: [{ id: 'g', name: 'Sales', description: '', endpointId: 'e-sales' }],
          }),
      },
    });
    expect(t.controller.getState().transfer.available).toBeNull();
    t.panel.instance.setAgentState('Available');
    await flush(vi);
    expect(t.api.callsOf('getTransfers')).toHaveLength(1);
    expect(t.controller.getState().transfer.available).toBe(true);
  });

  it('a start cancelled by dispose connects nothing; the next start connects one panel (StrictMode double mount)', async () => {
    const connect = vi.fn(() => new TestPanel().connect());
    const controller = new VoiceController({ api: fakeApi(), storage: null, connect });
    const first = controller.start();
    controller.dispose();
    const second = controller.start();
    await Promise.all([first, second]);
    expect(connect).toHaveBeenCalledTimes(1);
    controller.dispose();
    expect(controller.getState().session.phase).toBe('idle');
  });

  it('the random call-panel instance identifier has up to 5 digits', () => {
    const ids = [0, 0.5, 0.99999].map(
      (r) => new VoiceController({ api: fakeApi(), random: () => r }).getState().session.panelId,
    );
    expect(ids).toEqual(['0', '50000', '99999']);
  });
});

describe('§4 agent availability', () => {
  it("Available is shown 'On' and described 'Waiting for inbound voice calls'", async () => {
    const t = await readyTab();
    const { agent } = t.controller.getState();
    expect(text(agent.label)).toBe('On');
    expect(agent.kind).toBe('available');
    expect(description(t)).toBe('Waiting for inbound voice calls');
  });

  it("Offline is shown 'Off'; custom named states show their name and 'Set status to Available to allow inbound voice calls'", async () => {
    const t = await readyTab();
    t.panel.instance.setAgentState('Offline');
    await flush(vi);
    expect(text(t.controller.getState().agent.label)).toBe('Off');
    t.panel.instance.setAgentState('Lunch');
    await flush(vi);
    const { agent } = t.controller.getState();
    expect([text(agent.label), agent.kind]).toEqual(['Lunch', 'custom']);
    expect(description(t)).toBe('Set status to Available to allow inbound voice calls');
  });

  it("an unknown state is described 'Unhandled agent status: {status}'", async () => {
    const t = await readyTab();
    t.panel.instance.setAgentState('Training', 'system');
    await flush(vi);
    expect(description(t)).toBe('Unhandled agent status: Training');
  });

  it('the derived states BUSY, PENDING_BUSY, CALLING_CUSTOMER and AFTER_CALL_WORK follow the call', async () => {
    const t = await readyTab();
    const seen: (string | null)[] = [];
    t.controller.subscribe(() => {
      const d = t.controller.getState().agent.derived;
      if (seen[seen.length - 1] !== d) seen.push(d);
    });
    const id = t.panel.instance.incomingCall();
    await flush(vi);
    t.panel.instance.setAgentState('PendingBusy', 'system');
    await flush(vi);
    await t.controller.accept();
    await flush(vi);
    t.panel.instance.customerHangsUp(id);
    await flush(vi);
    await t.controller.finish();
    await flush(vi);
    await t.controller.call('+15555550199');
    await flush(vi);
    expect(seen).toEqual([
      null,
      'PENDING_BUSY',
      'BUSY',
      'AFTER_CALL_WORK',
      null,
      'CALLING_CUSTOMER',
    ]);
  });

  it('the status descriptions follow the call: incoming, on a call, on hold, after call work, calling', async () => {
    const t = await readyTab();
    const id = t.panel.instance.incomingCall();
    await flush(vi);
    expect(description(t)).toBe('Incoming call');
    await t.controller.accept();
    await flush(vi);
    expect(description(t)).toBe('On a call with...');
    await t.controller.toggleHold();
    await flush(vi);
    expect(description(t)).toBe('Call on hold');
    t.panel.instance.customerHangsUp(id);
    await flush(vi);
    expect(description(t)).toBe("Call ended, you're on after call work");
    await t.controller.finish();
    await flush(vi);
    await t.controller.call('+15555550199');
    await flush(vi);
    expect(description(t)).toBe('Calling to...');
  });

  it("the chip shows the product's words for the contact centre's own states, never their names", async () => {
    const t = await readyTab();
    const label = () => text(t.controller.getState().agent.label);
    const id = t.panel.instance.incomingCall();
    t.panel.instance.setAgentState('PendingBusy', 'system');
    await flush(vi);
    expect(label()).toBe('Incoming call');
    await t.controller.accept();
    t.panel.instance.setAgentState('Busy', 'system');
    await flush(vi);
    expect(label()).toBe('On a call with...');
    t.panel.instance.customerHangsUp(id);
    t.panel.instance.setAgentState('AfterCallWork', 'system');
    await flush(vi);
    expect(label()).toBe("Call ended, you're on after call work");
    await t.controller.finish();
    t.panel.instance.setAgentState('CallingCustomer', 'system');
    await flush(vi);
    expect(label()).toBe('Calling to...');
    t.panel.instance.setAgentState('MissedCallAgent', 'error');
    await flush(vi);
    expect(label()).toBe("Missed call, you're on after call work.");
    t.panel.instance.setAgentState('FailedConnectCustomer', 'error');
    await flush(vi);
    expect(label()).toBe('Customer did not answer the voice call');
    // the states the agent picks keep their labels
    t.panel.instance.setAgentState('Lunch');
    await flush(vi);
    expect(label()).toBe('Lunch');
  });

  it("a missed call is described 'Missed call, you're on after call work.'", async () => {
    const t = await readyTab();
    const id = t.panel.instance.incomingCall();
    await flush(vi);
    t.panel.instance.missCall(id);
    await flush(vi);
    expect(t.controller.getState().call).toMatchObject({ status: 'missed', afterCallWork: true });
    expect(description(t)).toBe("Missed call, you're on after call work.");
  });

  it('lists the selectable states (routable, not routable, offline) with their labels', async () => {
    const t = await readyTab();
    expect(t.controller.getState().agent.options.map((o) => [o.name, text(o.label)])).toEqual([
      ['Available', 'On'],
      ['Offline', 'Off'],
      ['Lunch', 'Lunch'],
    ]);
  });

  it('the status start time is known and stays stable while the state lasts', async () => {
    const t = await readyTab();
    const startedAt = t.controller.getState().agent.startedAt;
    expect(startedAt).toBe(Date.now() - 600);
    t.panel.instance.update(); // the same state again
    await flush(vi, 5000);
    expect(t.controller.getState().agent.startedAt).toBe(startedAt);
  });

  it('setting an agent status resolves after at most 2 s', async () => {
    const t = await readyTab();
    t.panel.handle('putAgentState', () => new Promise(() => {})); // the panel never answers
    let resolved = false;
    void t.controller.setStatus('Lunch').then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(1999);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(resolved).toBe(true);
  });

  it('a microphone-not-shared error forces the agent Offline and disables status changes with its tooltip', async () => {
    const t = await readyTab();
    t.panel.emit('agent::softphone_error', { errorType: 'microphone_not_shared' });
    await flush(vi);
    const { agent, session } = t.controller.getState();
    expect(agent.name).toBe('Offline');
    expect(agent).toMatchObject({ canChangeStatus: false, microphoneShared: false });
    expect(text(agent.disabledReason)).toBe(
      'Cannot change call status if microphone is not shared with the browser.',
    );
    expect(text(session.softphoneError?.message)).toBe(
      'Microphone is not shared with the browser. Please allow microphone access and reload the page.',
    );
    expect(await rejection(t.controller.setStatus('Available'))).toBe(
      'Cannot change call status if microphone is not shared with the browser.',
    );
  });

  it('other softphone errors show their messages', async () => {
    const t = await readyTab();
    const cases: [Record<string, string>, string][] = [
      [{ errorType: 'ice_collection_timeout' }, 'Ice collection timedout. '],
      [
        { errorType: 'signalling_handshake_failure', endPointUrl: 'wss://x' },
        'Handshaking with Signalling Server wss://x failed. ',
      ],
      [
        { errorType: 'signalling_connection_failure', endPointUrl: 'wss://x' },
        'URL wss://x cannot be reached. ',
      ],
      [{ errorType: 'webrtc_error' }, 'webrtc system error. '],
      [{ errorType: 'user_busy_error' }, 'Softphone call UserBusy error. '],
      [
        { errorType: 'unsupported_browser' },
        'Connect does not support this browser. Some functionality may not work. ',
      ],
      [
        { errorType: 'realtime_communication_error' },
        'Number of active sessions are more then allowed limit.',
      ],
      [
        { errorType: 'duplicate_session' },
        'duplicate session detected, refusing to setup new connection',
      ],
    ];
    for (const [data, message] of cases) {
      t.panel.emit('agent::softphone_error', data);
      await flush(vi, 0);
      expect(text(t.controller.getState().session.softphoneError?.message)).toBe(message);
    }
    expect(t.controller.getState().agent.canChangeStatus).toBe(true);
  });

  it('authentication failure and access denied events from the softphone are only logged', async () => {
    const t = await readyTab();
    const before = t.controller.getState();
    const logged: string[] = [];
    t.controller.ccp!.getLog().onEntry((entry) => logged.push(entry.text));
    t.panel.emit('auth_fail', {});
    t.panel.emit('access_denied', {});
    await flush(vi);
    expect(logged).toEqual(
      expect.arrayContaining([
        'voice: softphone authentication failed',
        'voice: softphone access denied',
      ]),
    );
    expect(t.controller.getState()).toBe(before);
  });

  it('on logout, an active call is ended and the agent is set Offline', async () => {
    const t = await readyTab();
    const id = await acceptedCall(t);
    await t.controller.logout();
    await flush(vi);
    const destroyed = t.panel.requests.filter((r) => r.method === 'destroyConnection');
    expect(destroyed.map((r) => r.params)).toEqual([
      { contactId: id, connectionId: `${id}-agent` },
    ]);
    const put = t.panel.requests.filter((r) => r.method === 'putAgentState').at(-1);
    expect((put?.params.state as { name: string }).name).toBe('Offline');
  });
});

describe('§4 call state', () => {
  it('connecting, not monitoring: the call menu expands and an inbound call refreshes the connection record; the phone number looks up the contact', async () => {
    const t = await readyTab();
    const id = t.panel.instance.incomingCall({ phoneNumber: '+15555550123' });
    await flush(vi);
    const { call } = t.controller.getState();
    expect(call).toMatchObject({
      status: 'connecting',
      view: 'incoming',
      menuActive: true,
      menuExpanded: true,
      conversationId: `conv-${id}`,
      info: {
        idCommunication: id,
        phoneNumber: '+15555550123',
        isInbound: true,
        isOutbound: false,
      },
    });
    expect(call.conversationContact?.name).toBe('Ada Lovelace');
    expect(t.api.callsOf('getConnection')).toEqual([[id]]);
    expect(t.api.callsOf('getContactByPhone')).toContainEqual(['+15555550123']);
    expect(t.api.callsOf('startConversation')).toEqual([]);
  });

  it("connecting, inbound accepted shows 'Connecting...' (the accepting view)", async () => {
    const t = await readyTab();
    t.panel.handle('acceptContact', () => new Promise(() => {}));
    t.panel.instance.incomingCall();
    await flush(vi);
    void t.controller.accept();
    await flush(vi);
    expect(t.controller.getState().call.view).toBe('accepting');
  });

  it('connected, not monitoring: the call is accepted and marked answered; notification sound is off while connected', async () => {
    const t = await readyTab();
    const id = await acceptedCall(t);
    expect(t.controller.getState().call).toMatchObject({
      status: 'connected',
      view: 'connected',
      accepted: true,
      answered: true,
      keypadVisible: true,
      notificationSoundEnabled: false,
    });
    expect(t.api.callsOf('acceptCall')).toEqual([
      [{ contactPhoneNumber: '+15555550123', idCommunication: id, communicationType: 'inbound' }],
    ]);
    expect(t.sounds).toEqual([false]);
  });

  it('an outbound call starts a conversation', async () => {
    const t = await readyTab();
    await t.controller.call('+15555550199');
    await flush(vi);
    const { call } = t.controller.getState();
    expect(call).toMatchObject({ status: 'connecting', view: 'outgoing', menuExpanded: true });
    const [start] = t.api.callsOf('startConversation');
    expect(start?.[0]).toMatchObject({
      contactPhoneNumber: '+15555550199',
      communicationType: 'outbound',
    });
    expect(call.conversationId).toBe(`conv-${call.info?.idCommunication}`);
    expect(t.api.callsOf('getConnection')).toEqual([]);
  });

  it('ended: the connection is refreshed and the agent is in after-call work; Finish clears the call and resets the transferring flag', async () => {
    const t = await readyTab();
    const id = await acceptedCall(t);
    t.panel.instance.customerHangsUp(id);
    await flush(vi);
    expect(t.controller.getState().call).toMatchObject({
      status: 'ended',
      view: 'afterCallWork',
      afterCallWork: true,
      keypadVisible: false,
      notificationSoundEnabled: true,
    });
    expect(t.api.callsOf('getConnection')).toEqual([[id], [id]]);
    await t.controller.finish();
    await flush(vi);
    expect(t.panel.requests.map((r) => r.method)).toContain('clearContact');
    expect(t.controller.getState().call).toMatchObject({
      status: 'idle',
      view: 'none',
      menuActive: false,
      info: null,
      conversationId: null,
      conversationContact: null,
    });
    expect(t.controller.getState().transfer.transferring).toBe(false);
    expect(t.sounds).toEqual([false, true]);
  });

  it('when the contact is destroyed, call info and contact are cleared', async () => {
    const t = await readyTab();
    const id = await acceptedCall(t);
    t.panel.instance.dropContact(id);
    await flush(vi);
    expect(t.controller.getState().call).toMatchObject({
      status: 'idle',
      info: null,
      conversationContact: null,
      menuActive: false,
    });
  });

  it('a monitor-type connection is resolved to its previous communication to find the real conversation', async () => {
    const t = await readyTab({
      api: {
        getConnection: (id) =>
          Promise.resolve(
            id === 'contact-1'
              ? connectionRecord({
                  idCommunication: id,
                  communicationType: 'monitor',
                  previousIdCommunication: 'original-1',
                  idConversation: null,
                })
              : connectionRecord({ idCommunication: id, idConversation: 'conv-original' }),
          ),
      },
    });
    t.panel.instance.incomingCall();
    await flush(vi);
    expect(t.api.callsOf('getConnection')).toEqual([['contact-1'], ['original-1']]);
    expect(t.controller.getState().call.conversationId).toBe('conv-original');
  });

  it('declining a ringing call rejects the contact', async () => {
    const t = await readyTab();
    const id = t.panel.instance.incomingCall();
    await flush(vi);
    await t.controller.decline();
    await flush(vi);
    expect(t.panel.requests.at(-1)).toMatchObject({
      method: 'rejectContact',
      params: { contactId: id },
    });
    expect(t.controller.getState().call.status).toBe('idle');
  });

  it('the call menu can be collapsed and expanded', async () => {
    const t = await readyTab();
    await acceptedCall(t);
    t.controller.setMenuExpanded(false);
    expect(t.controller.getState().call.menuExpanded).toBe(false);
    t.controller.toggleMenu();
    expect(t.controller.getState().call.menuExpanded).toBe(true);
  });

  it('the error state of a call triggers a connection refresh and after-call work', async () => {
    const t = await readyTab();
    const id = t.panel.instance.incomingCall();
    await flush(vi);
    t.panel.handle('getAgentSnapshot', () => ({}));
    const snapshot = t.panel.instance.snapshot();
    const contact = snapshot.snapshot.contacts[0]!;
    contact.state = { type: 'error', timestamp: new Date() };
    t.panel.pushAgentUpdate(snapshot);
    await flush(vi);
    expect(t.controller.getState().call).toMatchObject({ status: 'error', afterCallWork: true });
    expect(t.api.callsOf('getConnection')).toEqual([[id], [id]]);
  });
});

describe('§4 hold, mute and multiparty', () => {
  it('in a two-party call hold applies to the customer and mute to the agent', async () => {
    const t = await readyTab();
    const id = await acceptedCall(t);
    expect(await t.controller.toggleHold()).toBe(true);
    await flush(vi);
    expect(t.panel.requests.at(-1)).toMatchObject({
      method: 'holdConnection',
      params: { contactId: id, connectionId: `${id}-customer` },
    });
    expect(t.controller.getState().call.onHold).toBe(true);
    await t.controller.toggleHold();
    await flush(vi);
    expect(t.panel.requests.at(-1)?.method).toBe('resumeConnection');
    expect(t.controller.getState().call.onHold).toBe(false);
    await t.controller.toggleMute();
    await flush(vi);
    expect(t.panel.sent('broadcast')).toContainEqual({ event: 'mute', data: { mute: true } });
    expect(t.controller.getState().call.muted).toBe(true);
    await t.controller.toggleMute();
    await flush(vi);
    expect(t.controller.getState().call.muted).toBe(false);
  });

  it('in a multiparty call (conference enabled and more than 2 active connections) hold and mute apply to the agent connection and are blocked while a participant is still connecting', async () => {
    const t = await readyTab();
    t.panel.instance.endpoints = [
      { endpointId: 'e-john', endpointARN: 'arn:e-john', type: 'agent', name: 'John Roe' },
    ];
    const id = await acceptedCall(t, { multiParty: true });
    await t.controller.transfer({ endpointId: 'e-john' });
    await flush(vi);
    const state = t.controller.getState();
    expect(state.call).toMatchObject({ multiparty: true, controlsBlocked: true });
    expect(await t.controller.toggleHold()).toBe(false);
    expect(await t.controller.toggleMute()).toBe(false);
    const party = state.participants.list.find((p) => p.type === 'AGENT')!;
    t.panel.instance.partyAnswers(id, party.participantId);
    await flush(vi);
    expect(t.controller.getState().call.controlsBlocked).toBe(false);
    await t.controller.toggleHold();
    await flush(vi);
    expect(t.panel.requests.at(-1)).toMatchObject({
      method: 'holdConnection',
      params: { connectionId: `${id}-agent` },
    });
    expect(t.controller.getState().call.onHold).toBe(true);
    expect(description(t)).toBe("Transfer call: you're on hold");
    await t.controller.toggleMute();
    await flush(vi);
    expect(t.panel.requests.at(-1)).toMatchObject({
      method: 'muteParticipant',
      params: { connectionId: `${id}-agent` },
    });
    expect(t.controller.getState().call.muted).toBe(true);
  });
});

describe('§5 keypad', () => {
  it('the keypad accepts only 0-9, *, # and Backspace; other keys are blocked; digits are sent to the call as typed', async () => {
    const t = await readyTab();
    const id = await acceptedCall(t);
    for (const key of ['1', '2', 'a', '#', 'Enter', '*', 'Backspace', '9'])
      t.controller.pressKey(key);
    await flush(vi);
    expect(t.panel.instance.digits.get(`${id}-agent`)).toEqual(['1', '2', '#', '*', '9']);
    expect(t.controller.getState().call.digits).toBe('12#9');
    expect(t.controller.pressKey('x')).toBe(false);
  });

  it('digits pressed before the previous one was answered are sent after it, in order', async () => {
    const t = await readyTab();
    const id = await acceptedCall(t);
    // The panel answers the first digit only when told, as a slow contact centre would.
    const answers: (() => void)[] = [];
    const sent: string[] = [];
    t.panel.handle('sendDigits', (params) => {
      sent.push(params.digits as string);
      return new Promise<null>((resolve) => answers.push(() => resolve(null)));
    });
    for (const key of ['9', '*', '3']) t.controller.pressKey(key);
    await flush(vi);
    expect(sent).toEqual(['9']);
    expect(t.controller.getState().call.digits).toBe('9*3');
    for (let i = 0; i < 3; i++) {
      answers[i]!();
      await flush(vi);
    }
    expect(sent).toEqual(['9', '*', '3']);
    expect(t.panel.requests.filter((r) => r.method === 'sendDigits').map((r) => r.params)).toEqual(
      ['9', '*', '3'].map((digits) => ({ contactId: id, connectionId: `${id}-agent`, digits })),
    );
  });

  it('the keypad is hidden when the call is not connected', async () => {
    const t = await readyTab();
    t.panel.instance.incomingCall();
    await flush(vi);
    expect(t.controller.getState().call.keypadVisible).toBe(false);
    expect(t.controller.pressKey('1')).toBe(false);
  });
});

describe('§5 outbound calls', () => {
  it("an outbound phone number must start with +, otherwise 'Phone number is not valid.'", async () => {
    const t = await readyTab();
    expect(await rejection(t.controller.call('15555550199'))).toBe('Phone number is not valid.');
  });

  it("a number written with spaces, dashes, dots or brackets is dialled as E.164; a number that is still not one is refused with 'Phone number is not valid.'", async () => {
    const t = await readyTab();
    await t.controller.call(' +44 20 7123-4567 ');
    await flush(vi);
    expect(t.controller.getState().call.info?.phoneNumber).toBe('+442071234567');
    await t.controller.end();
    await flush(vi);
    await t.controller.finish();
    await flush(vi);
    for (const bad of ['+44 20 71x3', '+0 123', '+'])
      expect(await rejection(t.controller.call(bad))).toBe('Phone number is not valid.');
  });

  it("no outbound call may start if the agent status is Busy, PendingBusy or CallingCustomer: 'Agent call is not available at this time.'", async () => {
    const t = await readyTab();
    for (const state of ['Busy', 'PendingBusy', 'CallingCustomer']) {
      t.panel.instance.setAgentState(state, 'system');
      await flush(vi);
      expect(await rejection(t.controller.call('+15555550199'))).toBe(
        'Agent call is not available at this time.',
      );
    }
  });

  it("no agent: 'No agent to perform a call. Please, refresh the app.'", async () => {
    const t = await tab(); // no agent data yet
    expect(await rejection(t.controller.call('+15555550199'))).toBe(
      'No agent to perform a call. Please, refresh the app.',
    );
  });

  it('outbound call failure: the message from the server if parseable, else the default text', async () => {
    const t = await readyTab();
    t.panel.handle('createOutboundContact', () => {
      throw new PanelError({ type: 'BadEndpointException', message: 'The number is barred.' });
    });
    expect(await rejection(t.controller.call('+15555550199'))).toBe('The number is barred.');
    t.panel.handle('createOutboundContact', () => {
      throw new PanelError({ type: 'BadEndpointException', message: '' });
    });
    expect(await rejection(t.controller.call('+15555550199'))).toBe(
      'There was an error calling the contact, check the phone number.',
    );
  });

  it("accepting a call without contact info: 'Contact info is not available'", async () => {
    const t = await readyTab();
    t.panel.instance.incomingCall({ phoneNumber: '' });
    await flush(vi);
    expect(await rejection(t.controller.accept())).toBe('Contact info is not available');
  });

  it("missing items: 'No contact to ...'", async () => {
    const t = await readyTab();
    expect(await rejection(t.controller.accept())).toBe('No contact to accept');
    expect(await rejection(t.controller.toggleHold())).toBe('No contact to hold');
    expect(await rejection(t.controller.transfer({ endpointId: 'x' }))).toBe(
      'No contact to transfer',
    );
  });
});

describe('§3/§5 participants', () => {
  it("lists the other parties; an unidentified third party is named 'internal transfer'", async () => {
    const t = await readyTab();
    t.panel.instance.endpoints = [{ endpointId: 'e-x', endpointARN: 'arn:e-x', type: 'agent' }];
    const id = await acceptedCall(t, { multiParty: true });
    await t.controller.transfer({ endpointId: 'e-x' });
    await flush(vi);
    const list = t.controller.getState().participants.list;
    expect(list.map((p) => [p.name, p.type, p.onHold, p.connecting])).toEqual([
      ['Ada Lovelace', 'CUSTOMER', true, false],
      ['internal transfer', 'AGENT', false, true],
    ]);
    expect(list[0]).toMatchObject({ participantId: `${id}-customer`, phoneNumber: '+15555550123' });
  });

  it('a participant can be controlled only if it exists and is active', async () => {
    const t = await readyTab();
    const id = await acceptedCall(t);
    expect(await rejection(t.controller.holdParticipant('nobody'))).toBe('No participant to hold');
    await t.controller.holdParticipant(`${id}-customer`);
    await t.controller.muteParticipant(`${id}-customer`);
    await flush(vi);
    expect(t.panel.requests.slice(-2).map((r) => r.method)).toEqual([
      'holdConnection',
      'muteParticipant',
    ]);
    t.panel.instance.customerHangsUp(id);
    await flush(vi);
    expect(await rejection(t.controller.resumeParticipant(`${id}-customer`))).toBe(
      'No participant to resume',
    );
  });

  it('refreshes the participants state durations', async () => {
    const t = await readyTab();
    await acceptedCall(t);
    t.controller.refreshParticipants();
    const before = t.controller.getState().participants.list[0]!.stateDuration;
    await vi.advanceTimersByTimeAsync(3000);
    t.controller.refreshParticipants();
    expect(t.controller.getState().participants.list[0]!.stateDuration).toBe(before + 3000);
  });
});

describe('§4 monitoring', () => {
  async function monitoring(capabilities?: string[]): Promise<Tab> {
    const t = await readyTab();
    await t.controller.joinLiveCall('live-1');
    expect(t.api.callsOf('joinLiveCall')).toEqual([['live-1']]);
    t.panel.instance.monitoringCall({
      contactId: 'monitor-1',
      ...(capabilities ? { capabilities } : {}),
    });
    await flush(vi);
    return t;
  }

  it('connected while monitoring: the menu expands, monitoring is recorded and the connection of the original communication is refreshed', async () => {
    const t = await monitoring();
    const { call, monitoring: m } = t.controller.getState();
    expect(call).toMatchObject({ status: 'connected', menuExpanded: true });
    expect(m).toMatchObject({
      isMonitoring: true,
      isSilentMonitor: true,
      isSilentMonitorEnabled: true,
      isBargeEnabled: true,
      idCommunication: 'monitor-1',
      originalIdCommunication: 'live-1',
      mode: 'listener',
    });
    expect(t.api.callsOf('monitorCall')).toEqual([
      [{ idCommunication: 'monitor-1', previousIdCommunication: 'live-1' }],
    ]);
    expect(t.api.callsOf('getConnection')).toEqual([['live-1']]);
    expect(t.api.callsOf('acceptCall')).toEqual([]);
    expect(description(t)).toBe("You're a call listener");
  });

  it('choosing Participant also mutes the agent', async () => {
    const t = await monitoring();
    await t.controller.setMonitoringMode('participant');
    await flush(vi);
    expect(t.panel.requests.at(-1)).toMatchObject({
      method: 'updateMonitorParticipantState',
      params: { targetMonitorMode: 'BARGE' },
    });
    expect(t.controller.getState().monitoring).toMatchObject({
      isBarge: true,
      mode: 'participant',
    });
    expect(t.controller.getState().call.muted).toBe(true);
    expect(description(t)).toBe("You're on call");
  });

  it('the monitoring modes are available only when the softphone reports them enabled', async () => {
    const t = await monitoring(['SILENT_MONITOR']);
    expect(t.controller.getState().monitoring.isBargeEnabled).toBe(false);
    await expect(t.controller.setMonitoringMode('participant')).rejects.toBeInstanceOf(VoiceError);
  });

  it("leaving monitoring asks 'Leave call?' ('If you leave call, rest of participants will continue in it and monitoring ends')", async () => {
    const t = await monitoring();
    t.controller.requestLeaveMonitoring();
    const confirmation = t.controller.getState().monitoring.leaveConfirmation;
    expect([text(confirmation?.title), text(confirmation?.text)]).toEqual([
      'Leave call?',
      'If you leave call, rest of participants will continue in it and monitoring ends',
    ]);
    t.controller.cancelLeaveMonitoring();
    expect(t.controller.getState().monitoring.leaveConfirmation).toBeNull();
    t.controller.requestLeaveMonitoring();
    await t.controller.confirmLeaveMonitoring();
    await flush(vi);
    expect(t.panel.requests.at(-1)).toMatchObject({
      method: 'destroyConnection',
      params: { connectionId: 'monitor-1-monitor' },
    });
    expect(t.controller.getState().monitoring.isMonitoring).toBe(false);
    expect(t.controller.getState().call.status).toBe('idle');
  });

  it('joining a live call is blocked while the user is on a call', async () => {
    const t = await readyTab();
    await acceptedCall(t);
    expect(await rejection(t.controller.joinLiveCall('live-1'))).toBe(
      'Agent call is not available at this time.',
    );
  });
});

describe('§4/§5 transfer', () => {
  it("the transfer endpoint must be in the agent's quick-connect list, else 'Endpoint to transfer call not found'", async () => {
    const t = await readyTab();
    await acceptedCall(t);
    expect(await rejection(t.controller.transfer({ endpointId: 'e-unknown' }))).toBe(
      'Endpoint to transfer call not found',
    );
    expect(t.controller.getState().transfer.transferring).toBe(false);
  });

  it("transfer: the state is set to transferring ('Transfer call') and the target joins the call; Finish resets the flag", async () => {
    const t = await readyTab();
    t.panel.instance.endpoints = [
      { endpointId: 'e-john', endpointARN: 'arn:e-john', type: 'agent', name: 'John Roe' },
    ];
    const id = await acceptedCall(t, { multiParty: true });
    await t.controller.transfer({ endpointId: 'e-john', name: 'John Roe' });
    await flush(vi);
    expect(
      t.panel.requests.find((r) => r.method === 'createAdditionalConnection')?.params,
    ).toMatchObject({ contactId: id, endpoint: { endpointId: 'e-john' } });
    expect(t.controller.getState().transfer).toMatchObject({
      transferring: true,
      target: { endpointId: 'e-john' },
    });
    expect(description(t)).toBe('Transfer call');
    expect(t.controller.getState().participants.list.map((p) => p.name)).toContain('John Roe');
    await t.controller.end(); // 'Exit': the agent leaves, the others go on
    await flush(vi);
    expect(t.controller.getState().call.afterCallWork).toBe(true);
    await t.controller.finish();
    expect(t.controller.getState().transfer.transferring).toBe(false);
  });
});

describe('§2/§9 audio devices', () => {
  const devices = [
    { deviceId: 'mic-1', kind: 'audioinput', label: 'Mic', groupId: '' },
    { deviceId: 'spk-1', kind: 'audiooutput', label: 'Speaker', groupId: '' },
    { deviceId: 'cam-1', kind: 'videoinput', label: 'Camera', groupId: '' },
  ] as MediaDeviceInfo[];

  it('lists speakers, microphones and ringers', async () => {
    const t = await readyTab({
      mediaDevices: { enumerateDevices: () => Promise.resolve(devices) },
    });
    await t.controller.refreshDevices();
    const state = t.controller.getState().devices;
    expect(state.status).toBe('ready');
    expect(state.microphones.map((d) => d.deviceId)).toEqual(['mic-1']);
    expect(state.speakers.map((d) => d.deviceId)).toEqual(['spk-1']);
    expect(state.ringers.map((d) => d.deviceId)).toEqual(['spk-1']);
  });

  it('callers at the same time share one listing', async () => {
    const enumerateDevices = vi.fn(() => Promise.resolve(devices));
    const t = await readyTab({ mediaDevices: { enumerateDevices } });
    await Promise.all([t.controller.refreshDevices(), t.controller.refreshDevices()]);
    expect(enumerateDevices).toHaveBeenCalledTimes(1);
    await t.controller.refreshDevices(); // a later call lists again
    expect(enumerateDevices).toHaveBeenCalledTimes(2);
  });

  it('a device plugged in or out lists them again (once listed; not after dispose)', async () => {
    let current = devices;
    const target = new EventTarget();
    const enumerateDevices = vi.fn(() => Promise.resolve(current));
    const mediaDevices = {
      enumerateDevices,
      addEventListener: (type: 'devicechange', l: () => void) => target.addEventListener(type, l),
      removeEventListener: (type: 'devicechange', l: () => void) =>
        target.removeEventListener(type, l),
    };
    const t = await readyTab({ mediaDevices });
    target.dispatchEvent(new Event('devicechange'));
    await flush(vi);
    expect(enumerateDevices).not.toHaveBeenCalled(); // nobody asked for the lists yet
    await t.controller.refreshDevices();
    current = [
      ...devices,
      { deviceId: 'headset', kind: 'audioinput', label: 'Headset', groupId: '' },
    ] as MediaDeviceInfo[];
    target.dispatchEvent(new Event('devicechange'));
    await flush(vi);
    expect(t.controller.getState().devices.microphones.map((d) => d.deviceId)).toEqual([
      'mic-1',
      'headset',
    ]);
    // a change while a listing is under way lists again once it ends
    let release!: () => void;
    enumerateDevices.mockImplementationOnce(
      () => new Promise((resolve) => (release = () => resolve(devices))),
    );
    const slow = t.controller.refreshDevices();
    target.dispatchEvent(new Event('devicechange'));
    release();
    await slow;
    await flush(vi);
    expect(enumerateDevices).toHaveBeenCalledTimes(4);
    expect(t.controller.getState().devices.microphones.map((d) => d.deviceId)).toEqual([
      'mic-1',
      'headset',
    ]);
    t.controller.dispose();
    target.dispatchEvent(new Event('devicechange'));
    await flush(vi);
    expect(enumerateDevices).toHaveBeenCalledTimes(4);
  });

  it('audio device enumeration times out after 2000 ms', async () => {
    const t = await readyTab({ mediaDevices: { enumerateDevices: () => new Promise(() => {}) } });
    const done = t.controller.refreshDevices();
    await vi.advanceTimersByTimeAsync(1999);
    expect(t.controller.getState().devices.status).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(t.controller.getState().devices.status).toBe('error');
  });

  it("the microphone can be changed only during a voice call ('You can only change the microphone device during a voice call.')", async () => {
    const t = await readyTab();
    expect(() => t.controller.selectDevice('microphone', 'mic-1')).toThrow(
      'You can only change the microphone device during a voice call.',
    );
    t.controller.selectDevice('speaker', 'spk-1');
    await acceptedCall(t);
    t.controller.selectDevice('microphone', 'mic-1');
    await flush(vi);
    expect(t.panel.sent('broadcast')).toEqual(
      expect.arrayContaining([
        { event: 'configuration::set_speaker_device', data: { deviceId: 'spk-1' } },
        { event: 'configuration::set_microphone_device', data: { deviceId: 'mic-1' } },
      ]),
    );
    expect(t.controller.getState().devices.selected).toMatchObject({
      speaker: 'spk-1',
      microphone: 'mic-1',
    });
  });
});
