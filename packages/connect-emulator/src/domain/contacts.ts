import {
  AgentErrorStates,
  AgentPermissions,
  CtiErrorType,
  type ConnectionStateType,
  type ConnectionType,
  type ContactStateType,
  type CtiContact,
  type Endpoint,
} from '@x/connect-streams/protocol';
import { OFFER_GHOST_TTL_MS } from '../constants';
import { MESSAGES } from '../messages';
import type { Clock } from './clock';
import { stableId } from './ids';
import {
  InvalidTransitionError,
  nextConnectionState,
  nextContactState,
  type ConnectionEvent,
  type ContactEvent,
} from './machines';
import {
  customerWaitsInQueue,
  DomainError,
  newContactRecord,
  type AgentRecord,
  type AgentStateRecord,
  type ConnectionRecord,
  type ContactRecord,
  type QueueRecord,
} from './records';

const seconds = (ms: number) => ms / 1000;

/** What {@link Contacts} needs from the centre around it. */
export interface ContactsDeps {
  readonly clock: Clock;
  readonly instanceId: string;
  readonly agents: ReadonlyMap<string, AgentRecord>;
  readonly queues: readonly QueueRecord[];
  /** Ring time of an outbound call (and of a callback's customer leg). */
  readonly outboundRingTimeoutMs: number;
  /** Counts a change (for observers). */
  changed(): void;
  /** Marks the snapshots of these agents changed and wakes their long polls. */
  touch(...agents: (AgentRecord | undefined)[]): void;
  /** Notifies the contact's observers (`removed` once it has left the instance). */
  notifyContact(contact: ContactRecord, removed?: boolean): void;
  /** Offers what waits to the agents free for it. */
  route(): void;
  /** A transfer offer ends unanswered (see Routing). */
  transferOfferEnds(contact: ContactRecord, leg: ConnectionRecord, as: 'missed' | 'rejected'): void;
  /** Sets the agent's selected state (see AgentStates). */
  applySelectedState(agent: AgentRecord, state: AgentStateRecord): void;
  /** The contact as `agent` sees it (see ContactViews). */
  contactView(contact: ContactRecord, agent: AgentRecord): CtiContact;
  /** The customer of an outbound call rejects it or lets it ring out (see CustomerSide). */
  customerOutcome(contactId: string, outcome: 'rejected' | 'no answer'): void;
}

/**
 * Contacts and their connections: the instance's live contacts, finding and authorising them, the
 * contact and connection state machines, and what an agent does on its contacts (accept, reject,
 * hold, resume, digits, leave or end, clear, an outbound call, pause); ending and removing a
 * contact. Every method either applies a whole change or throws {@link DomainError}.
 */
export class Contacts {
  /** The live contacts of the instance by id. */
  readonly all = new Map<string, ContactRecord>();
  private contactCounter = 0;
  private connectionCounter = 0;

  constructor(private readonly deps: ContactsDeps) {}

  /** The contacts in which `agent` has a leg (not counting ghosts). */
  contactsOf(agent: AgentRecord): ContactRecord[] {
    return [...this.all.values()].filter((c) => c.connections.some((x) => x.agentId === agent.id));
  }

  /**
   * The contact id `agentId` sees for `contact`: the id of the new contact a transfer created for
   * the agent's leg, else the contact's own id.
   */
  contactIdOf(contact: ContactRecord, agentId: string): string {
    return (
      contact.connections.find((x) => x.agentId === agentId)?.transfer?.contactId ?? contact.id
    );
  }

  /**
   * Finds a contact by id: a contact of the instance, or the new contact of a transfer leg (with
   * that leg).
   */
  findContact(
    contactId: string,
  ): { contact: ContactRecord; transferLeg?: ConnectionRecord } | undefined {
    const contact = this.all.get(contactId);
    if (contact) return { contact };
    for (const c of this.all.values())
      for (const leg of c.connections)
        if (leg.transfer?.contactId === contactId) return { contact: c, transferLeg: leg };
    return undefined;
  }

