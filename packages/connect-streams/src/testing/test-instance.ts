// A scriptable in-memory contact-centre instance for one agent, for tests of host code: it answers
// the CTI operations and produces the panel's `agent::update` snapshots.
import type {
  AgentStateDefinition,
  AgentConfiguration,
  AgentStateData,
  AgentUpdate,
  ContactData,
  EndpointData,
} from '../wire';
import { PanelError } from './panel-error';
import { defaultTestConfiguration } from './test-configuration';
import {
  newConnection,
  newOutboundContact,
  setConnectionState,
  setContactState,
} from './test-contacts';

type MutableContact = ContactData;

/**
 * A scriptable in-memory contact-centre instance for one agent: it answers the CTI operations the
 * host sends and produces `agent::update` snapshots (with real Dates, skew and localTimestamp) the way
 * the real panel does. Script customers with {@link TestInstance.incomingCall},
 * {@link TestInstance.customerAnswers}, {@link TestInstance.customerHangsUp} and
 * {@link TestInstance.missCall}.
 * @public
 */
export class TestInstance {
  /** The agent configuration (replace or mutate before the first update). */
  configuration: AgentConfiguration = defaultTestConfiguration();
  /** Every DTMF digit string sent, per connection id. */
  readonly digits = new Map<string, string[]>();
  /**
   * The quick-connect endpoints `getEndpoints` answers with (default none). Adding one of them to a
   * call (`createAdditionalConnection`, `addNewConnection`, `transferContact`) adds a connecting
   * party with that endpoint; see {@link TestInstance.partyAnswers}.
   */
  endpoints: EndpointData[] = [];
  private state: AgentStateData;
  private nextState: AgentStateData | null = null;
  private contacts: MutableContact[] = [];
  private seq = 0;
  private readonly now: () => number;

  /** An instance; `now` is its clock. */
  constructor(
    private readonly publish: (update: AgentUpdate) => void,
    options: { readonly now?: () => number; readonly skew?: number } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.skew = options.skew ?? 0;
    this.state = {
      agentStateARN: null,
      type: 'offline',
      name: 'Offline',
      startTimestamp: new Date(this.now()),
    };
  }

  /** Clock skew reported in snapshots (ms). */
  skew: number;

  /** The current snapshot as the panel would send it. */
  snapshot(): AgentUpdate {
    const t = this.now();
    return {
      snapshot: {
        state: { ...this.state },
        nextState: this.nextState ? { ...this.nextState } : null,
        agentAvailabilityState: {
          state: this.state.name,
          timeStamp: this.state.startTimestamp ?? new Date(t),
        },
        contacts: this.contacts.map((c) => ({
          ...c,
          connections: c.connections.map((x) => ({ ...x })),
        })),
        snapshotTimestamp: new Date(t + this.skew),
        localTimestamp: t,
        skew: this.skew,
      },
      configuration: this.configuration,
    };
  }

  /** Publishes the current snapshot (`agent::update`). */
  update(): void {
    this.publish(this.snapshot());
  }

  /** Sets the agent state by name (one of the configuration's states, or a system/error name). */
  setAgentState(name: string, type?: AgentStateData['type']): void {
    const def = this.configuration.agentStates?.find((s) => s.name === name);
    this.state = {
      agentStateARN: def?.agentStateARN ?? null,
      type: type ?? def?.type ?? 'system',
      name,
      startTimestamp: new Date(this.now()),
    };
    this.update();
  }

  /** A customer calls: a voice contact appears connecting (agent leg connecting). Returns its id. */
  incomingCall(
    options: {
      readonly contactId?: string;
      readonly phoneNumber?: string;
      readonly type?: string;
      /** `contactFeatures.multiPartyConferenceEnabled` (default false). */
      readonly multiParty?: boolean;
      /** `initiationMethod` (default `inbound`; a transferred call is `transfer`). */
      readonly initiationMethod?: string;
    } = {},
  ): string {
    const contactId = options.contactId ?? `contact-${++this.seq}`;
    const now = new Date(this.now());
    const type = options.type ?? 'voice';
    const queue = this.configuration.routingProfile.defaultOutboundQueue;
    this.contacts.push({
      contactId,
      initialContactId: contactId,
      type,
      state: { type: type === 'queue_callback' ? 'incoming' : 'connecting', timestamp: now },
      queue: { queueARN: queue?.queueARN, name: queue?.name },
      queueTimestamp: now,
      initiationMethod: options.initiationMethod ?? 'inbound',
      attributes: {},
      contactFeatures: { multiPartyConferenceEnabled: options.multiParty ?? false },
      connections: [
        newConnection(this.now, `${contactId}-agent`, 'agent', false, 'connecting', {
          type: 'agent',
        }),
        newConnection(this.now, `${contactId}-customer`, 'inbound', true, 'connected', {
          type: 'phone_number',
          phoneNumber: options.phoneNumber ?? '+15555550123',
        }),
      ],
    });
    this.update();
    return contactId;
  }

