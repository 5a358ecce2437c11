// The records of the simulated instance (agents, queues, routing profiles, contacts and their
// connections) and the domain's error: the data every concept of the domain works on.
import type {
  ConnectionStateType,
  ConnectionType,
  ContactStateType,
  CtiContact,
  CtiErrorType,
  Endpoint,
  Queue,
} from '@x/connect-streams/protocol';
import type { TimerHandle, Clock } from './clock';

/**
 * A failure of a domain operation, typed with the CTI error it is answered as.
 * @public
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly type: CtiErrorType,
    message: string,
  ) {
    super(message);
  }
}

/** An agent-state definition with its ARN. */
export interface AgentStateRecord {
  readonly arn: string;
  readonly name: string;
  readonly type: 'routable' | 'not_routable' | 'offline';
}

/** A queue of the instance. */
export interface QueueRecord {
  readonly id: string;
  readonly arn: string;
  readonly name: string;
}

/** A routing profile. */
export interface RoutingProfileRecord {
  readonly id: string;
  readonly arn: string;
  readonly name: string;
  readonly queues: readonly QueueRecord[];
  readonly defaultOutboundQueue: QueueRecord;
  readonly concurrency: Readonly<Record<string, number>>;
}

/** A state shown to the agent (selected, system or error) and since when. */
export interface ShownState {
  readonly arn: string | null;
  readonly type: string;
  readonly name: string;
  readonly since: number;
}

/** One agent (user) of the instance and its live state. */
export interface AgentRecord {
  readonly id: string;
  readonly arn: string;
  readonly username: string;
  name: string;
  readonly extension: string | null;
  readonly routingProfile: RoutingProfileRecord;
  readonly permissions: readonly string[];
  softphoneEnabled: boolean;
  softphoneAutoAccept: boolean;
  preferences: Record<string, string>;
  /** The state the agent chose. */
  selected: AgentStateRecord;
  selectedSince: number;
  /** The state queued with `enqueueNextState`, applied when the agent's contacts are cleared. */
  nextState: AgentStateRecord | null;
  /** An error state (e.g. `MissedCallAgent`) that overrides the selected one until the agent picks a state. */
  errorState: string | null;
  errorSince: number;
  /** When the agent last became free to take a call (longest-idle routing). */
  idleSince: number;
  /** The last shown state, to keep `startTimestamp` stable while it does not change. */
  shown: ShownState;
  /** Missed/rejected offers still visible in the snapshot. */
  ghosts: { contact: CtiContact; state: ContactStateType; timer?: TimerHandle }[];
  /**
   * The ids (as this agent sees them) of the last contacts the agent was on, newest last, at most
   * `MAX_RECENT_CONTACTS_PER_AGENT`: softphone reports name a contact after it left.
   */
  readonly recentContacts: string[];
  /** Bumped on every change visible in the agent's snapshot. */
  version: number;
  readonly waiters: Set<() => void>;
}

/** One leg of a contact. */
export interface ConnectionRecord {
  readonly id: string;
  /** Order in which legs were added (an agent sees the quick connect names of later legs only). */
  readonly seq: number;
  readonly type: ConnectionType;
  readonly initial: boolean;
  state: ConnectionStateType;
  since: number;
  readonly endpoint: Endpoint;
  /**
   * Set on agent legs. A transfer leg waiting for an agent ({@link ConnectionRecord.awaiting})
   * gets it when the call is offered to one, and loses it again if that agent misses the offer.
   */
  agentId?: string;
  mute: boolean;
  /** Muted by another participant (MuteParticipant on someone else's leg). */
  forcedMute?: boolean;
  /** The quick connect a third party was added through. */
  quickConnectName?: string;
  /** An agent leg offered through an agent quick connect, not yet accepted. */
  offered?: boolean;
  /** The missed-offer timer of an offered agent leg. */
  offerTimer?: TimerHandle;
  /**
   * A transfer leg (queue quick connect, or an agent quick connect to an agent who cannot take
   * the call now) that waits to be offered to an agent, and since when it waits.
   */
  awaiting?: TransferWait;
  /**
   * The queue a transferred agent leg came through (the transfer queue, or the agent's own queue)
   * and since when it waited: the agent sees the contact in that queue.
   */
  transferQueue?: { readonly queue: Queue; readonly since: number };
  /**
   * A transfer leg (to an agent or a queue quick connect): as on the real service, the receiving
   * side is a new contact (`initiationMethod` transfer) linked to the one it came from.
   */
  transfer?: TransferSegment;
  /** Monitoring legs: who monitors and since when. */
  monitoringInfo?: { readonly agentName: string; readonly joinedAt: number };
  /** Monitoring legs: the modes the supervisor may use (`SILENT_MONITOR`, `BARGE`). */
  monitorCapabilities?: readonly string[];
  /** Monitoring legs: the current mode (`SILENT_MONITOR` or `BARGE`). */
  monitorStatus?: string;
}