  /**
   * The authorisation of an agent on a contact (every CTI, agent-app and web-socket operation
   * that names a contact passes here, through `authorizeOperation`): the contact must be one the
   * agent is on, named by the id the agent sees (else `ResourceNotFoundException`, as for an
   * unknown contact); to `act` the agent's leg must be a participant's, or a monitoring leg that
   * barges (a silent monitor only listens: `AccessDeniedException`). With `after`, a contact the
   * agent was on that has left the instance (or a missed offer it still shows) is accepted too;
   * it answers `undefined` then. With `anyLeg`, any leg of the agent on the call counts, whatever
   * id it names the call by (a Voice ID session is the call's).
   */
  authorize(
    agent: AgentRecord,
    contactId: string,
    access: 'listen' | 'act',
    after = false,
    anyLeg = false,
  ): ContactRecord | undefined {
    const contact = this.findContact(contactId)?.contact;
    const leg = contact?.connections.find(
      (x) =>
        x.agentId === agent.id && (anyLeg || (x.transfer?.contactId ?? contact.id) === contactId),
    );
    if (!contact || !leg) {
      if (
        after &&
        (agent.recentContacts.includes(contactId) ||
          agent.ghosts.some((g) => g.contact.contactId === contactId))
      )
        return undefined;
      throw new DomainError(
        CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
        MESSAGES.contactNotFound(contactId),
      );
    }
    if (access === 'act' && leg.type === 'monitoring' && leg.state !== 'barge')
      throw new DomainError(CtiErrorType.ACCESS_DENIED_EXCEPTION, MESSAGES.notListener);
    return contact;
  }

  contactOf(
    agent: AgentRecord,
    contactId: string,
    access: 'listen' | 'act' = 'act',
  ): ContactRecord {
    return this.authorize(agent, contactId, access)!;
  }

  connectionOf(contact: ContactRecord, connectionId: string): ConnectionRecord {
    const connection = contact.connections.find((x) => x.id === connectionId);
    if (!connection)
      throw new DomainError(
        CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
        MESSAGES.connectionNotFound(connectionId, contact.id),
      );
    return connection;
  }

  agentLeg(agent: AgentRecord, contact: ContactRecord): ConnectionRecord {
    return contact.connections.find((x) => x.agentId === agent.id)!;
  }

  /**
   * The contact state as `agent` sees it: `ended` (after-call work) once the agent's own leg has
   * left a call that goes on, `connecting` while the agent is being offered a transfer.
   */
  stateFor(contact: ContactRecord, agent: AgentRecord): ContactStateType {
    const leg = this.agentLeg(agent, contact);
    if (!leg || contact.state === 'ended') return contact.state;
    if (leg.state === 'disconnected') return 'ended';
    if (leg.offered) return 'connecting';
    return contact.state;
  }

  /** Agent (not monitoring) legs still on the call, other than `except`. */
  liveAgentLegs(contact: ContactRecord, except?: ConnectionRecord): ConnectionRecord[] {
    return contact.connections.filter(
      (x) => x !== except && x.agentId && x.type !== 'monitoring' && x.state !== 'disconnected',
    );
  }

  /** Parties the agent talks to: every live leg but the agent's own and monitoring legs. */
  partiesOf(contact: ContactRecord, agent: AgentRecord): ConnectionRecord[] {
    return contact.connections.filter(
      (c) => c.agentId !== agent.id && c.type !== 'monitoring' && c.state !== 'disconnected',
    );
  }

  customerLeg(contact: ContactRecord): ConnectionRecord | undefined {
    return contact.connections.find((x) => x.type === 'inbound' || x.type === 'outbound');
  }

  /** Applies a contact state-machine event (an invalid one is `InvalidStateException`). */
  contactEvent(contact: ContactRecord, event: ContactEvent): void {
    contact.state = this.guard(() => nextContactState(contact.state, event));
    contact.since = this.deps.clock.now();
  }