  /**
   * A supervisor's monitoring contact (as MonitorContact gives one): the agent's own leg is a
   * `monitoring` connection in `silent_monitor` with the given capabilities (default both), next to
   * the customer and the monitored agent. Returns its id.
   */
  monitoringCall(
    options: {
      readonly contactId?: string;
      readonly initialContactId?: string;
      readonly phoneNumber?: string;
      readonly capabilities?: readonly string[];
    } = {},
  ): string {
    const contactId = options.contactId ?? `contact-${++this.seq}`;
    const now = new Date(this.now());
    const monitor = newConnection(
      this.now,
      `${contactId}-monitor`,
      'monitoring',
      false,
      'silent_monitor',
      {
        type: 'agent',
      },
    );
    monitor.monitorCapabilities = [...(options.capabilities ?? ['SILENT_MONITOR', 'BARGE'])];
    monitor.monitorStatus = 'SILENT_MONITOR';
    this.contacts.push({
      contactId,
      initialContactId: options.initialContactId ?? contactId,
      type: 'voice',
      state: { type: 'connected', timestamp: now },
      initiationMethod: 'monitor',
      attributes: {},
      contactFeatures: { multiPartyConferenceEnabled: true },
      connections: [
        monitor,
        newConnection(this.now, `${contactId}-customer`, 'inbound', true, 'connected', {
          type: 'phone_number',
          phoneNumber: options.phoneNumber ?? '+15555550123',
        }),
        newConnection(this.now, `${contactId}-agent2`, 'outbound', false, 'connected', {
          type: 'agent',
          name: 'Monitored Agent',
        }),
      ],
    });
    this.state = {
      agentStateARN: null,
      type: 'system',
      name: 'Busy',
      startTimestamp: now,
    };
    this.update();
    return contactId;
  }

  /** A party added to a call answers (its connection becomes connected). */
  partyAnswers(contactId: string, connectionId: string): void {
    const c = this.contact(contactId);
    setConnectionState(this.now, c, (x) => x.connectionId === connectionId, 'connected');
    this.update();
  }

  /** An outbound call's customer answers. */
  customerAnswers(contactId: string): void {
    const c = this.contact(contactId);
    setConnectionState(this.now, c, (x) => x.type === 'outbound', 'connected');
    setContactState(this.now, c, 'connected');
    this.update();
  }

  /** The customer hangs up: the contact ends (after-contact work). */
  customerHangsUp(contactId: string): void {
    this.end(this.contact(contactId));
    this.update();
  }

  /** The agent does not answer: the contact is missed and the agent enters MissedCallAgent. */
  missCall(contactId: string): void {
    const c = this.contact(contactId);
    setContactState(this.now, c, 'missed');
    setConnectionState(this.now, c, (x) => x.type === 'agent', 'disconnected');
    this.state = {
      agentStateARN: null,
      type: 'error',
      name: 'MissedCallAgent',
      startTimestamp: new Date(this.now()),
    };
    this.update();
  }

  /** Removes a contact without ending it first (an invalid transition). */
  dropContact(contactId: string): void {
    this.contacts = this.contacts.filter((c) => c.contactId !== contactId);
    this.update();
  }