/**
 * The new contact a transfer creates for its receiving side: its own id, the contact it came from
 * (`previousContactId`, the transferring agent's contact) and when it was created.
 */
export interface TransferSegment {
  /** The new contact's id (what the receiving agent sees as `contactId`). */
  readonly contactId: string;
  /** The contact it was transferred from (the transferring agent's contact). */
  readonly previousContactId: string;
  /** When the transfer created it (epoch ms). */
  readonly createdAt: number;
  /** The queue the transfer waits in (queue quick connect); absent for an agent transfer. */
  readonly queue?: QueueRecord;
}

/**
 * What a transfer leg waits for: an agent whose routing profile serves `queue`, or one agent.
 * `excluded` are agents who missed or rejected it (not offered again).
 */
export type TransferWait = (
  | { readonly kind: 'queue'; readonly queue: QueueRecord }
  | { readonly kind: 'agent'; readonly agentId: string }
) & { readonly since: number; readonly excluded: Set<string> };

/** A contact: a list of connections (two today; more when multi-party lands). */
export interface ContactRecord {
  readonly id: string;
  readonly initialContactId: string;
  readonly type: 'voice' | 'queue_callback' | 'task' | 'chat';
  readonly initiationMethod: 'inbound' | 'outbound' | 'callback' | 'api';
  /** Tasks: the name and description given by CreateTaskContact. */
  name?: string;
  description?: string;
  /** Tasks: the references given by CreateTaskContact. */
  references?: Readonly<Record<string, { readonly type: string; readonly value: string }>>;
  /** Chats: the customer's display name (StartChatContact `ParticipantDetails.DisplayName`). */
  customerName?: string;
  /** Chats: the customer's first message, given when the chat started. */
  readonly initialMessage?: { readonly contentType: string; readonly content: string };
  /** Tasks: when a scheduled task starts waiting in its queue (epoch ms). */
  scheduledAt?: number;
  /** Tasks: the contact the task was created from. */
  readonly relatedContactId?: string;
  readonly queue: QueueRecord;
  readonly queuedAt: number;
  readonly createdAt: number;
  state: ContactStateType;
  since: number;
  readonly connections: ConnectionRecord[];
  readonly attributes: Record<string, { name: string; value: string }>;
  readonly customerNumber: string;
  /** Digits sent by the agent (SendDigits) and pressed by the customer, in order. */
  readonly digits: {
    from: 'agent' | 'customer';
    connectionId: string;
    digits: string;
    at: number;
  }[];
  /** Agents who missed or rejected this contact (not offered again). */
  readonly excludedAgents: Set<string>;
  /** Whether it waits in its queue for an agent. */
  waiting: boolean;
  timer?: TimerHandle;
  /** Why it ended, when it did. */
  endReason?: string;
  /**
   * An outbound call the customer did not answer or rejected: the error state its agent is shown
   * (`FailedConnectCustomer`, `LineEngagedCustomer`) until the agent clears the contact.
   */
  outcomeState?: string;
  /** The contact flow the dial-in ran (seed `contactFlows`), if any. */
  readonly contactFlow?: string;
  /** What the flow's `playPrompt` steps played (into the recording, at its start). */
  readonly prompt?: string;
}

/**
 * A contact record as it is created (state `init`, no digits or exclusions yet, created and queued
 * now); `fields` are what differ by how it started (and any of the others).
 */
export function newContactRecord(
  id: string,
  now: number,
  fields: Pick<
    ContactRecord,
    'type' | 'initiationMethod' | 'queue' | 'connections' | 'customerNumber' | 'waiting'
  > &
    Partial<ContactRecord>,
): ContactRecord {
  return {
    id,
    initialContactId: id,
    queuedAt: now,
    createdAt: now,
    state: 'init',
    since: now,
    attributes: {},
    digits: [],
    excludedAgents: new Set(),
    ...fields,
  };
}

/** Options of a {@link ContactCentre}. */
export interface ContactCentreOptions {
  readonly clock: Clock;
  readonly missedCallTimeoutMs: number;
  readonly outboundRingTimeoutMs: number;
}

/** A quick connect of the instance: an endpoint with its ARN, as listed by GetEndpoints. @public */
export interface EndpointRecord extends Endpoint {
  /** The quick connect's ARN (the transfer destination). */
  readonly endpointARN: string;
}

/**
 * Whether the customer was on the line before the contact reached an agent (a dial-in, or a call
 * the admin API placed): it waits in a queue and the agent gets an offer to accept.
 * @internal
 */
export function customerWaitsInQueue(contact: ContactRecord): boolean {
  return (
    contact.initiationMethod === 'inbound' ||
    (contact.type === 'voice' && contact.initiationMethod === 'api')
  );
}
