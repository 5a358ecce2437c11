import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock';
import { ContactCentre, DomainError } from './contact-centre';
import { DEMO_SEED, parseSeed } from './seed';

function setup() {
  const clock = new ManualClock();
  const centre = new ContactCentre(parseSeed(DEMO_SEED), {
    clock,
    missedCallTimeoutMs: 20_000,
    outboundRingTimeoutMs: 30_000,
  });
  const agent = (u: string) => centre.agentByUsername(u)!;
  const available = (u: string) => centre.putAgentState(agent(u), { name: 'Available' });
  return { clock, centre, agent, available };
}

const shown = (centre: ContactCentre, a: ReturnType<ReturnType<typeof setup>['agent']>) => {
  const s = centre.snapshot(a).state;
  return `${s.type}/${s.name}`;
};

describe('routing', () => {
  it('routes an inbound call to the longest-idle available agent of the queue', () => {
    const { clock, centre, agent, available } = setup();
    available('john');
    clock.advance(1000);
    available('jane');
    const contact = centre.dialIn('+15555550001');
    expect(contact.connections.find((c) => c.type === 'agent')!.agentId).toBe(agent('john').id);
    expect(shown(centre, agent('john'))).toBe('system/PendingBusy');
    expect(centre.snapshot(agent('john')).contacts[0]!.state.type).toBe('connecting');
  });

  it('keeps a call waiting while nobody is available, then offers it when an agent becomes available', () => {
    const { centre, agent, available } = setup();
    const contact = centre.dialIn('BasicQueue');
    expect(contact.waiting).toBe(true);
    available('ana');
    expect(contact.waiting).toBe(false);
    expect(centre.contactsOf(agent('ana'))).toHaveLength(1);
  });

  it('does not route to agents who are offline or not routable (Lunch)', () => {
    const { centre, agent } = setup();
    centre.putAgentState(agent('jane'), { name: 'Lunch' });
    expect(centre.dialIn('+15555550002').waiting).toBe(true);
  });

  it('answers an unknown number as not found', () => {
    const { centre } = setup();
    expect(() => centre.dialIn('+19999999999')).toThrow(DomainError);
  });
});

describe('inbound call lifecycle', () => {
  it('accept → Busy; customer hangs up → ended and AfterCallWork; clear → back to Available', () => {
    const { centre, agent, available } = setup();
    available('jane');
    const jane = agent('jane');
    const contact = centre.dialIn('+15555550001');
    centre.acceptContact(jane, contact.id);
    expect(contact.state).toBe('connected');
    expect(shown(centre, jane)).toBe('system/Busy');
    centre.customerHangsUp(contact.id);
    expect(contact.state).toBe('ended');
    expect(contact.connections.every((c) => c.state === 'disconnected')).toBe(true);
    expect(shown(centre, jane)).toBe('system/AfterCallWork');
    centre.clearContact(jane, contact.id);
    expect(shown(centre, jane)).toBe('routable/Available');
    expect(centre.contacts.has(contact.id)).toBe(false);
  });

  it('holds and resumes a connection; refuses hold while ringing', () => {
    const { centre, agent, available } = setup();
    available('jane');
    const jane = agent('jane');
    const contact = centre.dialIn('+15555550001');
    const customer = contact.connections.find((c) => c.type === 'inbound')!;
    expect(() => centre.holdConnection(jane, contact.id, customer.id)).toThrow(/cannot hold/);
    centre.acceptContact(jane, contact.id);
    centre.holdConnection(jane, contact.id, customer.id);
    expect(customer.state).toBe('hold');
    centre.resumeConnection(jane, contact.id, customer.id);
    expect(customer.state).toBe('connected');
  });

  it('records digits sent by the agent; refuses invalid digits', () => {
    const { centre, agent, available } = setup();
    available('jane');
    const jane = agent('jane');
    const contact = centre.dialIn('+15555550001');
    centre.acceptContact(jane, contact.id);
    const customer = contact.connections.find((c) => c.type === 'inbound')!;
    centre.sendDigits(jane, contact.id, customer.id, '12#');
    expect(contact.digits).toMatchObject([{ from: 'agent', digits: '12#' }]);
    expect(() => centre.sendDigits(jane, contact.id, customer.id, 'abc')).toThrow(DomainError);
  });

  it('an unanswered offer times out as missed: agent goes to MissedCallAgent and the call is offered to the next agent', () => {
    const { clock, centre, agent, available } = setup();
    available('jane');
    clock.advance(10);
    available('john');
    const contact = centre.dialIn('+15555550001');
    const jane = agent('jane');
    clock.advance(19_999);
    expect(shown(centre, jane)).toBe('system/PendingBusy');
    clock.advance(1);
    expect(shown(centre, jane)).toBe('error/MissedCallAgent');
    expect(centre.snapshot(jane).contacts[0]!.state.type).toBe('missed');
    expect(contact.connections.find((c) => c.type === 'agent')!.agentId).toBe(agent('john').id);
    centre.putAgentState(jane, { name: 'Available' });
    expect(shown(centre, jane)).toBe('routable/Available');
    expect(centre.snapshot(jane).contacts).toEqual([]);
  });

  it('a rejected offer shows as rejected briefly and the call waits for another agent', () => {
    const { clock, centre, agent, available } = setup();
    available('jane');
    const jane = agent('jane');
    const contact = centre.dialIn('+15555550001');
    centre.rejectContact(jane, contact.id);
    expect(centre.snapshot(jane).contacts[0]!.state.type).toBe('rejected');
    expect(shown(centre, jane)).toBe('routable/Available');
    expect(contact.waiting).toBe(true);
    clock.advance(2_000);
    expect(centre.snapshot(jane).contacts).toEqual([]);
  });

  it('a caller who hangs up while ringing disappears from the agent', () => {
    const { centre, agent, available } = setup();
    available('jane');
    const contact = centre.dialIn('+15555550001');
    centre.customerHangsUp(contact.id);
    expect(centre.snapshot(agent('jane')).contacts).toEqual([]);
    expect(centre.contacts.has(contact.id)).toBe(false);
  });
});

