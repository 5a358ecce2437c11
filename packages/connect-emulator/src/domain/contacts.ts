/**
 * The contacts of the instance and what agents do on them: accepting, rejecting and withdrawing
 * offers, holding, digits, leaving and ending calls, clearing after-call work, outbound calls.
 */
import {
  AgentErrorStates,
  CtiErrorType,
  type CtiContact,
  type Endpoint,
} from '@x/connect-streams/protocol';
import { OFFER_GHOST_TTL_MS } from '../constants';
import { MESSAGES } from '../messages';
import type { Clock } from './clock';
import {
  agentLeg,
  connectionOf,
  customerLeg,
  isOffer,
  liveAgentLegs,
  stateFor,
} from './contact-legs';
import { ContactIds } from './contact-ids';
import { authorize } from './contact-lookup';
import { hasActiveVoice, outboundNumber, outboundQueue } from './outbound-checks';
import {
  InvalidTransitionError,
  nextConnectionState,
  nextContactState,
  type ConnectionEvent,
  type ContactEvent,
} from './machines';
import {
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
  /** Numbers new contacts and connections. */
  readonly ids: ContactIds;

  constructor(private readonly deps: ContactsDeps) {
    this.ids = new ContactIds(deps.instanceId, deps.clock);
  }

  /** The contacts in which `agent` has a leg (not counting ghosts). */
  contactsOf(agent: AgentRecord): ContactRecord[] {
    return [...this.all.values()].filter((c) => c.connections.some((x) => x.agentId === agent.id));
  }

  contactOf(
    agent: AgentRecord,
    contactId: string,
    access: 'listen' | 'act' = 'act',
  ): ContactRecord {
    return authorize(this.all, agent, contactId, access)!;
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
    const leg = agentLeg(agent, contact);
    if (!isOffer(contact, leg))
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
      if (liveAgentLegs(contact, leg).length === 0) this.resumeHeld(contact);
      this.touchContact(contact);
      return;
    }
    this.contactEvent(contact, 'accept');
    this.connectionEvent(leg, 'answer');
    this.deps.clock.clearTimer(contact.timer);
    if (contact.type === 'queue_callback') {
      // Accepting a callback dials the customer, who answers (or not) through the control API.
      this.connectionEvent(customerLeg(contact)!, 'dial');
      contact.timer = this.deps.clock.setTimer(this.deps.outboundRingTimeoutMs, () =>
        this.deps.customerOutcome(contact.id, 'no answer'),
      );
    }
    this.touchContact(contact);
  }

  rejectContact(agent: AgentRecord, contactId: string): void {
    const contact = this.contactOf(agent, contactId);
    const leg = agentLeg(agent, contact);
    if (!isOffer(contact, leg))
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
    const leg = agentLeg(agent, contact);
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
    const connection = connectionOf(contact, connectionId);
    // Leaving (the agent's own leg) is open to a listener; ending someone else's leg is acting.
    if (connection.agentId !== agent.id) this.contactOf(agent, contactId, 'act');
    const leg = agentLeg(agent, contact);
    if (isOffer(contact, leg)) {
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
        const remaining = liveAgentLegs(contact);
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
    const connection = connectionOf(contact, connectionId);
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
    const connection = connectionOf(contact, connectionId);
    this.connectionEvent(connection, 'resume');
    this.touchContact(contact);
  }

  sendDigits(agent: AgentRecord, contactId: string, connectionId: string, digits: string): void {
    const contact = this.contactOf(agent, contactId);
    const connection = connectionOf(contact, connectionId);
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
    const state = stateFor(contact, agent);
    if (state !== 'ended')
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Contact', state, 'clear'),
      );
    const leg = agentLeg(agent, contact);
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
    const number = outboundNumber(agent, endpoint);
    if (hasActiveVoice(agent, this.contactsOf(agent)))
      throw new DomainError(CtiErrorType.INVALID_STATE_EXCEPTION, MESSAGES.agentBusy);
    const queue = outboundQueue(agent, this.deps.queues, queueARN);
    const now = this.deps.clock.now();
    const id = this.ids.newContactId();
    const contact = newContactRecord(id, now, {
      type: 'voice',
      initiationMethod: 'outbound',
      queue,
      connections: [
        this.ids.newConnection(
          id,
          'agent',
          false,
          'connected',
          { type: 'agent', name: agent.name },
          agent.id,
        ),
        this.ids.newConnection(id, 'outbound', true, 'connecting', {
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
    if (liveAgentLegs(contact).length === 0 && contact.state !== 'ended') {
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
}
