import {
  AgentErrorStates,
  AgentPermissions,
  CtiErrorType,
  type AgentStateDefinition,
  type ConnectionStateType,
  type ConnectionType,
  type ContactStateType,
  type CtiAgentConfiguration,
  type CtiAgentSnapshot,
  type CtiContact,
  type Endpoint,
  type Queue,
} from '@x/connect-streams/protocol';
import {
  DEFAULT_CHANNEL_CONCURRENCY,
  MAX_RECENT_CONTACTS_PER_AGENT,
  OFFER_GHOST_TTL_MS,
} from '../constants';
import { MESSAGES } from '../messages';
import type { Clock } from './clock';
import { Arns, stableId } from './ids';
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
  type AgentRecord,
  type AgentStateRecord,
  type ConnectionRecord,
  type ContactCentreOptions,
  type ContactRecord,
  type EndpointRecord,
  type QueueRecord,
  type RoutingProfileRecord,
} from './records';
import type { CentreCore } from './centre-core';
import { AgentStates } from './agent-states';
import { Monitoring } from './monitoring';
import { MultiParty } from './multi-party';
import { Routing } from './routing';
import type { ContactFlowStep, Seed } from './seed';
import { Tasks } from './tasks';

export {
  DomainError,
  customerWaitsInQueue,
  type AgentRecord,
  type AgentStateRecord,
  type ConnectionRecord,
  type ContactCentreOptions,
  type ContactRecord,
  type QueueRecord,
  type RoutingProfileRecord,
  type TransferSegment,
  type TransferWait,
} from './records';

const seconds = (ms: number) => ms / 1000;

/**
 * The simulated instance: agents, queues, routing, contacts and their state machines. Every
 * public method either applies a whole change or throws {@link DomainError} leaving state as it was.
 * @public
 */
export class ContactCentre {
  readonly arns: Arns;
  readonly instanceId: string;
  readonly region: string;
  readonly agentStates: readonly AgentStateRecord[];
  readonly queues: readonly QueueRecord[];
  readonly agents: ReadonlyMap<string, AgentRecord>;
  readonly contacts = new Map<string, ContactRecord>();
  readonly dialableCountries: readonly string[];
  private readonly phoneNumbers: ReadonlyMap<string, QueueRecord>;
  /** The contact flow of each phone number that has one. */
  private readonly numberFlows: ReadonlyMap<string, string>;
  /** The seed's contact flows by name. */
  readonly contactFlows: ReadonlyMap<string, readonly ContactFlowStep[]>;
  private readonly endpoints: readonly EndpointRecord[];
  private readonly clock: Clock;
  private contactCounter = 0;
  private connectionCounter = 0;
  /** Counts every change, for observers (control API, tests). */
  changes = 0;
  /** Tasks: created, offered or queued, updated. */
  private readonly tasks: Tasks;
  /** Monitoring: supervisors joining silently, barging, going back. */
  private readonly monitoring: Monitoring;
  /** Routing and offers. */
  private readonly routing: Routing;
  /** Agents and their states. */
  private readonly states: AgentStates;
  /** Multi-party calls. */
  private readonly multiParty: MultiParty;