  /** Applies a connection state-machine event (an invalid one is `InvalidStateException`). */
  connectionEvent(connection: ConnectionRecord, event: ConnectionEvent): void {
    connection.state = this.guard(() => nextConnectionState(connection.state, event));
    connection.since = this.deps.clock.now();
  }

  private guard<T>(fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      if (error instanceof InvalidTransitionError)
        throw new DomainError(CtiErrorType.INVALID_STATE_EXCEPTION, error.message);
      throw error;
    }
  }

  /** Marks the snapshots of the contact's agents (and `extra`) changed; notifies its observers. */
  touchContact(contact: ContactRecord, ...extra: AgentRecord[]): void {
    const agents = new Set(extra);
    for (const leg of contact.connections)
      if (leg.agentId) agents.add(this.deps.agents.get(leg.agentId)!);
    this.deps.touch(...agents);
    this.deps.notifyContact(contact);
  }

  acceptContact(agent: AgentRecord, contactId: string): void {
    const contact = this.contactOf(agent, contactId);
    const leg = this.agentLeg(agent, contact);
    if (!this.isOffer(contact, leg))
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Contact', contact.state, 'accept'),
      );
    if (leg.offered) {
      // A transferred call: the agent joins; with nobody else left, the held parties come back.
      this.connectionEvent(leg, 'answer');
      leg.offered = false;
      leg.awaiting = undefined;
      this.deps.clock.clearTimer(leg.offerTimer);
      if (this.liveAgentLegs(contact, leg).length === 0) this.resumeHeld(contact);
      this.touchContact(contact);
      return;
    }
    this.contactEvent(contact, 'accept');
    this.connectionEvent(leg, 'answer');
    this.deps.clock.clearTimer(contact.timer);
    if (contact.type === 'queue_callback') {
      // Accepting a callback dials the customer, who answers (or not) through the control API.
      this.connectionEvent(this.customerLeg(contact)!, 'dial');
      contact.timer = this.deps.clock.setTimer(this.deps.outboundRingTimeoutMs, () =>
        this.deps.customerOutcome(contact.id, 'no answer'),
      );
    }
    this.touchContact(contact);
  }

  /** Whether the agent's leg is a ringing offer (inbound call or queued callback). */
  isOffer(contact: ContactRecord, leg: ConnectionRecord): boolean {
    return (
      leg.state === 'connecting' &&
      (leg.offered === true ||
        customerWaitsInQueue(contact) ||
        ((contact.type === 'task' || contact.type === 'chat') && contact.state === 'connecting') ||
        (contact.type === 'queue_callback' && contact.state === 'incoming'))
    );
  }

  rejectContact(agent: AgentRecord, contactId: string): void {
    const contact = this.contactOf(agent, contactId);
    const leg = this.agentLeg(agent, contact);
    if (!this.isOffer(contact, leg))
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Contact', contact.state, 'reject'),
      );
    if (leg.offered) {
      this.deps.transferOfferEnds(contact, leg, 'rejected');
      return;
    }
    this.withdrawOffer(contact, agent, 'rejected');
    this.deps.route();
  }

  /** The offer to `agent` ends unanswered: a ghost shows it as missed/rejected, the contact waits again. */
  withdrawOffer(contact: ContactRecord, agent: AgentRecord, as: 'missed' | 'rejected'): void {
    this.guard(() => nextContactState(contact.state, as === 'missed' ? 'miss' : 'reject'));
    const leg = this.agentLeg(agent, contact);
    this.deps.clock.clearTimer(contact.timer);
    const now = this.deps.clock.now();
    this.addOfferGhost(contact, agent, leg, as);
    contact.connections.splice(contact.connections.indexOf(leg), 1);
    contact.excludedAgents.add(agent.id);
    contact.state = 'init';
    contact.since = now;
    contact.waiting = true;
    this.deps.touch(agent);
    this.deps.notifyContact(contact);
  }

  /**
   * Shows the agent an offer that ended unanswered as a `missed` or `rejected` contact; a missed
   * one puts the agent in the `MissedCallAgent` error state until the agent picks a state.
   */
  addOfferGhost(
    contact: ContactRecord,
    agent: AgentRecord,
    leg: ConnectionRecord,
    as: 'missed' | 'rejected',
  ): void {
    const now = this.deps.clock.now();
    const view = this.deps.contactView(contact, agent);
    view.state = { type: as, timestamp: seconds(now) };
    for (const c of view.connections)
      if (c.connectionId === leg.id) c.state = { type: 'disconnected', timestamp: seconds(now) };
    const ghost: AgentRecord['ghosts'][number] = { contact: view, state: as };
    if (as === 'rejected') {
      ghost.timer = this.deps.clock.setTimer(OFFER_GHOST_TTL_MS, () => {
        agent.ghosts = agent.ghosts.filter((g) => g !== ghost);
        this.deps.touch(agent);
      });
    } else {
      agent.errorState = AgentErrorStates.MISSED_CALL_AGENT;
      agent.errorSince = now;
    }
    agent.ghosts.push(ghost);
  }

  /**
   * DestroyConnection of any party: in a two-party call it ends the call; with more parties only
   * that leg leaves and the others go on; on a ringing offer it rejects.
   */
  destroyConnection(agent: AgentRecord, contactId: string, connectionId: string): void {
    const contact = this.contactOf(agent, contactId, 'listen');
    const connection = this.connectionOf(contact, connectionId);
    // Leaving (the agent's own leg) is open to a listener; ending someone else's leg is acting.
    if (connection.agentId !== agent.id) this.contactOf(agent, contactId, 'act');
    const leg = this.agentLeg(agent, contact);
    if (this.isOffer(contact, leg)) {
      this.rejectContact(agent, contactId);
      return;
    }
    if (connection.state === 'disconnected' || contact.state === 'ended')
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Connection', connection.state, 'disconnect'),
      );
    if (connection.offered) {
      // The transferring agent withdraws a transfer not yet accepted.
      this.dropTransferOffer(contact, connection);
      return;
    }
    if (connection.type === 'monitoring') {
      // A supervisor leaves; the others go on.
      this.connectionEvent(connection, 'disconnect');
      this.touchContact(contact);
      return;
    }
    const others = contact.connections.filter(
      (x) => x !== connection && x.type !== 'monitoring' && x.state !== 'disconnected',
    );
    // A task has no customer: its agent leaving while a transfer waits (a queue or an agent) is a
    // cold transfer, not the task's end.
    const taskTransfer =
      contact.type === 'task' && connection.agentId !== undefined && others.some((x) => x.awaiting);
    if (others.length >= 2 || taskTransfer) {
      // Any party (an agent, the customer or a third party) leaves a call with more than two
      // parties: only that leg ends (after-call work for an agent); the others go on. When an
      // agent leaves, the parties it held are joined (unless a transfer offer is still ringing).
      this.connectionEvent(connection, 'disconnect');
      if (connection.agentId) {
        const remaining = this.liveAgentLegs(contact);
        if (remaining.length === 0 || remaining.some((x) => !x.offered)) this.resumeHeld(contact);
      }
      this.touchContact(contact);
      return;
    }
    this.endContact(
      contact,
      connection.agentId
        ? 'agent hung up'
        : connection.initial
          ? 'agent disconnected the customer'
          : 'agent disconnected the third party',
    );
  }

  holdConnection(agent: AgentRecord, contactId: string, connectionId: string): void {
    const contact = this.contactOf(agent, contactId);
    const connection = this.connectionOf(contact, connectionId);
    if (contact.state !== 'connected')
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Contact', contact.state, 'hold'),
      );
    this.connectionEvent(connection, 'hold');
    this.touchContact(contact);
  }

  resumeConnection(agent: AgentRecord, contactId: string, connectionId: string): void {
    const contact = this.contactOf(agent, contactId);
    const connection = this.connectionOf(contact, connectionId);
    this.connectionEvent(connection, 'resume');
    this.touchContact(contact);
  }

  sendDigits(agent: AgentRecord, contactId: string, connectionId: string, digits: string): void {
    const contact = this.contactOf(agent, contactId);
    const connection = this.connectionOf(contact, connectionId);
    if (!/^[0-9*#,]+$/.test(digits))
      throw new DomainError(
        CtiErrorType.INVALID_PARAMETER_EXCEPTION,
        MESSAGES.invalidParameter('digits must be 0-9, *, # or ,'),
      );
    if (connection.state !== 'connected' && connection.state !== 'hold')
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Connection', connection.state, 'send digits'),
      );
    contact.digits.push({ from: 'agent', connectionId, digits, at: this.deps.clock.now() });
    this.deps.changed();
  }

  /** ClearContact / CompleteContact: ends after-call work (or drops a missed/rejected ghost). */
  clearContact(agent: AgentRecord, contactId: string): void {
    const ghost = agent.ghosts.find((g) => g.contact.contactId === contactId);
    if (ghost) {
      this.deps.clock.clearTimer(ghost.timer);
      agent.ghosts = agent.ghosts.filter((g) => g !== ghost);
      this.deps.touch(agent);
      return;
    }
    const contact = this.contactOf(agent, contactId, 'listen');
    const state = this.stateFor(contact, agent);
    if (state !== 'ended')
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Contact', state, 'clear'),
      );
    const leg = this.agentLeg(agent, contact);
    contact.connections.splice(contact.connections.indexOf(leg), 1);
    // After a transfer the call may go on for the customer and the new party: it stays until it
    // is over and its last agent has cleared it.
    if (contact.state === 'ended' && !contact.connections.some((x) => x.agentId))
      this.removeContact(contact);
    else this.deps.notifyContact(contact);
    if (this.contactsOf(agent).length === 0) {
      if (agent.nextState) this.deps.applySelectedState(agent, agent.nextState);
      agent.idleSince = this.deps.clock.now();
    }
    this.deps.touch(agent);
    this.deps.route();
  }

  createOutboundContact(
    agent: AgentRecord,
    endpoint: Endpoint,
    queueARN?: string | null,
  ): ContactRecord {
    if (!agent.permissions.includes(AgentPermissions.OUTBOUND_CALL))
      throw new DomainError(CtiErrorType.ACCESS_DENIED_EXCEPTION, MESSAGES.noOutboundPermission);
    if (endpoint.type !== 'phone_number')
      throw new DomainError(
        CtiErrorType.BAD_ENDPOINT_EXCEPTION,
        MESSAGES.badEndpoint(`${endpoint.type} endpoints need a multi-party operation`),
      );
    const number = (endpoint.phoneNumber ?? '').replace(/^sip:/, '').replace(/@.*$/, '');
    if (!/^\+[1-9]\d{1,14}$/.test(number))
      throw new DomainError(
        CtiErrorType.BAD_ENDPOINT_EXCEPTION,
        MESSAGES.badEndpoint(
          `${JSON.stringify(endpoint.phoneNumber ?? '')} is not an E.164 number`,
        ),
      );
    if (this.hasActiveVoice(agent))
      throw new DomainError(CtiErrorType.INVALID_STATE_EXCEPTION, MESSAGES.agentBusy);
    const queue = queueARN
      ? this.deps.queues.find((q) => q.arn === queueARN)
      : agent.routingProfile.defaultOutboundQueue;
    if (!queue)
      throw new DomainError(
        CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
        `Queue ${queueARN} not found.`,
      );
    const now = this.deps.clock.now();
    const id = this.newContactId();
    const contact = newContactRecord(id, now, {
      type: 'voice',
      initiationMethod: 'outbound',
      queue,
      connections: [
        this.newConnection(
          id,
          'agent',
          false,
          'connected',
          { type: 'agent', name: agent.name },
          agent.id,
        ),
        this.newConnection(id, 'outbound', true, 'connecting', {
          type: 'phone_number',
          phoneNumber: number,
        }),
      ],
      customerNumber: number,
      waiting: false,
    });
    this.contactEvent(contact, 'offer');
    this.all.set(id, contact);
    contact.timer = this.deps.clock.setTimer(this.deps.outboundRingTimeoutMs, () =>
      this.deps.customerOutcome(id, 'no answer'),
    );
    this.touchContact(contact);
    return contact;
  }

  /** Whether the agent is on as many calls as it may be (chats and tasks do not count). */
  hasActiveVoice(agent: AgentRecord): boolean {
    const limit = agent.routingProfile.concurrency.VOICE ?? 1;
    const calls = this.contactsOf(agent).filter(
      (c) => c.type === 'voice' || c.type === 'queue_callback',
    );
    return calls.length >= Math.max(1, limit);
  }

  /** PauseContact / ResumeContact. */
  pauseContact(agent: AgentRecord, contactId: string, pause: boolean): void {
    const contact = this.contactOf(agent, contactId);
    this.contactEvent(contact, pause ? 'pause' : 'resume');
    this.touchContact(contact);
  }

  /** Takes every held leg off hold (the parties left on a call are joined). */
  resumeHeld(contact: ContactRecord): void {
    for (const c of contact.connections) if (c.state === 'hold') this.connectionEvent(c, 'resume');
  }

  /** A transfer offer to an agent ends unanswered: the leg goes; a call nobody is left on ends. */
  dropTransferOffer(contact: ContactRecord, leg: ConnectionRecord): void {
    this.deps.clock.clearTimer(leg.offerTimer);
    contact.connections.splice(contact.connections.indexOf(leg), 1);
    const target = this.deps.agents.get(leg.agentId!);
    if (this.liveAgentLegs(contact).length === 0 && contact.state !== 'ended') {
      this.deps.touch(target);
      this.endContact(contact, 'transfer not answered');
      return;
    }
    this.touchContact(contact, ...(target ? [target] : []));
  }

  /** Ends a call: every leg disconnects, the contact is `ended` (after-call work for its agents). */
  endContact(contact: ContactRecord, reason: string): void {
    const offers = contact.connections.filter((x) => x.offered);
    for (const leg of offers) {
      this.deps.clock.clearTimer(leg.offerTimer);
      contact.connections.splice(contact.connections.indexOf(leg), 1);
    }
    this.deps.touch(...offers.map((x) => this.deps.agents.get(x.agentId!)));
    this.contactEvent(contact, 'end');
    for (const leg of contact.connections)
      if (leg.state !== 'disconnected') this.connectionEvent(leg, 'disconnect');
    this.deps.clock.clearTimer(contact.timer);
    contact.endReason = reason;
    contact.waiting = false;
    this.touchContact(contact);
    // A call that went on without any agent (after a transfer) has nobody to clear it.
    if (!contact.connections.some((x) => x.agentId)) this.removeContact(contact);
  }

  /** The contact leaves the instance (cleared by its last agent, or over with no agent on it). */
  removeContact(contact: ContactRecord): void {
    this.deps.clock.clearTimer(contact.timer);
    for (const leg of contact.connections) this.deps.clock.clearTimer(leg.offerTimer);
    this.all.delete(contact.id);
    this.deps.changed();
    this.deps.notifyContact(contact, true);
  }

  // ---------------------------------------------------------------- ids

  /** A new contact id (stable for a seed, counter and time). */
  newContactId(): string {
    return stableId(
      this.deps.instanceId,
      'contact',
      String(++this.contactCounter),
      String(this.deps.clock.now()),
    );
  }

  /** A new connection (leg) record of a contact. */
  newConnection(
    contactId: string,
    type: ConnectionType,
    initial: boolean,
    state: ConnectionStateType,
    endpoint: Endpoint,
    agentId?: string,
  ): ConnectionRecord {
    const seq = ++this.connectionCounter;
    const id = stableId(contactId, 'connection', String(seq));
    return {
      id,
      seq,
      type,
      initial,
      state,
      since: this.deps.clock.now(),
      endpoint,
      ...(agentId ? { agentId } : {}),
      mute: false,
    };
  }
}