describe('agent state', () => {
  it('enqueueNextState while on a call sets nextState and applies it when the contact is cleared', () => {
    const { centre, agent, available } = setup();
    available('jane');
    const jane = agent('jane');
    const contact = centre.dialIn('+15555550001');
    centre.acceptContact(jane, contact.id);
    centre.putAgentState(jane, { name: 'Lunch' }, true);
    expect(centre.snapshot(jane).nextState?.name).toBe('Lunch');
    expect(shown(centre, jane)).toBe('system/Busy');
    centre.destroyConnection(jane, contact.id, contact.connections.find((c) => c.agentId)!.id);
    centre.clearContact(jane, contact.id);
    expect(shown(centre, jane)).toBe('not_routable/Lunch');
    expect(centre.snapshot(jane).nextState).toBeUndefined();
  });

  it('rejects an unknown agent state', () => {
    const { centre, agent } = setup();
    expect(() => centre.putAgentState(agent('jane'), { name: 'Dancing' })).toThrow(
      /does not exist/,
    );
  });

  it('keeps the state startTimestamp while the shown state does not change', () => {
    const { clock, centre, agent, available } = setup();
    available('jane');
    const t0 = centre.snapshot(agent('jane')).state.startTimestamp;
    clock.advance(5000);
    centre.updateAgentConfiguration(agent('jane'), centre.configuration(agent('jane')));
    expect(centre.snapshot(agent('jane')).state.startTimestamp).toBe(t0);
  });

  it('validates the locale of UpdateAgentConfiguration (InvalidLocale)', () => {
    const { centre, agent } = setup();
    const config = centre.configuration(agent('jane'));
    expect(() =>
      centre.updateAgentConfiguration(agent('jane'), {
        ...config,
        agentPreferences: { LANGUAGE: 'xx_XX' },
      }),
    ).toThrow(/InvalidLocale/);
    centre.updateAgentConfiguration(agent('jane'), {
      ...config,
      agentPreferences: { LANGUAGE: 'fr_FR' },
    });
    expect(centre.configuration(agent('jane')).agentPreferences).toMatchObject({
      LANGUAGE: 'fr_FR',
    });
  });
});

