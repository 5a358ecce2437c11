import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PanelError, TestPanel } from '../testing';
import { createConnect, type ConnectGlobal } from './create-connect';
import type { CompatEventBus } from './event-bus';

/** `sub.unsubscribe()`: the original declares it a `Function`. */
const unsubscribe = (sub: connect.Subscription): void => (sub.unsubscribe as () => void)();

let panel: TestPanel;
let connect: ConnectGlobal;
const container = {} as HTMLElement;

beforeEach(() => {
  panel = new TestPanel();
  connect = createConnect({ initCCP: (_c, params) => panel.connect(params) });
});
afterEach(() => connect.core.terminate());

function callbacks() {
  const success = vi.fn();
  const failure = vi.fn();
  return { success, failure };
}

describe('connect.core', () => {
  it('initCCP fires onInitialized on the first acknowledge and sets core.initialized', async () => {
    const onInit = vi.fn();
    connect.core.onInitialized(onInit);
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    await panel.settle();
    expect(onInit).toHaveBeenCalledOnce();
    expect(connect.core.initialized).toBe(true);
  });

  it('a second initCCP while the panel is live creates nothing', () => {
    const init = vi.fn((_c: HTMLElement, params: Parameters<TestPanel['connect']>[0]) =>
      panel.connect(params),
    );
    connect = createConnect({ initCCP: init });
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    expect(init).toHaveBeenCalledOnce();
  });

  it('onAuthFail and onAccessDenied receive the panel events; subscriptions unsubscribe', async () => {
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    const fail = vi.fn();
    const denied = vi.fn();
    const sub = connect.core.onAuthFail(fail);
    connect.core.onAccessDenied(denied);
    panel.emit('auth_fail', { authorize: true });
    panel.emit('access_denied');
    await panel.settle();
    unsubscribe(sub);
    panel.emit('auth_fail');
    await panel.settle();
    expect(fail.mock.calls.map((c): unknown => c[0])).toEqual([{ authorize: true }]);
    expect(denied).toHaveBeenCalledOnce();
  });

  it('onViewContact gets {contactId} for contact::view', async () => {
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    const seen = vi.fn();
    connect.core.onViewContact(seen);
    panel.emit('contact::view', { contactId: 'c-1' });
    await panel.settle();
    expect(seen.mock.calls[0]?.[0]).toEqual({ contactId: 'c-1' });
  });

  it('terminate drops subscriptions and a following initCCP starts afresh', async () => {
    const onInit = vi.fn();
    connect.core.onInitialized(onInit);
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    await panel.settle();
    connect.core.terminate();
    expect(connect.core.initialized).toBe(false);
    panel = new TestPanel();
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    await panel.settle();
    expect(onInit).toHaveBeenCalledOnce();
    expect(connect.core.initialized).toBe(true);
  });

  it("calls before initCCP that need the panel throw 'The connect core has not been initialized!'", () => {
    expect(() => new connect.Agent()).toThrow('The connect core has not been initialized!');
  });

  it('getWebSocketManager relays subscribeTopics and sendMessage, and filters onMessage by topic', async () => {
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    const wsm = connect.core.getWebSocketManager();
    wsm.subscribeTopics(['aws/chat']);
    wsm.sendMessage({ topic: 'aws/chat', content: 'x' });
    const chat = vi.fn();
    const off = wsm.onMessage('aws/chat', chat);
    panel.emit('webSocket::all_message', { topic: 'aws/other', content: '1' });
    panel.emit('webSocket::all_message', { topic: 'aws/chat', content: '2' });
    await panel.settle();
    off();
    panel.emit('webSocket::all_message', { topic: 'aws/chat', content: '3' });
    await panel.settle();
    expect(panel.sent('webSocket::subscribe')).toEqual([['aws/chat']]);
    expect(panel.sent('webSocket::send')).toEqual([{ topic: 'aws/chat', content: 'x' }]);
    expect(chat.mock.calls).toEqual([[{ topic: 'aws/chat', content: '2' }]]);
  });

  it('getWebSocketManager returns the same object each time (amazon-connect-chatjs ends its agent connection when handed another)', () => {
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    expect(connect.core.getWebSocketManager()).toBe(connect.core.getWebSocketManager());
  });

  it('getLog returns chainable entries', () => {
    const entry = connect
      .getLog()
      .info('Hello %s', 'world')
      .withObject({ a: 1 })
      .sendInternalLogToServer();
    expect(typeof entry.withException).toBe('function');
  });
});