  /**
   * Answers one CTI operation the way the panel's backend does; unknown operations fail with
   * 'No such method exists on AWS client: <method>'. Returns the response data.
   */
  handle(method: string, params: Record<string, unknown>): unknown {
    const contactId = params.contactId as string | undefined;
    switch (method) {
      case 'putAgentState': {
        const s = params.state as AgentStateDefinition;
        if (params.enqueueNextState && this.contacts.length > 0) {
          this.nextState = { ...s, startTimestamp: new Date(this.now()) };
        } else {
          this.state = { ...s, startTimestamp: new Date(this.now()) };
        }
        this.update();
        return {};
      }
      case 'acceptContact': {
        const c = this.contact(contactId);
        setConnectionState(this.now, c, (x) => x.type === 'agent', 'connected');
        setContactState(this.now, c, 'connected');
        this.state = {
          agentStateARN: null,
          type: 'system',
          name: 'Busy',
          startTimestamp: new Date(this.now()),
        };
        this.update();
        return {};
      }
      case 'rejectContact': {
        const c = this.contact(contactId);
        setContactState(this.now, c, 'rejected');
        this.update();
        this.contacts = this.contacts.filter((x) => x !== c);
        this.update();
        return {};
      }
      case 'holdConnection':
      case 'resumeConnection': {
        const c = this.contact(contactId);
        setConnectionState(
          this.now,
          c,
          (x) => x.connectionId === params.connectionId,
          method === 'holdConnection' ? 'hold' : 'connected',
        );
        this.update();
        return {};
      }
      case 'sendDigits': {
        const id = params.connectionId as string;
        this.digits.set(id, [...(this.digits.get(id) ?? []), params.digits as string]);
        return {};
      }
      case 'destroyConnection': {
        const c = this.contact(contactId);
        const conn = c.connections.find((x) => x.connectionId === params.connectionId);
        if (conn?.type === 'agent') this.end(c);
        else if (conn?.type === 'monitoring') {
          // the supervisor leaves: the monitoring contact goes, the call goes on for the others
          this.contacts = this.contacts.filter((x) => x !== c);
          this.returnToSelectedState();
        } else {
          c.connections = c.connections.filter((x) => x !== conn);
        }
        this.update();
        return {};
      }
      case 'clearContact':
      case 'completeContact': {
        this.contacts = this.contacts.filter((x) => x.contactId !== contactId);
        this.returnToSelectedState();
        this.update();
        return {};
      }
      case 'createOutboundContact':
        this.createOutboundContact(params);
        return {};
      case 'createAdditionalConnection':
      case 'addNewConnection':
        this.addParty(contactId, params.endpoint as EndpointData);
        return {};
      case 'transferContact': {
        // a blind transfer: the agent's own leg leaves at once (after-contact work)
        const c = this.contact(contactId);
        this.end(c);
        this.update();
        return {};
      }
      case 'updateMonitorParticipantState': {
        const c = this.contact(contactId);
        const mode = params.targetMonitorMode as string;
        for (const x of c.connections) {
          if (x.type !== 'monitoring') continue;
          x.monitorStatus = mode;
          x.state = {
            type: mode === 'BARGE' ? 'barge' : 'silent_monitor',
            timestamp: new Date(this.now()),
          };
        }
        this.update();
        return {};
      }
      case 'muteParticipant':
      case 'unmuteParticipant': {
        const c = this.contact(contactId);
        const conn = c.connections.find((x) => x.connectionId === params.connectionId);
        if (conn) conn.mute = method === 'muteParticipant';
        this.update();
        return {};
      }
      case 'updateAgentConfiguration':
      case 'notifyContactIssue':
      case 'conferenceConnections':
      case 'toggleActiveConnections':
      case 'pauseContact':
      case 'resumeContact':
      case 'sendClientLogs':
        return {};
      case 'getEndpoints':
        return { endpoints: this.endpoints.map((e) => ({ ...e })), nextToken: null };
      default:
        throw new PanelError({
          type: 'ValueError',
          message: `No such method exists on AWS client: ${method}`,
        });
    }
  }

  /** An outbound voice contact to `params.endpoint`, connecting; the agent is CallingCustomer. */
  private createOutboundContact(params: Record<string, unknown>): void {
    const id = `contact-${++this.seq}`;
    const now = new Date(this.now());
    this.contacts.push(newOutboundContact(this.now, id, now, params));
    this.state = {
      agentStateARN: null,
      type: 'system',
      name: 'CallingCustomer',
      startTimestamp: now,
    };
    this.update();
  }

  /** A third party joins a contact, connecting, while the customer is held. */
  private addParty(contactId: string | undefined, endpoint: EndpointData): void {
    const c = this.contact(contactId);
    // the customer is held while the new party is connecting (as the service does)
    setConnectionState(
      this.now,
      c,
      (x) => x.initial === true && x.state.type === 'connected',
      'hold',
    );
    const party = newConnection(
      this.now,
      `${c.contactId}-party-${++this.seq}`,
      'outbound',
      false,
      'connecting',
      endpoint,
    );
    if (endpoint.name) party.quickConnectName = endpoint.name;
    c.connections.push(party);
    this.update();
  }

  /** Without contacts, the agent goes to the queued next state, else Available. */
  private returnToSelectedState(): void {
    if (this.contacts.length > 0) return;
    const next =
      this.nextState ?? this.configuration.agentStates?.find((s) => s.type === 'routable');
    this.nextState = null;
    if (next) this.state = { ...next, startTimestamp: new Date(this.now()) };
  }

  private contact(contactId: string | undefined): MutableContact {
    const c = this.contacts.find((x) => x.contactId === contactId);
    if (!c) {
      throw new PanelError({
        type: 'InvalidStateException',
        message: `Contact ${String(contactId)} not found`,
        statusCode: 400,
      });
    }
    return c;
  }

  private end(c: MutableContact): void {
    setContactState(this.now, c, 'ended');
    for (const x of c.connections)
      x.state = { type: 'disconnected', timestamp: new Date(this.now()) };
    this.state = {
      agentStateARN: null,
      type: 'system',
      name: 'AfterCallWork',
      startTimestamp: new Date(this.now()),
    };
  }
}
