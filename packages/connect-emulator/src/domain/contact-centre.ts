import { randomBytes } from 'node:crypto';
import type {
  AgentStateDefinition,
  CtiAgentConfiguration,
  CtiAgentSnapshot,
  CtiContact,
  Endpoint,
  Queue,
} from '@x/connect-streams/protocol';
import type { Clock } from './clock';
import { Arns, stableId } from './ids';
import type {
  AgentRecord,
  AgentStateRecord,
  ConnectionRecord,
  ContactCentreOptions,
  ContactRecord,
  EndpointRecord,
  QueueRecord,
} from './records';
import type { CentreCore } from './centre-core';
import { AgentStates } from './agent-states';
import { ChangeFeed } from './change-feed';
import { Monitoring } from './monitoring';
import { MultiParty } from './multi-party';
import { Routing } from './routing';
import type { ContactFlowStep, Seed } from './seed';
import { Tasks } from './tasks';
import { Chats, type StartChatInput, type StartTaskInput } from './chats';
import { chatToken } from './chat-tokens';
import { agentLeg, connectionOf, contactIdOf, partiesOf, stateFor } from './contact-legs';
import { authorize, findContact } from './contact-lookup';
import { Contacts } from './contacts';
import { ContactViews } from './contact-views';
import { CustomerSide } from './customer-side';
import { seedRecords } from './seed-records';

export {
  DomainError,
  customerWaitsInQueue,
  type AgentRecord,
  type AgentStateRecord,
  type ConnectionRecord,
  type ContactCentreOptions,
  type ContactRecord,
  type EndpointRecord,
  type QueueRecord,
  type RoutingProfileRecord,
  type ShownState,
  type TransferSegment,
  type TransferWait,
} from './records';

/**
 * The simulated instance: agents, queues, routing, contacts and their state machines. Every
 * public method either applies a whole change or throws {@link DomainError} leaving state as it was.
 * @public
 */
export class ContactCentre {
  /** The ARN builders of this instance. */
  readonly arns: Arns;
  /** The instance's id. */
  readonly instanceId: string;
  /** The instance's region (`us-east-1`). */
  readonly region: string;
  /** The agent states agents may choose. */
  readonly agentStates: readonly AgentStateRecord[];
  /** The queues of the instance. */
  readonly queues: readonly QueueRecord[];
  /** The agents by user id. */
  readonly agents: ReadonlyMap<string, AgentRecord>;
  /** The live contacts by id (the contact store's map). */
  readonly contacts: Map<string, ContactRecord>;
  /** The countries agents may call (ISO codes, from the seed). */
  readonly dialableCountries: readonly string[];
  private readonly phoneNumbers: ReadonlyMap<string, QueueRecord>;
  /** The contact flow of each phone number that has one. */
  private readonly numberFlows: ReadonlyMap<string, string>;
  /** The seed's contact flows by name. */
  readonly contactFlows: ReadonlyMap<string, readonly ContactFlowStep[]>;
  private readonly endpoints: readonly EndpointRecord[];
  private readonly clock: Clock;
  /** Counts every change, for observers (control API, tests). */
  changes = 0;
  /** Tasks: created, offered or queued, updated. */
  private readonly tasks: Tasks;
  /** Chats and API tasks: started, queued. */
  private readonly chats: Chats;
  /** Signs the chat participants' tokens (see chat-tokens). */
  readonly chatSecret: Uint8Array = randomBytes(32);
  /** Monitoring: supervisors joining silently, barging, going back. */
  private readonly monitoring: Monitoring;
  /** Routing and offers. */
  private readonly routing: Routing;
  /** Agents and their states. */
  private readonly states: AgentStates;
  /** Multi-party calls. */
  private readonly multiParty: MultiParty;
  /** Contacts and their connections. */
  private readonly contactStore: Contacts;
  /** The customer side of calls. */
  private readonly customers: CustomerSide;
  /** What agents see. */
  private readonly views: ContactViews;
  /** Observers of agents and contacts, and long polls. */
  private readonly feed: ChangeFeed;