describe('connect.agent', () => {
  it('calls back with the Agent once agent data arrives, and at once when already initialized', async () => {
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    const first = vi.fn();
    connect.agent(first);
    panel.instance.setAgentState('Available');
    await panel.settle();
    expect(first).toHaveBeenCalledOnce();
    expect(connect.agent.initialized).toBe(true);
    const late = vi.fn();
    connect.agent(late);
    expect(late).toHaveBeenCalledOnce();
    const agent = late.mock.calls[0]![0] as InstanceType<ConnectGlobal['Agent']>;
    expect(agent.getState().name).toBe('Available');
    expect(agent.getName()).toBeTypeOf('string');
  });

  it('setState calls success, onStateChange reports old and new names', async () => {
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    panel.instance.setAgentState('Available');
    await panel.settle();
    const agent = new connect.Agent();
    const changes: string[] = [];
    agent.onStateChange(({ oldState, newState }) => changes.push(`${oldState}→${newState}`));
    const cb = callbacks();
    const offline = agent.getAgentStates().find((s) => s.type === connect.AgentStateType.OFFLINE)!;
    agent.setState(offline, cb);
    await panel.settle(30);
    expect(cb.success).toHaveBeenCalledOnce();
    expect(changes).toEqual([`Available→${offline.name}`]);
  });

  it("a failed setState passes the panel's error JSON string and the response data, as the original", async () => {
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    panel.instance.setAgentState('Available');
    await panel.settle();
    panel.handle('putAgentState', () => {
      throw new PanelError({ type: 'InvalidStateException', message: 'nope' });
    });
    const cb = callbacks();
    new connect.Agent().setState(
      { agentStateARN: '', type: connect.AgentStateType.ROUTABLE, name: 'Available' },
      cb,
    );
    await panel.settle(30);
    expect(cb.success).not.toHaveBeenCalled();
    expect(cb.failure.mock.calls).toEqual([[expect.any(String), null]]);
    expect(JSON.parse(cb.failure.mock.calls[0]![0] as string)).toMatchObject({
      type: 'InvalidStateException',
      message: 'nope',
    });
  });
});