  constructor(
    readonly seed: Seed,
    private readonly options: ContactCentreOptions,
  ) {
    this.clock = options.clock;
    const now = this.clock.now();
    this.instanceId = seed.instance.id ?? stableId('instance', seed.instance.alias);
    this.region = seed.instance.region;
    this.arns = new Arns(seed.instance.region, seed.instance.accountId, this.instanceId);
    const id = (kind: string, name: string) => stableId(this.instanceId, kind, name);

    this.agentStates = seed.agentStates.map((s) => ({
      ...s,
      arn: this.arns.agentState(id('agent-state', s.name)),
    }));
    this.queues = seed.queues.map((q) => {
      const qid = id('queue', q.name);
      return { id: qid, arn: this.arns.queue(qid), name: q.name };
    });
    const queueByName = new Map(this.queues.map((q) => [q.name, q]));
    const profiles = new Map(
      seed.routingProfiles.map((p) => {
        const pid = id('routing-profile', p.name);
        const queues = p.queues.map((n) => queueByName.get(n)!);
        const profile: RoutingProfileRecord = {
          id: pid,
          arn: this.arns.routingProfile(pid),
          name: p.name,
          queues,
          defaultOutboundQueue: queueByName.get(p.defaultOutboundQueue ?? p.queues[0]!)!,
          concurrency: p.channelConcurrency ?? DEFAULT_CHANNEL_CONCURRENCY,
        };
        return [p.name, profile] as const;
      }),
    );
    const offline = this.agentStates.find((s) => s.type === 'offline')!;
    this.agents = new Map(
      seed.agents.map((a) => {
        const aid = id('agent', a.username);
        const selected = this.agentStates.find((s) => s.name === a.initialState) ?? offline;
        const agent: AgentRecord = {
          id: aid,
          arn: this.arns.agent(aid),
          username: a.username,
          name: a.name,
          extension: a.extension ?? null,
          routingProfile: profiles.get(a.routingProfile)!,
          permissions: a.permissions,
          softphoneEnabled: a.softphoneEnabled,
          softphoneAutoAccept: a.softphoneAutoAccept,
          preferences: { LANGUAGE: a.locale, locale: a.locale },
          selected,
          selectedSince: now,
          nextState: null,
          errorState: null,
          errorSince: now,
          idleSince: now,
          shown: { arn: selected.arn, type: selected.type, name: selected.name, since: now },
          ghosts: [],
          recentContacts: [],
          version: 1,
          waiters: new Set(),
        };
        return [aid, agent] as const;
      }),
    );
    this.phoneNumbers = new Map(
      seed.phoneNumbers.map((n) => [n.number, queueByName.get(n.queue)!]),
    );
    this.numberFlows = new Map(
      seed.phoneNumbers.flatMap((n) => (n.contactFlow ? [[n.number, n.contactFlow] as const] : [])),
    );
    this.contactFlows = new Map(seed.contactFlows.map((f) => [f.name, f.steps]));
    const agentByUsername = new Map([...this.agents.values()].map((a) => [a.username, a]));
    this.endpoints = seed.quickConnects.map((qc) => {
      const arn = this.arns.transferDestination(id('quick-connect', qc.name));
      if (qc.type === 'phone_number')
        return {
          endpointARN: arn,
          endpointId: arn,
          type: 'phone_number',
          name: qc.name,
          phoneNumber: qc.phoneNumber,
        };
      if (qc.type === 'queue') {
        const q = queueByName.get(qc.queue)!;
        return {
          endpointARN: arn,
          endpointId: arn,
          type: 'queue',
          name: qc.name,
          queue: { queueARN: q.arn, name: q.name },
        };
      }
      const agent = agentByUsername.get(qc.agent)!;
      return {
        endpointARN: arn,
        endpointId: arn,
        type: 'agent',
        name: qc.name,
        agentLogin: agent.username,
        queue: { queueARN: this.arns.agentQueue(agent.id), name: agent.username },
      };
    });
    this.dialableCountries = seed.dialableCountries;
    // The concepts split out of this class work on it through a narrow core.
    const core: CentreCore = {
      clock: this.clock,
      agents: this.agents,
      contacts: this.contacts,
      queues: this.queues,
      newContactId: () => this.newContactId(),
      newConnection: (...args) => this.newConnection(...args),
      contactOf: (agent, contactId, access) => this.contactOf(agent, contactId, access),
      agentLeg: (agent, contact) => this.agentLeg(agent, contact),
      agentForEndpoint: (endpoint) => this.agentForEndpoint(endpoint),
      listedEndpoint: (endpoint) => this.listedEndpoint(endpoint),
      contactsOf: (agent) => this.contactsOf(agent),
      offer: (contact, agent) => this.routing.offer(contact, agent),
      route: () => this.route(),
      arns: this.arns,
      missedCallTimeoutMs: this.options.missedCallTimeoutMs,
      touch: (...agents) => this.touch(...agents),
      notifyContact: (contact) => this.notifyContact(contact),
      contactEvent: (contact, event) => this.contactEvent(contact, event),
      addOfferGhost: (contact, agent, leg, as) => this.addOfferGhost(contact, agent, leg, as),
      dropTransferOffer: (contact, leg) => this.dropTransferOffer(contact, leg),
      withdrawOffer: (contact, agent, as) => this.withdrawOffer(contact, agent, as),
      agentStates: this.agentStates,
      stateFor: (contact, agent) => this.stateFor(contact, agent),
      destroyConnection: (agent, contactId, connectionId) =>
        this.destroyConnection(agent, contactId, connectionId),
      clearContact: (agent, contactId) => this.clearContact(agent, contactId),
      partiesOf: (contact, agent) => this.partiesOf(contact, agent),
      connectionOf: (contact, connectionId) => this.connectionOf(contact, connectionId),
      connectionEvent: (connection, event) => this.connectionEvent(connection, event),
      touchContact: (contact) => this.touchContact(contact),
      contactAdded: (contact) => {
        this.changes++;
        this.notifyContact(contact);
      },
    };
    this.tasks = new Tasks(core);
    this.monitoring = new Monitoring(core);
    this.routing = new Routing(core);
    this.states = new AgentStates(core);
    this.multiParty = new MultiParty(core);
  }

  // ---------------------------------------------------------------- lookups

  agentByUsername(username: string): AgentRecord | undefined {
    for (const agent of this.agents.values()) if (agent.username === username) return agent;
    return undefined;
  }