describe('outbound calls', () => {
  it('rings the customer (CallingCustomer), who answers → Busy; agent hangs up → AfterCallWork', () => {
    const { centre, agent } = setup();
    const jane = agent('jane');
    const contact = centre.createOutboundContact(jane, {
      type: 'phone_number',
      phoneNumber: '+15555550123',
    });
    expect(shown(centre, jane)).toBe('system/CallingCustomer');
    expect(contact.state).toBe('connecting');
    centre.customerAnswers(contact.id);
    expect(contact.state).toBe('connected');
    expect(shown(centre, jane)).toBe('system/Busy');
    centre.destroyConnection(jane, contact.id, contact.connections.find((c) => c.agentId)!.id);
    expect(shown(centre, jane)).toBe('system/AfterCallWork');
  });

  it('a customer who rejects or does not answer ends the call; the agent is shown LineEngagedCustomer or FailedConnectCustomer until clearing it', () => {
    const { clock, centre, agent } = setup();
    const jane = agent('jane');
    const before = shown(centre, jane);
    const a = centre.createOutboundContact(jane, {
      type: 'phone_number',
      phoneNumber: '+15555550123',
    });
    centre.customerOutcome(a.id, 'rejected');
    expect(a.state).toBe('ended');
    expect(shown(centre, jane)).toBe('error/LineEngagedCustomer');
    centre.clearContact(jane, a.id);
    expect(shown(centre, jane)).toBe(before);
    const b = centre.createOutboundContact(jane, {
      type: 'phone_number',
      phoneNumber: '+15555550123',
    });
    clock.advance(30_000);
    expect(b.state).toBe('ended');
    expect(b.endReason).toMatch(/did not answer/);
    expect(shown(centre, jane)).toBe('error/FailedConnectCustomer');
    centre.clearContact(jane, b.id);
    expect(shown(centre, jane)).toBe(before);
  });

  it('refuses bad endpoints (BadEndpoint), a busy agent (InvalidState) and a missing permission (AccessDenied)', () => {
    const { centre, agent } = setup();
    const jane = agent('jane');
    expect(() =>
      centre.createOutboundContact(jane, { type: 'phone_number', phoneNumber: '12' }),
    ).toThrow(expect.objectContaining({ type: 'BadEndpointException' }));
    centre.createOutboundContact(jane, { type: 'phone_number', phoneNumber: '+15555550123' });
    expect(() =>
      centre.createOutboundContact(jane, { type: 'phone_number', phoneNumber: '+15555550124' }),
    ).toThrow(expect.objectContaining({ type: 'InvalidStateException' }));
    const clock = new ManualClock();
    const seed = parseSeed({
      ...DEMO_SEED,
      quickConnects: [],
      agents: [
        { username: 'p', name: 'P', routingProfile: 'Basic Routing Profile', permissions: [] },
      ],
    });
    const other = new ContactCentre(seed, {
      clock,
      missedCallTimeoutMs: 1,
      outboundRingTimeoutMs: 1,
    });
    expect(() =>
      other.createOutboundContact(other.agentByUsername('p')!, {
        type: 'phone_number',
        phoneNumber: '+15555550123',
      }),
    ).toThrow(expect.objectContaining({ type: 'AccessDeniedException' }));
  });
});

describe('queued callbacks', () => {
  it('rings the agent as incoming; accept dials the customer (CallingCustomer); answer → connected', () => {
    const { centre, agent, available } = setup();
    available('jane');
    const jane = agent('jane');
    const contact = centre.queueCallback('BasicQueue', '+15555550123');
    expect(contact.state).toBe('incoming');
    expect(centre.snapshot(jane).contacts[0]!.type).toBe('queue_callback');
    expect(shown(centre, jane)).toBe('system/PendingBusy');
    centre.acceptContact(jane, contact.id);
    expect(contact.state).toBe('connecting');
    expect(contact.connections.find((c) => c.type === 'outbound')!.state).toBe('connecting');
    expect(shown(centre, jane)).toBe('system/CallingCustomer');
    centre.customerAnswers(contact.id);
    expect(contact.state).toBe('connected');
    expect(shown(centre, jane)).toBe('system/Busy');
  });

  it('an unanswered callback offer is missed like a call', () => {
    const { clock, centre, agent, available } = setup();
    available('jane');
    centre.queueCallback('+15555550001', '+15555550123');
    clock.advance(20_000);
    expect(shown(centre, agent('jane'))).toBe('error/MissedCallAgent');
  });
});

