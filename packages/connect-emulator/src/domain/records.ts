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
  /** Always `DomainError`. */
  override readonly name = 'DomainError';
  /** A failure of type `type` (the CTI error it is answered as) with its message. */
  constructor(
    /** The CTI error type it is answered as (e.g. `InvalidStateException`). */
    readonly type: CtiErrorType,
    message: string,
  ) {
    super(message);
  }
}

/** An agent-state definition with its ARN. */
export interface AgentStateRecord {
  /** The state's ARN. */
  readonly arn: string;
  /** The state's name (`Available`, `Offline`, a custom one). */
  readonly name: string;
  /** Whether contacts are routed to an agent in it, or the agent is offline. */
  readonly type: 'routable' | 'not_routable' | 'offline';
}

/** A queue of the instance. */
export interface QueueRecord {
  /** The queue's id. */
  readonly id: string;
  /** The queue's ARN. */
  readonly arn: string;
  /** The queue's name. */
  readonly name: string;
}

/** A routing profile. */
export interface RoutingProfileRecord {
  /** The routing profile's id. */
  readonly id: string;
  /** The routing profile's ARN. */
  readonly arn: string;
  /** The routing profile's name. */
  readonly name: string;
  /** The queues whose contacts it routes to its agents. */
  readonly queues: readonly QueueRecord[];
  /** The queue of the agents' outbound calls. */
  readonly defaultOutboundQueue: QueueRecord;
  /** How many contacts of each channel (`VOICE`, `CHAT`, `TASK`) an agent takes at once. */
  readonly concurrency: Readonly<Record<string, number>>;
}

/**
 * A state shown to the agent (selected, system or error) and since when.
 * @public
 */
export interface ShownState {
  /** The state's ARN (null for a system or error state). */
  readonly arn: string | null;
  /** The state's type (`routable`, `not_routable`, `offline`, `system`, `error`). */
  readonly type: string;
  /** The state's name. */
  readonly name: string;
  /** When it was first shown (epoch ms). */
  readonly since: number;
}

/** One agent (user) of the instance and its live state. */
export interface AgentRecord {
  /** The user's id. */
  readonly id: string;
  /** The user's ARN. */
  readonly arn: string;
  /** The user's sign-in name. */
  readonly username: string;
  /** The agent's display name. */
  name: string;
  /** The agent's desk phone number, or null. */
  readonly extension: string | null;
  /** The agent's routing profile. */
  readonly routingProfile: RoutingProfileRecord;
  /** The agent's permissions (security profile). */
  readonly permissions: readonly string[];
  /** Whether the agent takes calls on the softphone (else the desk phone). */
  softphoneEnabled: boolean;
  /** Whether offered calls are accepted without the agent. */
  softphoneAutoAccept: boolean;
  /** The agent's saved preferences (locale and others). */
  preferences: Record<string, string>;
  /** The state the agent chose. */
  selected: AgentStateRecord;
  /** When the agent chose the selected state (epoch ms). */
  selectedSince: number;
  /** The state queued with `enqueueNextState`, applied when the agent's contacts are cleared. */
  nextState: AgentStateRecord | null;
  /** An error state (e.g. `MissedCallAgent`) that overrides the selected one until the agent picks a state. */
  errorState: string | null;
  /** When the error state began (epoch ms). */
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
  /** Long polls waiting for the agent's next snapshot change. */
  readonly waiters: Set<() => void>;
}

/** One leg of a contact. */
export interface ConnectionRecord {
  /** The connection's id. */
  readonly id: string;
  /** Order in which legs were added (an agent sees the quick connect names of later legs only). */
  readonly seq: number;
  /** The kind of leg (`agent`, `inbound`, `outbound`, `monitoring`). */
  readonly type: ConnectionType;
  /** Whether it is the contact's first customer leg. */
  readonly initial: boolean;
  /** The leg's state (`connecting`, `connected`, `hold`, `disconnected`…). */
  state: ConnectionStateType;
  /** When the leg entered its state (epoch ms). */
  since: number;
  /** Who is on the leg (a phone number, an agent or a queue). */
  readonly endpoint: Endpoint;
  /**
   * Set on agent legs. A transfer leg waiting for an agent ({@link ConnectionRecord.awaiting})
   * gets it when the call is offered to one, and loses it again if that agent misses the offer.
   */
  agentId?: string;
  /** Whether the leg is muted. */
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
  /** The contact's id. */
  readonly id: string;
  /** The id of the first contact of its chain (itself unless transferred). */
  readonly initialContactId: string;
  /** The contact's channel. */
  readonly type: 'voice' | 'queue_callback' | 'task' | 'chat';
  /** How it started. */
  readonly initiationMethod: 'inbound' | 'outbound' | 'callback' | 'api';
  /** Tasks: the name and description given by CreateTaskContact. */
  name?: string;
  /** Tasks: the description given by CreateTaskContact. */
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
  /** The queue it waits or waited in. */
  readonly queue: QueueRecord;
  /** When it entered its queue (epoch ms). */
  readonly queuedAt: number;
  /** When it was created (epoch ms). */
  readonly createdAt: number;
  /** The contact's state (`init`, `incoming`, `connecting`, `connected`, `ended`…). */
  state: ContactStateType;
  /** When it entered its state (epoch ms). */
  since: number;
  /** Its legs, the customer's first. */
  readonly connections: ConnectionRecord[];
  /** The contact attributes (name and value by key). */
  readonly attributes: Record<string, { name: string; value: string }>;
  /** The customer's phone number (E.164), or the chat or task's customer id. */
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
  /** The pending timer of its state (ring timeout, scheduled start). */
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
  /** The clock timers and timestamps use (a `ManualClock` in tests). */
  readonly clock: Clock;
  /** How long an offer rings before it is missed. */
  readonly missedCallTimeoutMs: number;
  /** How long an outbound call rings the customer before it is not answered. */
  readonly outboundRingTimeoutMs: number;
  /**
   * The softphone signalling endpoint agents' softphones connect to (`callConfigJson`), known once
   * the emulator listens; without it the agent's `softphoneMediaInfo` names no endpoint.
   */
  readonly softphoneSignallingUrl?: () => string;
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