describe('connect.contact and the Contact/Connection API', () => {
  it('runs an inbound call: onConnecting → accept → onAccepted, onConnected → hold, resume, digits → onEnded, onACW → clear → destroyed', async () => {
    const events: string[] = [];
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    connect.contact((contact) => {
      events.push(`contact ${contact.getType()}`);
      contact.onConnecting((c) => {
        events.push('connecting');
        c.accept({ success: () => events.push('accept ok') });
      });
      contact.onAccepted(() => events.push('accepted'));
      contact.onConnected((c) => {
        events.push('connected');
        const agentConn = c.getAgentConnection() as InstanceType<ConnectGlobal['VoiceConnection']>;
        agentConn.hold({
          success: () =>
            agentConn.resume({
              success: () =>
                agentConn.sendDigits('123', { success: () => events.push('digits ok') }),
            }),
        });
      });
      contact.onEnded(() => events.push('ended'));
      contact.onACW((c) => {
        events.push('acw');
        c.clear({ success: () => events.push('clear ok') });
      });
      contact.onDestroy(() => events.push('destroyed'));
    });
    panel.instance.setAgentState('Available');
    await panel.settle();
    const id = panel.instance.incomingCall({ phoneNumber: '+15555550100' });
    await panel.settle(40);
    expect(panel.requests.map((r) => r.method)).toEqual(
      expect.arrayContaining(['acceptContact', 'holdConnection', 'resumeConnection', 'sendDigits']),
    );
    expect(panel.requests.find((r) => r.method === 'sendDigits')?.params).toMatchObject({
      contactId: id,
      digits: '123',
    });
    panel.instance.customerHangsUp(id);
    await panel.settle(40);
    // The in-memory panel pushes the agent update before it answers a request, as the real worker does.
    expect(events).toEqual([
      'contact voice',
      'connecting',
      'connected',
      'accept ok',
      'accepted',
      'digits ok',
      'acw',
      'ended',
      'destroyed',
      'clear ok',
    ]);
  });

  it('per-contact subscriptions are dropped once the contact is destroyed', async () => {
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    panel.instance.setAgentState('Available');
    await panel.settle();
    let contactId = '';
    connect.contact((c) => {
      contactId = c.getContactId();
      c.onRefresh(() => undefined);
    });
    const id = panel.instance.incomingCall();
    await panel.settle();
    expect((connect.core.getEventBus() as CompatEventBus).count(`contact::refresh::${id}`)).toBe(1);
    panel.instance.dropContact(id);
    await panel.settle();
    expect(contactId).toBe(id);
    expect((connect.core.getEventBus() as CompatEventBus).count(`contact::refresh::${id}`)).toBe(0);
  });

  it("a failed accept passes 'error' alone, as the original", async () => {
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    panel.instance.setAgentState('Available');
    await panel.settle();
    const id = panel.instance.incomingCall();
    await panel.settle();
    panel.handle('acceptContact', () => {
      throw new PanelError({ type: 'InvalidStateException', message: 'gone' });
    });
    const cb = callbacks();
    new connect.Contact(id).accept(cb);
    await panel.settle(30);
    expect(cb.failure.mock.calls).toEqual([['error']]);
  });

  it("an invalid monitoring target fails with 'invalid_target_state' alone", async () => {
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    panel.instance.setAgentState('Available');
    await panel.settle();
    const id = panel.instance.incomingCall();
    await panel.settle();
    const cb = callbacks();
    new connect.Contact(id).updateMonitorParticipantState('LISTEN' as connect.MonitoringMode, cb);
    await panel.settle();
    expect(cb.failure.mock.calls).toEqual([['invalid_target_state']]);
  });

  it("contact.destroy(cb) only logs 'contact.destroy() has been deprecated.': no call back, the call stays", async () => {
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    panel.instance.setAgentState('Available');
    await panel.settle();
    const id = panel.instance.incomingCall();
    await panel.settle();
    const warn = vi.spyOn(connect.getLog().logger, 'warn');
    const cb = callbacks();
    new connect.Contact(id).destroy(cb);
    await panel.settle(30);
    expect(warn).toHaveBeenCalledWith('contact.destroy() has been deprecated.');
    expect(cb.success).not.toHaveBeenCalled();
    expect(cb.failure).not.toHaveBeenCalled();
    expect(panel.requests.map((r) => r.method)).not.toContain('destroyConnection');
    expect(new connect.Contact(id).getStatus().type).toBe('connecting');
  });

  it("onDestroy receives a snapshot whose own getters still answer; its connections are read live, so they throw, as the original's", async () => {
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    panel.instance.setAgentState('Available');
    await panel.settle();
    const seen: unknown[] = [];
    connect.contact((contact) =>
      contact.onDestroy((c) => {
        seen.push({ id: c.getContactId(), state: c.getStatus().type, type: c.getType() });
        seen.push(() => c.getConnections());
      }),
    );
    const id = panel.instance.incomingCall();
    await panel.settle();
    panel.instance.missCall(id);
    await panel.settle();
    panel.instance.dropContact(id);
    await panel.settle();
    expect(seen[0]).toEqual({ id, state: 'missed', type: 'voice' });
    expect(seen[1]).toThrow(`Contact ${id} no longer exists.`);
    expect(() => new connect.Contact(id).getStatus()).toThrow(`Contact ${id} no longer exists.`);
  });

  it('toSnapshot() of a contact and of the agent keep answering after the contact is gone', async () => {
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    panel.instance.setAgentState('Available');
    await panel.settle();
    const id = panel.instance.incomingCall();
    await panel.settle();
    const contact = new connect.Contact(id).toSnapshot();
    const agent = new connect.Agent().toSnapshot();
    const stateThen = agent.getState().name;
    panel.instance.dropContact(id);
    await panel.settle();
    expect(contact.getStatus().type).toBe('connecting');
    expect(contact.getType()).toBe('voice');
    expect(agent.getState().name).toBe(stateThen);
    expect(agent.getContacts().map((c) => c.getStatus().type)).toEqual(['connecting']);
    expect(new connect.Agent().getContacts()).toEqual([]);
  });

  it("getEventName refuses unknown events: '%s is not a valid contact event.'", () => {
    expect(() =>
      new connect.Contact('c').getEventName('contact::nope' as connect.ContactEvents),
    ).toThrow('contact::nope is not a valid contact event.');
  });

  it('agent.connect places an outbound call to an Endpoint.byPhoneNumber', async () => {
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    panel.instance.setAgentState('Available');
    await panel.settle();
    const cb = callbacks();
    new connect.Agent().connect(connect.Endpoint.byPhoneNumber('+15555550123'), cb);
    await panel.settle(30);
    expect(cb.success).toHaveBeenCalledOnce();
    expect(panel.requests.find((r) => r.method === 'createOutboundContact')?.params).toMatchObject({
      endpoint: { type: 'phone_number', phoneNumber: '+15555550123', name: '+15555550123' },
    });
  });

  it('a missed call fires onMissed and the agent error event', async () => {
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    panel.instance.setAgentState('Available');
    await panel.settle();
    const missed = vi.fn();
    const agentError = vi.fn();
    connect.agent((a) => a.onError(agentError));
    connect.contact((c) => c.onMissed(missed));
    const id = panel.instance.incomingCall();
    await panel.settle();
    panel.instance.missCall(id);
    await panel.settle();
    expect(missed).toHaveBeenCalledOnce();
    expect(agentError).toHaveBeenCalledOnce();
  });
});

describe('enums and names', () => {
  it('exposes the 2.18 enumerations with their exact values', () => {
    expect(connect.AgentStateType.NOT_ROUTABLE).toBe('not_routable');
    expect(connect.ContactEvents.ACCEPTED).toBe('contact::accepted');
    expect(connect.EventType.ACKNOWLEDGE).toBe('acknowledge');
    expect(connect.AgentEvents.STATE_CHANGE).toBe('agent::state_change');
    expect(connect.ContactStateType.CONNECTED).toBe('connected');
    expect(connect.version).toBe('2.18.7');
  });
});