  /** An instance built from `seed`, on the clock and timeouts of `options`. */
  constructor(
    /** The seed the instance was built from. */
    readonly seed: Seed,
    private readonly options: ContactCentreOptions,
  ) {
    this.clock = options.clock;
    const now = this.clock.now();
    this.instanceId = seed.instance.id ?? stableId('instance', seed.instance.alias);
    this.region = seed.instance.region;
    this.arns = new Arns(seed.instance.region, seed.instance.accountId, this.instanceId);
    const records = seedRecords(seed, this.arns, this.instanceId, now);
    this.agentStates = records.agentStates;
    this.queues = records.queues;
    this.agents = records.agents;
    this.phoneNumbers = records.phoneNumbers;
    this.numberFlows = records.numberFlows;
    this.contactFlows = records.contactFlows;
    this.endpoints = records.endpoints;
    this.dialableCountries = seed.dialableCountries;
    const changed = () => {
      this.changes++;
    };
    this.feed = new ChangeFeed({
      clock: this.clock,
      agents: this.agents,
      changed,
      refreshShown: (agent) => this.states.refreshShown(agent),
    });
    const touch = (...agents: (AgentRecord | undefined)[]) => this.feed.touch(...agents);
    const notifyContact = (contact: ContactRecord, removed?: boolean) =>
      this.feed.notifyContact(contact, removed);
    const route = () => this.routing.route();
    const contacts = new Contacts({
      clock: this.clock,
      instanceId: this.instanceId,
      agents: this.agents,
      queues: this.queues,
      outboundRingTimeoutMs: options.outboundRingTimeoutMs,
      changed,
      touch,
      notifyContact,
      route,
      transferOfferEnds: (contact, leg, as) => this.routing.transferOfferEnds(contact, leg, as),
      applySelectedState: (agent, state) => this.states.applySelectedState(agent, state),
      contactView: (contact, agent) => this.views.contactView(contact, agent),
      customerOutcome: (contactId, outcome) => this.customers.customerOutcome(contactId, outcome),
    });
    this.contactStore = contacts;
    this.contacts = contacts.all;
    this.customers = new CustomerSide(
      {
        clock: this.clock,
        agents: this.agents,
        queues: this.queues,
        phoneNumbers: this.phoneNumbers,
        numberFlows: this.numberFlows,
        contactFlows: this.contactFlows,
        changed,
        touch,
        notifyContact,
        route,
      },
      contacts,
    );
    this.views = new ContactViews(
      {
        clock: this.clock,
        arns: this.arns,
        agentStates: this.agentStates,
        endpoints: this.endpoints,
        chatParticipantToken: (contactId, participantId) =>
          chatToken(this.chatSecret, 'participant', contactId, participantId),
        softphoneToken: (contactId, connectionId) =>
          chatToken(this.chatSecret, 'softphone', contactId, connectionId),
        ...(options.softphoneSignallingUrl
          ? { softphoneSignallingUrl: options.softphoneSignallingUrl }
          : {}),
      },
      contacts,
    );
    // The other concepts work on the instance through a narrow core.
    const core: CentreCore = {
      clock: this.clock,
      agents: this.agents,
      contacts: contacts.all,
      queues: this.queues,
      newContactId: () => contacts.ids.newContactId(),
      newConnection: (...args) => contacts.ids.newConnection(...args),
      contactOf: (agent, contactId, access) => contacts.contactOf(agent, contactId, access),
      agentLeg,
      agentForEndpoint: (endpoint) => this.agentForEndpoint(endpoint),
      listedEndpoint: (endpoint) => this.listedEndpoint(endpoint),
      contactsOf: (agent) => contacts.contactsOf(agent),
      offer: (contact, agent) => this.routing.offer(contact, agent),
      route,
      arns: this.arns,
      missedCallTimeoutMs: this.options.missedCallTimeoutMs,
      touch,
      notifyContact: (contact) => this.feed.notifyContact(contact),
      contactEvent: (contact, event) => contacts.contactEvent(contact, event),
      addOfferGhost: (contact, agent, leg, as) => contacts.addOfferGhost(contact, agent, leg, as),
      dropTransferOffer: (contact, leg) => contacts.dropTransferOffer(contact, leg),
      withdrawOffer: (contact, agent, as) => contacts.withdrawOffer(contact, agent, as),
      agentStates: this.agentStates,
      stateFor,
      destroyConnection: (agent, contactId, connectionId) =>
        contacts.destroyConnection(agent, contactId, connectionId),
      clearContact: (agent, contactId) => contacts.clearContact(agent, contactId),
      partiesOf,
      connectionOf,
      connectionEvent: (connection, event) => contacts.connectionEvent(connection, event),
      touchContact: (contact) => contacts.touchContact(contact),
      contactAdded: (contact) => {
        this.changes++;
        this.feed.notifyContact(contact);
      },
    };
    this.tasks = new Tasks(core);
    this.chats = new Chats(core);
    this.monitoring = new Monitoring(core);
    this.routing = new Routing(core);
    this.states = new AgentStates(core);
    this.multiParty = new MultiParty(core);
  }

  // ---------------------------------------------------------------- lookups

