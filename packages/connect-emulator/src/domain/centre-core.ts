import type {
  ConnectionStateType,
  ConnectionType,
  ContactStateType,
  Endpoint,
} from '@x/connect-streams/protocol';
import type { Clock } from './clock';
import type { Arns } from './ids';
import type { ConnectionEvent, ContactEvent } from './machines';
import type {
  AgentRecord,
  AgentStateRecord,
  ConnectionRecord,
  ContactRecord,
  EndpointRecord,
  QueueRecord,
} from './records';

/**
 * What the concepts split out of `ContactCentre` (tasks, monitoring, routing, agent states,
 * multi-party) work on: the instance's records and the few shared steps (ids, legs, routing,
 * change notification), over the `Contacts` store. `ContactCentre` builds it.
 * @internal
 */
export interface CentreCore {
  readonly clock: Clock;
  readonly agents: ReadonlyMap<string, AgentRecord>;
  readonly contacts: Map<string, ContactRecord>;
  readonly queues: readonly QueueRecord[];
  newContactId(): string;
  newConnection(
    contactId: string,
    type: ConnectionType,
    initial: boolean,
    state: ConnectionStateType,
    endpoint: Endpoint,
    agentId?: string,
  ): ConnectionRecord;
  /** The contact `agent` is on, authorised for `access` (see `ContactCentre.authorize`). */
  contactOf(agent: AgentRecord, contactId: string, access?: 'listen' | 'act'): ContactRecord;
  agentLeg(agent: AgentRecord, contact: ContactRecord): ConnectionRecord;
  agentForEndpoint(endpoint: Endpoint): AgentRecord | undefined;
  listedEndpoint(endpoint: Endpoint): EndpointRecord | undefined;
  contactsOf(agent: AgentRecord): ContactRecord[];
  /** Offers a contact to an agent (its leg rings). */
  offer(contact: ContactRecord, agent: AgentRecord): void;
  /** Offers what waits to the agents free for it. */
  route(): void;
  /** Marks the snapshots of the contact's agents changed and notifies its observers. */
  touchContact(contact: ContactRecord): void;
  /** A new contact is in `contacts`: counts the change and notifies its observers. */
  contactAdded(contact: ContactRecord): void;
  readonly arns: Arns;
  /** How long an offer rings before it is missed. */
  readonly missedCallTimeoutMs: number;
  /** Marks the snapshots of these agents changed and wakes their long polls. */
  touch(...agents: (AgentRecord | undefined)[]): void;
  /** Notifies the contact's observers of a change. */
  notifyContact(contact: ContactRecord): void;
  /** Applies a contact state-machine event. */
  contactEvent(contact: ContactRecord, event: ContactEvent): void;
  /** Shows an unanswered offer as missed or rejected (missed: the agent's error state). */
  addOfferGhost(
    contact: ContactRecord,
    agent: AgentRecord,
    leg: ConnectionRecord,
    as: 'missed' | 'rejected',
  ): void;
  /** A transfer offer to an agent ends unanswered: its leg goes. */
  dropTransferOffer(contact: ContactRecord, leg: ConnectionRecord): void;
  /** The offer to `agent` ends unanswered; the contact waits again. */
  withdrawOffer(contact: ContactRecord, agent: AgentRecord, as: 'missed' | 'rejected'): void;
  readonly agentStates: readonly AgentStateRecord[];
  /** The contact state as `agent` sees it. */
  stateFor(contact: ContactRecord, agent: AgentRecord): ContactStateType;
  destroyConnection(agent: AgentRecord, contactId: string, connectionId: string): void;
  clearContact(agent: AgentRecord, contactId: string): void;
  /** Parties the agent talks to: every live leg but the agent's own and monitoring legs. */
  partiesOf(contact: ContactRecord, agent: AgentRecord): ConnectionRecord[];
  connectionOf(contact: ContactRecord, connectionId: string): ConnectionRecord;
  /** Applies a connection state-machine event. */
  connectionEvent(connection: ConnectionRecord, event: ConnectionEvent): void;
}