  /** The contacts in which `agent` has a leg (not counting ghosts). */
  contactsOf(agent: AgentRecord): ContactRecord[] {
    return [...this.contacts.values()].filter((c) =>
      c.connections.some((x) => x.agentId === agent.id),
    );
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
    const contact = this.contacts.get(contactId);
    if (contact) return { contact };
    for (const c of this.contacts.values())
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

  private contactOf(
    agent: AgentRecord,
    contactId: string,
    access: 'listen' | 'act' = 'act',
  ): ContactRecord {
    return this.authorize(agent, contactId, access)!;
  }

  private connectionOf(contact: ContactRecord, connectionId: string): ConnectionRecord {
    const connection = contact.connections.find((x) => x.id === connectionId);
    if (!connection)
      throw new DomainError(
        CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
        MESSAGES.connectionNotFound(connectionId, contact.id),
      );
    return connection;
  }

  private agentLeg(agent: AgentRecord, contact: ContactRecord): ConnectionRecord {
    return contact.connections.find((x) => x.agentId === agent.id)!;
  }

  /**
   * The contact state as `agent` sees it: `ended` (after-call work) once the agent's own leg has
   * left a call that goes on, `connecting` while the agent is being offered a transfer.
   */
  private stateFor(contact: ContactRecord, agent: AgentRecord): ContactStateType {
    const leg = this.agentLeg(agent, contact);
    if (!leg || contact.state === 'ended') return contact.state;
    if (leg.state === 'disconnected') return 'ended';
    if (leg.offered) return 'connecting';
    return contact.state;
  }

  /** Agent (not monitoring) legs still on the call, other than `except`. */
  private liveAgentLegs(contact: ContactRecord, except?: ConnectionRecord): ConnectionRecord[] {
    return contact.connections.filter(
      (x) => x !== except && x.agentId && x.type !== 'monitoring' && x.state !== 'disconnected',
    );
  }

  /** Parties the agent talks to: every live leg but the agent's own and monitoring legs. */
  private partiesOf(contact: ContactRecord, agent: AgentRecord): ConnectionRecord[] {
    return contact.connections.filter(
      (c) => c.agentId !== agent.id && c.type !== 'monitoring' && c.state !== 'disconnected',
    );
  }

  /** The agent a quick-connect endpoint of type agent names (by login or ARN). */
  private agentForEndpoint(endpoint: Endpoint): AgentRecord | undefined {
    const listed = this.endpoints.find(
      (e) =>
        e.type === 'agent' &&
        ((endpoint.endpointARN && e.endpointARN === endpoint.endpointARN) ||
          (endpoint.endpointId && e.endpointId === endpoint.endpointId)),
    );
    const login = listed?.agentLogin ?? endpoint.agentLogin;
    return login ? this.agentByUsername(login) : undefined;
  }

  private customerLeg(contact: ContactRecord): ConnectionRecord | undefined {
    return contact.connections.find((x) => x.type === 'inbound' || x.type === 'outbound');
  }

  /** The agent state a definition names: by ARN when it has one (this instance's only), else by name. */
  findAgentState(def: { agentStateARN?: string | null; name: string }): AgentStateRecord {
    return this.states.findAgentState(def);
  }

  // ---------------------------------------------------------------- transitions

  private contactEvent(contact: ContactRecord, event: ContactEvent): void {
    contact.state = this.guard(() => nextContactState(contact.state, event));
    contact.since = this.clock.now();
  }

  private connectionEvent(connection: ConnectionRecord, event: ConnectionEvent): void {
    connection.state = this.guard(() => nextConnectionState(connection.state, event));
    connection.since = this.clock.now();
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

  /** Marks the snapshots of these agents changed and wakes their long polls. */
  private touch(...agents: (AgentRecord | undefined)[]): void {
    this.changes++;
    for (const agent of agents) {
      if (!agent) continue;
      this.refreshShown(agent);
      agent.version++;
      for (const observer of this.agentObservers) observer(agent);
      const waiters = [...agent.waiters];
      agent.waiters.clear();
      for (const wake of waiters) wake();
    }
  }

  private touchContact(contact: ContactRecord, ...extra: AgentRecord[]): void {
    const agents = new Set(extra);
    for (const leg of contact.connections)
      if (leg.agentId) agents.add(this.agents.get(leg.agentId)!);
    this.touch(...agents);
    this.notifyContact(contact);
  }

  private readonly agentObservers = new Set<(agent: AgentRecord) => void>();

  /** Observes every change of an agent's snapshot (web-socket agent topic). Returns the unsubscribe function. */
  onAgentChange(observer: (agent: AgentRecord) => void): () => void {
    this.agentObservers.add(observer);
    return () => this.agentObservers.delete(observer);
  }

  private readonly contactObservers = new Set<(contact: ContactRecord, removed: boolean) => void>();

  /**
   * Observes every change of a contact (`removed` once it has left the instance): contact
   * events, recordings and Voice ID follow calls through this. Returns the unsubscribe function.
   */
  onContactChange(observer: (contact: ContactRecord, removed: boolean) => void): () => void {
    this.contactObservers.add(observer);
    return () => this.contactObservers.delete(observer);
  }

  private notifyContact(contact: ContactRecord, removed = false): void {
    for (const leg of contact.connections) {
      const agent = leg.agentId === undefined ? undefined : this.agents.get(leg.agentId);
      if (!agent) continue;
      const id = leg.transfer?.contactId ?? contact.id;
      if (agent.recentContacts.at(-1) === id) continue;
      const at = agent.recentContacts.indexOf(id);
      if (at !== -1) agent.recentContacts.splice(at, 1);
      agent.recentContacts.push(id);
      if (agent.recentContacts.length > MAX_RECENT_CONTACTS_PER_AGENT) agent.recentContacts.shift();
    }
    for (const observer of this.contactObservers) observer(contact, removed);
  }

  /** Recomputes the state shown to the agent (see AgentStates). */
  private refreshShown(agent: AgentRecord): void {
    this.states.refreshShown(agent);
  }

  // ---------------------------------------------------------------- agent operations (see AgentStates)

  /** PutAgentState. With `enqueueNextState` while the agent has contacts, the state is queued as `nextState`. */
  putAgentState(
    agent: AgentRecord,
    def: { agentStateARN?: string | null; name: string },
    enqueueNextState = false,
  ): void {
    this.states.putAgentState(agent, def, enqueueNextState);
  }

  /**
   * Disaster recovery (issue 7 §8): forces `agent` offline the way a hard failover does. Each agent
   * connection still live is destroyed (an offer is rejected), then the agent is set to the offline
   * state, then the after-call work left is cleared. Contacts for which `keep` is true are left
   * alone (a soft failover keeps voice and callback contacts until they end); they are returned.
   */
  forceAgentOffline(
    agent: AgentRecord,
    keep: (contact: ContactRecord) => boolean = () => false,
  ): ContactRecord[] {
    return this.states.forceAgentOffline(agent, keep);
  }

  private applySelectedState(agent: AgentRecord, state: AgentStateRecord): void {
    this.states.applySelectedState(agent, state);
  }

  /** UpdateAgentConfiguration: locale (validated), softphone flags, name. */
  updateAgentConfiguration(agent: AgentRecord, configuration: CtiAgentConfiguration): void {
    this.states.updateAgentConfiguration(agent, configuration);
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
      this.clock.clearTimer(leg.offerTimer);
      if (this.liveAgentLegs(contact, leg).length === 0) this.resumeHeld(contact);
      this.touchContact(contact);
      return;
    }
    this.contactEvent(contact, 'accept');
    this.connectionEvent(leg, 'answer');
    this.clock.clearTimer(contact.timer);
    if (contact.type === 'queue_callback') {
      // Accepting a callback dials the customer, who answers (or not) through the control API.
      this.connectionEvent(this.customerLeg(contact)!, 'dial');
      contact.timer = this.clock.setTimer(this.options.outboundRingTimeoutMs, () =>
        this.customerOutcome(contact.id, 'no answer'),
      );
    }
    this.touchContact(contact);
  }

  /** Whether the agent's leg is a ringing offer (inbound call or queued callback). */
  private isOffer(contact: ContactRecord, leg: ConnectionRecord): boolean {
    return (
      leg.state === 'connecting' &&
      (leg.offered === true ||
        customerWaitsInQueue(contact) ||
        (contact.type === 'task' && contact.state === 'connecting') ||
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
      this.routing.transferOfferEnds(contact, leg, 'rejected');
      return;
    }
    this.withdrawOffer(contact, agent, 'rejected');
    this.route();
  }

  /** The offer to `agent` ends unanswered: a ghost shows it as missed/rejected, the contact waits again. */
  private withdrawOffer(
    contact: ContactRecord,
    agent: AgentRecord,
    as: 'missed' | 'rejected',
  ): void {
    this.guard(() => nextContactState(contact.state, as === 'missed' ? 'miss' : 'reject'));
    const leg = this.agentLeg(agent, contact);
    this.clock.clearTimer(contact.timer);
    const now = this.clock.now();
    this.addOfferGhost(contact, agent, leg, as);
    contact.connections.splice(contact.connections.indexOf(leg), 1);
    contact.excludedAgents.add(agent.id);
    contact.state = 'init';
    contact.since = now;
    contact.waiting = true;
    this.touch(agent);
    this.notifyContact(contact);
  }

  /**
   * Shows the agent an offer that ended unanswered as a `missed` or `rejected` contact; a missed
   * one puts the agent in the `MissedCallAgent` error state until the agent picks a state.
   */
  private addOfferGhost(
    contact: ContactRecord,
    agent: AgentRecord,
    leg: ConnectionRecord,
    as: 'missed' | 'rejected',
  ): void {
    const now = this.clock.now();
    const view = this.contactView(contact, agent);
    view.state = { type: as, timestamp: seconds(now) };
    for (const c of view.connections)
      if (c.connectionId === leg.id) c.state = { type: 'disconnected', timestamp: seconds(now) };
    const ghost: AgentRecord['ghosts'][number] = { contact: view, state: as };
    if (as === 'rejected') {
      ghost.timer = this.clock.setTimer(OFFER_GHOST_TTL_MS, () => {
        agent.ghosts = agent.ghosts.filter((g) => g !== ghost);
        this.touch(agent);
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
    if (others.length >= 2) {
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
    contact.digits.push({ from: 'agent', connectionId, digits, at: this.clock.now() });
    this.changes++;
  }

  /** ClearContact / CompleteContact: ends after-call work (or drops a missed/rejected ghost). */
  clearContact(agent: AgentRecord, contactId: string): void {
    const ghost = agent.ghosts.find((g) => g.contact.contactId === contactId);
    if (ghost) {
      this.clock.clearTimer(ghost.timer);
      agent.ghosts = agent.ghosts.filter((g) => g !== ghost);
      this.touch(agent);
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
    else this.notifyContact(contact);
    if (this.contactsOf(agent).length === 0) {
      if (agent.nextState) this.applySelectedState(agent, agent.nextState);
      agent.idleSince = this.clock.now();
    }
    this.touch(agent);
    this.route();
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
      ? this.queues.find((q) => q.arn === queueARN)
      : agent.routingProfile.defaultOutboundQueue;
    if (!queue)
      throw new DomainError(
        CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
        `Queue ${queueARN} not found.`,
      );
    const now = this.clock.now();
    const id = this.newContactId();
    const contact: ContactRecord = {
      id,
      initialContactId: id,
      type: 'voice',
      initiationMethod: 'outbound',
      queue,
      queuedAt: now,
      createdAt: now,
      state: 'init',
      since: now,
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
      attributes: {},
      customerNumber: number,
      digits: [],
      excludedAgents: new Set(),
      waiting: false,
    };
    this.contactEvent(contact, 'offer');
    this.contacts.set(id, contact);
    contact.timer = this.clock.setTimer(this.options.outboundRingTimeoutMs, () =>
      this.customerOutcome(id, 'no answer'),
    );
    this.touchContact(contact);
    return contact;
  }

  private hasActiveVoice(agent: AgentRecord): boolean {
    const limit = agent.routingProfile.concurrency.VOICE ?? 1;
    return this.contactsOf(agent).length >= Math.max(1, limit);
  }

  // ---------------------------------------------------------------- multi-party

  /**
   * CreateAdditionalConnection: the agent adds a participant; the parties already on the call are
   * put on hold (see MultiParty).
   */
  createAdditionalConnection(agent: AgentRecord, contactId: string, endpoint: Endpoint): void {
    this.multiParty.createAdditionalConnection(agent, contactId, endpoint);
  }

  /** AddNewConnection: adds a participant (as CreateAdditionalConnection). */
  addNewConnection(agent: AgentRecord, contactId: string, endpoint: Endpoint): void {
    this.multiParty.addNewConnection(agent, contactId, endpoint);
  }

  /**
   * TransferContact: a blind transfer: the participant is added and the agent's own leg leaves at
   * once (after-call work); the customer stays with the new party.
   */
  transferContact(agent: AgentRecord, contactId: string, endpoint: Endpoint): void {
    this.multiParty.transferContact(agent, contactId, endpoint);
  }

  /** The quick connect of the instance an endpoint names by ARN/id, if any. */
  private listedEndpoint(endpoint: Endpoint): EndpointRecord | undefined {
    const arn = endpoint.endpointARN ?? endpoint.endpointId;
    return arn ? this.endpoints.find((e) => e.endpointARN === arn) : undefined;
  }

  /**
   * MonitorContact (admin API): the supervisor joins a live call on a monitoring leg, silently
   * (`silent_monitor`); the monitored parties do not see it until the supervisor barges.
   */
  monitorContact(
    contactId: string,
    supervisorId: string,
    capabilities: readonly string[],
  ): ContactRecord {
    return this.monitoring.monitorContact(contactId, supervisorId, capabilities);
  }

  /**
   * UpdateMonitorParticipantState: only SILENT_MONITOR or BARGE (any case); anything else is
   * `invalid_target_state`. Needs a monitoring leg of the agent on the contact.
   */
  updateMonitorParticipantState(
    agent: AgentRecord,
    contactId: string,
    targetMonitorMode: string,
  ): void {
    this.monitoring.updateMonitorParticipantState(agent, contactId, targetMonitorMode);
  }

  /**
   * CreateTaskContact: a task for an agent quick connect is offered to that agent; for a queue
   * quick connect it waits in that queue and is routed like a call. Returns the new contact.
   */
  createTaskContact(
    agent: AgentRecord | undefined,
    input: {
      readonly endpoint: Endpoint;
      readonly name: string;
      readonly description?: string | null;
      readonly references?: Readonly<
        Record<string, { type?: string | null; value?: string | null }>
      > | null;
      readonly previousContactId?: string | null;
    },
  ): ContactRecord {
    return this.tasks.createTaskContact(agent, input);
  }

  /**
   * The task-templates `updateContact`: changes a live task's name, description or references
   * (the fields given); the agents on it see the change in their next snapshot.
   */
  updateTaskContact(
    contactId: string,
    patch: {
      readonly name?: string;
      readonly description?: string;
      readonly references?: Readonly<Record<string, { type?: string; value?: string }>>;
    },
  ): ContactRecord {
    return this.tasks.updateTaskContact(contactId, patch);
  }

  /** ToggleActiveConnections: the party on the line goes on hold and the held one comes back. */
  toggleActiveConnections(agent: AgentRecord, contactId: string): void {
    this.multiParty.toggleActiveConnections(agent, contactId);
  }

  /** ConferenceConnections: every party (and the agent) comes off hold. */
  conferenceConnections(agent: AgentRecord, contactId: string): void {
    this.multiParty.conferenceConnections(agent, contactId);
  }

  /** MuteParticipant / UnmuteParticipant: another participant's leg is (un)muted by the agent. */
  muteParticipant(
    agent: AgentRecord,
    contactId: string,
    connectionId: string,
    mute: boolean,
  ): void {
    this.multiParty.muteParticipant(agent, contactId, connectionId, mute);
  }

  /** PauseContact / ResumeContact. */
  pauseContact(agent: AgentRecord, contactId: string, pause: boolean): void {
    const contact = this.contactOf(agent, contactId);
    this.contactEvent(contact, pause ? 'pause' : 'resume');
    this.touchContact(contact);
  }

  // ---------------------------------------------------------------- customer side (simulation)

  /**
   * A customer dials a phone number of the instance or a queue by name; with `initiationMethod`
   * `api`, the call the admin API's StartOutboundVoiceContact placed, which the customer answered:
   * it waits in the queue and reaches the agent as the real service delivers it (initiation method
   * `api`, the customer's connection outbound). `attributes` are the contact's attributes.
   */
  dialIn(
    to: string,
    from = '+15555550123',
    options: {
      readonly initiationMethod?: 'inbound' | 'api';
      readonly attributes?: Readonly<Record<string, string>>;
      /** A contact flow of the seed to run (default: the phone number's, if it has one). */
      readonly contactFlow?: string;
    } = {},
  ): ContactRecord {
    let queue = this.phoneNumbers.get(to) ?? this.queues.find((q) => q.name === to || q.arn === to);
    if (!queue)
      throw new DomainError(CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION, MESSAGES.unknownNumber(to));
    const flowName = options.contactFlow ?? this.numberFlows.get(to);
    const flow = flowName === undefined ? undefined : this.contactFlows.get(flowName);
    if (flowName !== undefined && flow === undefined)
      throw new DomainError(
        CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
        MESSAGES.unknownContactFlow(flowName),
      );
    // The flow: its attributes over the ones given, its working queue, its prompts.
    const attributes: Record<string, string> = { ...options.attributes };
    let prompt: string | undefined;
    for (const step of flow ?? []) {
      if ('setAttributes' in step) Object.assign(attributes, step.setAttributes);
      else if ('setWorkingQueue' in step)
        queue = this.queues.find((q) => q.name === step.setWorkingQueue) ?? queue;
      else if ('playPrompt' in step)
        prompt = prompt === undefined ? step.playPrompt : `${prompt} ${step.playPrompt}`;
      else {
        if (typeof step.transferToQueue === 'string')
          queue = this.queues.find((q) => q.name === step.transferToQueue) ?? queue;
        break;
      }
    }
    if (!/^\+[1-9]\d{1,14}$/.test(from))
      throw new DomainError(
        CtiErrorType.INVALID_PARAMETER_EXCEPTION,
        MESSAGES.invalidParameter('from must be an E.164 number'),
      );
    const now = this.clock.now();
    const id = this.newContactId();
    const contact: ContactRecord = {
      id,
      initialContactId: id,
      type: 'voice',
      initiationMethod: options.initiationMethod ?? 'inbound',
      queue,
      queuedAt: now,
      createdAt: now,
      state: 'init',
      since: now,
      connections: [
        this.newConnection(
          id,
          options.initiationMethod === 'api' ? 'outbound' : 'inbound',
          true,
          'connected',
          { type: 'phone_number', phoneNumber: from },
        ),
      ],
      attributes: Object.fromEntries(
        Object.entries(attributes).map(([name, value]) => [name, { name, value }]),
      ),
      customerNumber: from,
      digits: [],
      excludedAgents: new Set(),
      waiting: true,
      ...(flowName === undefined ? {} : { contactFlow: flowName }),
      ...(prompt === undefined ? {} : { prompt }),
    };
    this.contacts.set(id, contact);
    this.changes++;
    this.notifyContact(contact);
    this.route();
    return contact;
  }

  /** A customer asks to be called back: a queued callback waits in the queue like a call. */
  queueCallback(queueNameOrNumber: string, customerNumber: string): ContactRecord {
    const queue =
      this.phoneNumbers.get(queueNameOrNumber) ??
      this.queues.find((q) => q.name === queueNameOrNumber || q.arn === queueNameOrNumber);
    if (!queue)
      throw new DomainError(
        CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
        MESSAGES.unknownNumber(queueNameOrNumber),
      );
    if (!/^\+[1-9]\d{1,14}$/.test(customerNumber))
      throw new DomainError(
        CtiErrorType.INVALID_PARAMETER_EXCEPTION,
        MESSAGES.invalidParameter('number must be an E.164 number'),
      );
    const now = this.clock.now();
    const id = this.newContactId();
    const contact: ContactRecord = {
      id,
      initialContactId: id,
      type: 'queue_callback',
      initiationMethod: 'callback',
      queue,
      queuedAt: now,
      createdAt: now,
      state: 'init',
      since: now,
      connections: [
        this.newConnection(id, 'outbound', true, 'init', {
          type: 'phone_number',
          phoneNumber: customerNumber,
        }),
      ],
      attributes: {},
      customerNumber,
      digits: [],
      excludedAgents: new Set(),
      waiting: true,
    };
    this.contacts.set(id, contact);
    this.changes++;
    this.route();
    return contact;
  }

  /** The customer of an outbound call answers. */
  customerAnswers(contactId: string): void {
    const contact = this.outboundRinging(contactId, 'answer');
    this.contactEvent(contact, 'accept');
    this.connectionEvent(this.customerLeg(contact)!, 'answer');
    this.clock.clearTimer(contact.timer);
    this.touchContact(contact);
  }

  /** The customer of an outbound call rejects it (busy) or lets it ring out. */
  customerOutcome(contactId: string, outcome: 'rejected' | 'no answer'): void {
    const contact = this.outboundRinging(
      contactId,
      outcome === 'rejected' ? 'reject' : 'not answer',
    );
    this.endContact(
      contact,
      `customer ${outcome === 'rejected' ? 'rejected the call' : 'did not answer'}`,
    );
  }

  private outboundRinging(contactId: string, action: string): ContactRecord {
    const contact = this.contacts.get(contactId);
    if (!contact)
      throw new DomainError(
        CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
        MESSAGES.contactNotFound(contactId),
      );
    const leg = this.customerLeg(contact);
    if (customerWaitsInQueue(contact) || leg?.state !== 'connecting')
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Customer', leg?.state ?? contact.state, action),
      );
    return contact;
  }

  /** The customer hangs up: a waiting call is abandoned, a ringing offer withdrawn, a live call ends. */
  customerHangsUp(contactId: string): void {
    const contact = this.contacts.get(contactId);
    if (!contact)
      throw new DomainError(
        CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
        MESSAGES.contactNotFound(contactId),
      );
    const customer = this.customerLeg(contact);
    if (!customer || customer.state === 'disconnected' || contact.state === 'ended')
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Customer', customer?.state ?? contact.state, 'hang up'),
      );
    const agentLegs = contact.connections.filter((x) => x.agentId);
    // A call that goes on after its agents left (transferred) is hung up, not abandoned.
    const live = contact.state === 'connected' || contact.state === 'paused';
    if (
      (agentLegs.length === 0 && !live) ||
      agentLegs.some((x) => !x.offered && this.isOffer(contact, x))
    ) {
      // Abandoned in queue or while ringing: the contact disappears.
      this.clock.clearTimer(contact.timer);
      this.contacts.delete(contact.id);
      this.touch(...agentLegs.map((x) => this.agents.get(x.agentId!)));
      this.notifyContact(contact, true);
      this.route();
      return;
    }
    this.endContact(contact, 'customer hung up');
  }

  /** The customer presses digits (DTMF towards the contact centre). */
  customerPressesDigits(contactId: string, digits: string): void {
    const contact = this.contacts.get(contactId);
    if (!contact)
      throw new DomainError(
        CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
        MESSAGES.contactNotFound(contactId),
      );
    if (!/^[0-9*#]+$/.test(digits))
      throw new DomainError(
        CtiErrorType.INVALID_PARAMETER_EXCEPTION,
        MESSAGES.invalidParameter('digits must be 0-9, * or #'),
      );
    const customer = this.customerLeg(contact);
    if (!customer || customer.state !== 'connected')
      throw new DomainError(
        CtiErrorType.INVALID_STATE_EXCEPTION,
        MESSAGES.invalidTransition('Customer', customer?.state ?? 'none', 'press digits'),
      );
    contact.digits.push({
      from: 'customer',
      connectionId: customer.id,
      digits,
      at: this.clock.now(),
    });
    this.changes++;
  }

  /** Takes every held leg off hold (the parties left on a call are joined). */
  private resumeHeld(contact: ContactRecord): void {
    for (const c of contact.connections) if (c.state === 'hold') this.connectionEvent(c, 'resume');
  }

  /** A transfer offer to an agent ends unanswered: the leg goes; a call nobody is left on ends. */
  private dropTransferOffer(contact: ContactRecord, leg: ConnectionRecord): void {
    this.clock.clearTimer(leg.offerTimer);
    contact.connections.splice(contact.connections.indexOf(leg), 1);
    const target = this.agents.get(leg.agentId!);
    if (this.liveAgentLegs(contact).length === 0 && contact.state !== 'ended') {
      this.touch(target);
      this.endContact(contact, 'transfer not answered');
      return;
    }
    this.touchContact(contact, ...(target ? [target] : []));
  }

  /** Ends a call: every leg disconnects, the contact is `ended` (after-call work for its agents). */
  private endContact(contact: ContactRecord, reason: string): void {
    const offers = contact.connections.filter((x) => x.offered);
    for (const leg of offers) {
      this.clock.clearTimer(leg.offerTimer);
      contact.connections.splice(contact.connections.indexOf(leg), 1);
    }
    this.touch(...offers.map((x) => this.agents.get(x.agentId!)));
    this.contactEvent(contact, 'end');
    for (const leg of contact.connections)
      if (leg.state !== 'disconnected') this.connectionEvent(leg, 'disconnect');
    this.clock.clearTimer(contact.timer);
    contact.endReason = reason;
    contact.waiting = false;
    this.touchContact(contact);
    // A call that went on without any agent (after a transfer) has nobody to clear it.
    if (!contact.connections.some((x) => x.agentId)) this.removeContact(contact);
  }

  /** The contact leaves the instance (cleared by its last agent, or over with no agent on it). */
  private removeContact(contact: ContactRecord): void {
    this.clock.clearTimer(contact.timer);
    for (const leg of contact.connections) this.clock.clearTimer(leg.offerTimer);
    this.contacts.delete(contact.id);
    this.changes++;
    this.notifyContact(contact, true);
  }

  // ---------------------------------------------------------------- routing (see Routing)

  /**
   * Offers what waits (oldest first) to the longest-idle available agent: contacts waiting in
   * their queue, and transfer legs waiting for an agent of a queue or for one agent.
   */
  route(): void {
    this.routing.route();
  }

  // ---------------------------------------------------------------- views

  private newContactId(): string {
    return stableId(
      this.instanceId,
      'contact',
      String(++this.contactCounter),
      String(this.clock.now()),
    );
  }

  private newConnection(
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
      since: this.clock.now(),
      endpoint,
      ...(agentId ? { agentId } : {}),
      mute: false,
    };
  }

  /** The contact as `agent` sees it in GetAgentSnapshot. */
  contactView(contact: ContactRecord, agent: AgentRecord): CtiContact {
    const now = this.clock.now();
    const own = contact.connections.find((x) => x.agentId === agent.id);
    // An agent who took the call through a transfer sees it in the queue it came through.
    const queue: Queue = own?.transferQueue?.queue ?? {
      queueARN: contact.queue.arn,
      name: contact.queue.name,
    };
    // As on the real service, an agent sees the quick connect name only of a party added while
    // that agent was on the call; any other party is unidentified (no `quickConnectName`: the CCP
    // shows it as an internal transfer).
    const named = (leg: ConnectionRecord) =>
      leg.quickConnectName !== undefined && own !== undefined && leg.seq > own.seq;
    return {
      contactId: own?.transfer?.contactId ?? contact.id,
      initialContactId: contact.initialContactId,
      type: contact.type,
      state: { type: this.stateFor(contact, agent), timestamp: seconds(contact.since) },
      queue,
      queueTimestamp: seconds(own?.transferQueue?.since ?? contact.queuedAt),
      connections: contact.connections
        // A silent monitor is invisible to the others; a barging supervisor is heard and shown.
        .filter((leg) => leg.agentId === agent.id || leg.state !== 'silent_monitor')
        .map((leg) => ({
          connectionId: leg.id,
          endpoint: leg.endpoint,
          state: { type: leg.state, timestamp: seconds(leg.since) },
          // Each agent sees its own leg as `agent`; other agents' legs are third parties.
          type:
            leg.agentId === agent.id
              ? leg.type === 'monitoring'
                ? leg.type
                : 'agent'
              : leg.type === 'agent'
                ? 'outbound'
                : leg.type,
          initial: leg.initial,
          softphoneMediaInfo:
            leg.agentId === agent.id
              ? { callType: 'audio_only', autoAccept: agent.softphoneAutoAccept }
              : undefined,
          mute: leg.mute,
          forcedMute: leg.forcedMute ?? false,
          ...(named(leg) ? { quickConnectName: leg.quickConnectName } : {}),
          monitorCapabilities: [...(leg.monitorCapabilities ?? [])],
          ...(leg.monitorStatus === undefined ? {} : { monitorStatus: leg.monitorStatus }),
          ...(leg.monitoringInfo === undefined
            ? {}
            : {
                monitoringInfo: {
                  agent: { agentName: leg.monitoringInfo.agentName },
                  joinTimeStamp: seconds(leg.monitoringInfo.joinedAt),
                },
              }),
        })),
      attributes: contact.attributes,
      contactDuration: String(
        Math.floor((now - (own?.transfer?.createdAt ?? contact.createdAt)) / 1000),
      ),
      // A transferred call reaches its new agent as a new contact initiated by transfer.
      initiationMethod: own?.transfer || own?.transferQueue ? 'transfer' : contact.initiationMethod,
      ...(contact.type === 'task'
        ? {
            name: contact.name,
            ...(contact.description === undefined ? {} : { description: contact.description }),
            references: contact.references,
            ...(contact.relatedContactId === undefined
              ? {}
              : { relatedContactId: contact.relatedContactId }),
          }
        : { customerEndpoint: { type: 'phone_number', phoneNumber: contact.customerNumber } }),
      contactFeatures: {
        attachmentsEnabled: false,
        messagingMarkdownEnabled: false,
        multiPartyConferenceEnabled: true,
      },
    };
  }

  /** The GetAgentSnapshot `snapshot` of `agent` (contacts sorted by state timestamp). */
  snapshot(agent: AgentRecord): CtiAgentSnapshot {
    const now = this.clock.now();
    const state = agent.shown;
    const contacts = [
      ...agent.ghosts.map((g) => g.contact),
      ...this.contactsOf(agent).map((c) => this.contactView(c, agent)),
    ].sort((a, b) => Number(a.state.timestamp) - Number(b.state.timestamp));
    return {
      state: {
        agentStateARN: state.arn,
        type: state.type as AgentStateDefinition['type'],
        name: state.name,
        startTimestamp: seconds(state.since),
      },
      ...(agent.nextState
        ? {
            nextState: {
              agentStateARN: agent.nextState.arn,
              type: agent.nextState.type,
              name: agent.nextState.name,
              startTimestamp: seconds(now),
            },
          }
        : {}),
      agentAvailabilityState: {
        state: agent.selected.name,
        timeStamp: seconds(agent.selectedSince),
      },
      contacts,
      snapshotTimestamp: seconds(now),
    };
  }

  configuration(agent: AgentRecord): CtiAgentConfiguration {
    const profile = agent.routingProfile;
    return {
      name: agent.name,
      username: agent.username,
      agentARN: agent.arn,
      extension: agent.extension,
      softphoneEnabled: agent.softphoneEnabled,
      softphoneAutoAccept: agent.softphoneAutoAccept,
      agentPreferences: agent.preferences,
      routingProfile: {
        name: profile.name,
        routingProfileARN: profile.arn,
        defaultOutboundQueue: {
          queueARN: profile.defaultOutboundQueue.arn,
          name: profile.defaultOutboundQueue.name,
        },
        channelConcurrencyMap: { ...profile.concurrency },
      },
    };
  }

  /** The agent's routing-profile queues, its own agent queue first. */
  routingProfileQueues(agent: AgentRecord): Queue[] {
    return [
      { queueARN: this.arns.agentQueue(agent.id), name: null },
      ...agent.routingProfile.queues.map((q) => ({ queueARN: q.arn, name: q.name })),
    ];
  }

  agentStateDefinitions(): AgentStateDefinition[] {
    return this.agentStates.map((s) => ({ agentStateARN: s.arn, type: s.type, name: s.name }));
  }

  /** Quick connects available to queues `queueARNs` (every seeded quick connect, minus the agent itself). */
  endpointsFor(agent: AgentRecord, queueARNs: readonly string[]): Endpoint[] {
    void queueARNs;
    return this.endpoints.filter((e) => e.agentLogin !== agent.username);
  }

  /** Waits until the agent's snapshot changes past `version`, or `timeoutMs` passes. */
  waitForChange(
    agent: AgentRecord,
    version: number,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<void> {
    if (agent.version !== version || timeoutMs <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.clock.clearTimer(timer);
        agent.waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = this.clock.setTimer(timeoutMs, done);
      agent.waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** Cancels every pending timer and wakes every long poll (before close or reset). */
  dispose(): void {
    for (const contact of this.contacts.values()) {
      this.clock.clearTimer(contact.timer);
      for (const leg of contact.connections) this.clock.clearTimer(leg.offerTimer);
    }
    for (const agent of this.agents.values()) {
      for (const ghost of agent.ghosts) this.clock.clearTimer(ghost.timer);
      this.touch(agent);
    }
  }

  /** The persistent part of the state (agent choices), for `--state-dir`. */
  exportState(): {
    agents: Record<
      string,
      { state: string; preferences: Record<string, string>; softphoneAutoAccept: boolean }
    >;
  } {
    const agents: Record<
      string,
      { state: string; preferences: Record<string, string>; softphoneAutoAccept: boolean }
    > = {};
    for (const a of this.agents.values())
      agents[a.username] = {
        state: a.selected.name,
        preferences: a.preferences,
        softphoneAutoAccept: a.softphoneAutoAccept,
      };
    return { agents };
  }

  /** Restores what {@link ContactCentre.exportState} saved; unknown names are ignored. */
  importState(state: unknown): void {
    const agents = (
      state as {
        agents?: Record<
          string,
          { state?: string; preferences?: Record<string, string>; softphoneAutoAccept?: boolean }
        >;
      } | null
    )?.agents;
    if (!agents || typeof agents !== 'object') return;
    for (const [username, saved] of Object.entries(agents)) {
      const agent = this.agentByUsername(username);
      if (!agent || !saved) continue;
      const s = this.agentStates.find((x) => x.name === saved.state);
      if (s) this.applySelectedState(agent, s);
      if (saved.preferences && typeof saved.preferences === 'object')
        agent.preferences = { ...saved.preferences };
      if (typeof saved.softphoneAutoAccept === 'boolean')
        agent.softphoneAutoAccept = saved.softphoneAutoAccept;
      this.touch(agent);
    }
  }
}