  /** The agent with this sign-in name, if any. */
  agentByUsername(username: string): AgentRecord | undefined {
    for (const agent of this.agents.values()) if (agent.username === username) return agent;
    return undefined;
  }

  /** The contacts in which `agent` has a leg (not counting ghosts). */
  contactsOf(agent: AgentRecord): ContactRecord[] {
    return this.contactStore.contactsOf(agent);
  }

  /**
   * The contact id `agentId` sees for `contact`: the id of the new contact a transfer created for
   * the agent's leg, else the contact's own id.
   */
  contactIdOf(contact: ContactRecord, agentId: string): string {
    return contactIdOf(contact, agentId);
  }

  /**
   * Finds a contact by id: a contact of the instance, or the new contact of a transfer leg (with
   * that leg).
   */
  findContact(
    contactId: string,
  ): { contact: ContactRecord; transferLeg?: ConnectionRecord } | undefined {
    return findContact(this.contacts, contactId);
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
    return authorize(this.contacts, agent, contactId, access, after, anyLeg);
  }

  // ---------------------------------------------------------------- contacts (see Contacts)

  /** AcceptContact: the agent answers its ringing offer (a queued callback then dials the customer). */
  acceptContact(agent: AgentRecord, contactId: string): void {
    this.contactStore.acceptContact(agent, contactId);
  }

  /** RejectContact: the agent declines its ringing offer; the contact waits again. */
  rejectContact(agent: AgentRecord, contactId: string): void {
    this.contactStore.rejectContact(agent, contactId);
  }

  /**
   * DestroyConnection of any party: in a two-party call it ends the call; with more parties only
   * that leg leaves and the others go on; on a ringing offer it rejects.
   */
  destroyConnection(agent: AgentRecord, contactId: string, connectionId: string): void {
    this.contactStore.destroyConnection(agent, contactId, connectionId);
  }

  /** HoldConnection: a party of a connected call goes on hold. */
  holdConnection(agent: AgentRecord, contactId: string, connectionId: string): void {
    this.contactStore.holdConnection(agent, contactId, connectionId);
  }

  /** ResumeConnection: a held party comes back. */
  resumeConnection(agent: AgentRecord, contactId: string, connectionId: string): void {
    this.contactStore.resumeConnection(agent, contactId, connectionId);
  }

  /** SendDigits: DTMF from the agent on a connected or held leg (`0-9`, `*`, `#`, `,`). */
  sendDigits(agent: AgentRecord, contactId: string, connectionId: string, digits: string): void {
    this.contactStore.sendDigits(agent, contactId, connectionId, digits);
  }

  /** ClearContact / CompleteContact: ends after-call work (or drops a missed/rejected ghost). */
  clearContact(agent: AgentRecord, contactId: string): void {
    this.contactStore.clearContact(agent, contactId);
  }

  /** CreateOutboundContact: the agent calls a phone number (E.164); the customer leg rings. */
  createOutboundContact(
    agent: AgentRecord,
    endpoint: Endpoint,
    queueARN?: string | null,
  ): ContactRecord {
    return this.contactStore.createOutboundContact(agent, endpoint, queueARN);
  }

  /** PauseContact / ResumeContact. */
  pauseContact(agent: AgentRecord, contactId: string, pause: boolean): void {
    this.contactStore.pauseContact(agent, contactId, pause);
  }