describe('long poll', () => {
  it('waits until the agent snapshot changes, or until the timeout', async () => {
    const { clock, centre, agent, available } = setup();
    const jane = agent('jane');
    let woke = false;
    const wait = centre.waitForChange(jane, jane.version, 30_000).then(() => (woke = true));
    await Promise.resolve();
    expect(woke).toBe(false);
    available('jane');
    await wait;
    expect(woke).toBe(true);
    let timedOut = false;
    const second = centre.waitForChange(jane, jane.version, 30_000).then(() => (timedOut = true));
    clock.advance(29_999);
    await Promise.resolve();
    expect(timedOut).toBe(false);
    clock.advance(1);
    await second;
    expect(timedOut).toBe(true);
  });
});

describe('routing when an agent becomes Available (the only way a waiting caller is picked up)', () => {
  /** The demo instance with a 'Billing' queue that only Jane's routing profile serves. */
  function withBilling() {
    const clock = new ManualClock();
    const centre = new ContactCentre(
      parseSeed({
        ...DEMO_SEED,
        queues: [...DEMO_SEED.queues, { name: 'Billing' }],
        routingProfiles: [
          ...DEMO_SEED.routingProfiles,
          { name: 'Billing profile', queues: ['Billing'], channelConcurrency: { VOICE: 1 } },
        ],
        agents: DEMO_SEED.agents.map((a) =>
          a.username === 'jane' ? { ...a, routingProfile: 'Billing profile' } : a,
        ),
      }),
      { clock, missedCallTimeoutMs: 20_000, outboundRingTimeoutMs: 30_000 },
    );
    const agent = (u: string) => centre.agentByUsername(u)!;
    const offeredTo = (contact: { connections: readonly { type: string; agentId?: string }[] }) =>
      contact.connections.find((c) => c.type === 'agent')?.agentId;
    return { clock, centre, agent, offeredTo };
  }

  it("offers the longest-waiting call of the agent's routing-profile queues the moment the agent becomes Available, and only that one", () => {
    const { clock, centre, agent, offeredTo } = withBilling();
    const billing = centre.dialIn('Billing');
    clock.advance(1000);
    const sales = centre.dialIn('Sales');
    clock.advance(1000);
    const basic = centre.dialIn('BasicQueue');
    expect([billing, sales, basic].every((c) => c.waiting)).toBe(true);

    // John serves BasicQueue and Sales: Sales waited longest of those (Billing is not his).
    centre.putAgentState(agent('john'), { name: 'Available' });
    expect(offeredTo(sales)).toBe(agent('john').id);
    expect(sales.waiting).toBe(false);
    expect(basic.waiting).toBe(true);
    expect(billing.waiting).toBe(true);
    expect(centre.contactsOf(agent('john'))).toEqual([sales]);

    // Jane serves Billing only.
    centre.putAgentState(agent('jane'), { name: 'Available' });
    expect(offeredTo(billing)).toBe(agent('jane').id);
    expect(basic.waiting).toBe(true);
  });

  it('an agent who declined a waiting call is offered it again on picking Available again', () => {
    const { centre, agent, offeredTo } = withBilling();
    const ana = agent('ana');
    centre.putAgentState(ana, { name: 'Available' });
    const call = centre.dialIn('BasicQueue');
    expect(offeredTo(call)).toBe(ana.id);
    centre.rejectContact(ana, call.id);
    expect(call.waiting).toBe(true);
    // Still Available, but declined: not offered it again by itself.
    expect(offeredTo(call)).toBeUndefined();
    centre.putAgentState(ana, { name: 'Available' });
    expect(call.waiting).toBe(false);
    expect(offeredTo(call)).toBe(ana.id);
  });

  it('PutUserStatus (the admin API) to Available routes a waiting call at once too', () => {
    const { centre, agent, offeredTo } = withBilling();
    const call = centre.dialIn('Sales');
    const available = centre.agentStates.find((s) => s.name === 'Available')!;
    // What the admin route does: the state as the next one, applied now (no contact).
    centre.putAgentState(
      agent('ana'),
      { agentStateARN: available.arn, name: available.name },
      true,
    );
    expect(offeredTo(call)).toBe(agent('ana').id);
  });
});