  // ---------------------------------------------------------------- customer side (see CustomerSide)

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
    return this.customers.dialIn(to, from, options);
  }

  /** A customer asks to be called back: a queued callback waits in the queue like a call. */
  queueCallback(queueNameOrNumber: string, customerNumber: string): ContactRecord {
    return this.customers.queueCallback(queueNameOrNumber, customerNumber);
  }

  /** The customer of an outbound call answers. */
  customerAnswers(contactId: string): void {
    this.customers.customerAnswers(contactId);
  }

  /** The customer of an outbound call rejects it (busy) or lets it ring out. */
  customerOutcome(contactId: string, outcome: 'rejected' | 'no answer'): void {
    this.customers.customerOutcome(contactId, outcome);
  }

  /** The customer hangs up: a waiting call is abandoned, a ringing offer withdrawn, a live call ends. */
  customerHangsUp(contactId: string): void {
    this.customers.customerHangsUp(contactId);
  }

  /** The customer presses digits (DTMF towards the contact centre). */
  customerPressesDigits(contactId: string, digits: string): void {
    this.customers.customerPressesDigits(contactId, digits);
  }

  // ---------------------------------------------------------------- views (see ContactViews)

  /**
   * Where the customer's phone of a voice contact signals its softphone media, and its token
   * (undefined for other channels, or before the emulator listens).
   */
  customerSoftphone(
    contact: ContactRecord,
  ): { signalingEndpoint: string; callContextToken: string } | undefined {
    const customer = contact.connections.find((leg) => leg.initial);
    return customer ? this.views.softphoneMedia(contact, customer.id) : undefined;
  }

  /** The contact as `agent` sees it in GetAgentSnapshot. */
  contactView(contact: ContactRecord, agent: AgentRecord): CtiContact {
    return this.views.contactView(contact, agent);
  }

  /** The GetAgentSnapshot `snapshot` of `agent` (contacts sorted by state timestamp). */
  snapshot(agent: AgentRecord): CtiAgentSnapshot {
    return this.views.snapshot(agent);
  }

  /** The GetAgentConfiguration `configuration` of `agent`. */
  configuration(agent: AgentRecord): CtiAgentConfiguration {
    return this.views.configuration(agent);
  }

  /** The agent's routing-profile queues, its own agent queue first. */
  routingProfileQueues(agent: AgentRecord): Queue[] {
    return this.views.routingProfileQueues(agent);
  }

  /** The instance's agent states (GetAgentStates). */
  agentStateDefinitions(): AgentStateDefinition[] {
    return this.views.agentStateDefinitions();
  }

  /** Every seeded quick connect (transfer destination), with its endpoint ARN. */
  quickConnects(): readonly EndpointRecord[] {
    return this.endpoints;
  }

  /** Quick connects available to queues `queueARNs` (every seeded quick connect, minus the agent itself). */
  endpointsFor(agent: AgentRecord, queueARNs: readonly string[]): Endpoint[] {
    return this.views.endpointsFor(agent, queueARNs);
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

  /** The agent state a definition names: by ARN when it has one (this instance's only), else by name. */
  findAgentState(def: { agentStateARN?: string | null; name: string }): AgentStateRecord {
    return this.states.findAgentState(def);
  }

  // ---------------------------------------------------------------- observers (see ChangeFeed)

  /** Observes every change of an agent's snapshot (web-socket agent topic). Returns the unsubscribe function. */
  onAgentChange(observer: (agent: AgentRecord) => void): () => void {
    return this.feed.onAgentChange(observer);
  }

  /**
   * Observes every change of a contact (`removed` once it has left the instance): contact
   * events, recordings and Voice ID follow calls through this. Returns the unsubscribe function.
   */
  onContactChange(observer: (contact: ContactRecord, removed: boolean) => void): () => void {
    return this.feed.onContactChange(observer);
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
   * Disaster recovery: forces `agent` offline the way a hard failover does. Each agent
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

  /** UpdateAgentConfiguration: locale (validated), softphone flags, name. */
  updateAgentConfiguration(agent: AgentRecord, configuration: CtiAgentConfiguration): void {
    this.states.updateAgentConfiguration(agent, configuration);
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
   * StartChatContact / the customer page's "start a chat": a chat whose customer is connected
   * waits in `queue` and is routed by CHAT concurrency.
   */
  startChat(input: StartChatInput): ContactRecord {
    return this.chats.startChat(input);
  }

  /** StartTaskContact: a task waits in its queue (from its scheduled time) for an agent. */
  startTask(input: StartTaskInput): ContactRecord {
    return this.chats.startTask(input);
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

  // ---------------------------------------------------------------- routing (see Routing)

  /**
   * Offers what waits (oldest first) to the longest-idle available agent: contacts waiting in
   * their queue, and transfer legs waiting for an agent of a queue or for one agent.
   */
  route(): void {
    this.routing.route();
  }

  /** Waits until the agent's snapshot changes past `version`, or `timeoutMs` passes. */
  waitForChange(
    agent: AgentRecord,
    version: number,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<void> {
    return this.feed.waitForChange(agent, version, timeoutMs, signal);
  }

  /** Cancels every pending timer and wakes every long poll (before close or reset). */
  dispose(): void {
    for (const contact of this.contacts.values()) {
      this.clock.clearTimer(contact.timer);
      for (const leg of contact.connections) this.clock.clearTimer(leg.offerTimer);
    }
    for (const agent of this.agents.values()) {
      for (const ghost of agent.ghosts) this.clock.clearTimer(ghost.timer);
      this.feed.touch(agent);
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
      if (s) this.states.applySelectedState(agent, s);
      if (saved.preferences && typeof saved.preferences === 'object')
        agent.preferences = { ...saved.preferences };
      if (typeof saved.softphoneAutoAccept === 'boolean')
        agent.softphoneAutoAccept = saved.softphoneAutoAccept;
      this.feed.touch(agent);
    }
  }
}
