import type { ContactStartBackend } from './contact-start-routes';
/**
 * The view of the emulated instance that the admin API (the Amazon Connect public REST subset)
 * reads and acts on. The domain model implements it; times are epoch milliseconds.
 */

/** Channels, as the public API spells them. */
export type AdminChannel = 'VOICE' | 'CHAT' | 'TASK' | 'EMAIL';

/** `ContactState` / `AgentContactState` values of the public API. */
export type AdminContactState =
  | 'INCOMING'
  | 'PENDING'
  | 'CONNECTING'
  | 'CONNECTED'
  | 'CONNECTED_ONHOLD'
  | 'MISSED'
  | 'ERROR'
  | 'ENDED'
  | 'REJECTED';

/** Identity of the instance. */
export interface AdminInstanceInfo {
  instanceId: string;
  region: string;
  accountId: string;
  /** Instance alias, used in the recording bucket prefix. */
  alias: string;
}

/** A user (agent or supervisor). */
export interface AdminUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email?: string;
  routingProfileId: string;
  hierarchyGroupId?: string;
  securityProfileIds: readonly string[];
  phoneType: 'SOFT_PHONE' | 'DESK_PHONE';
  autoAccept: boolean;
  afterContactWorkTimeLimit: number;
  deskPhoneNumber?: string;
  tags?: Readonly<Record<string, string>>;
  lastModifiedMs: number;
}

/** A queue. */
export interface AdminQueue {
  id: string;
  name: string;
  type: 'STANDARD' | 'AGENT';
  description?: string;
  status: 'ENABLED' | 'DISABLED';
  hoursOfOperationId: string;
  maxContacts?: number;
  outboundCallerIdName?: string;
  outboundCallerIdNumberId?: string;
  outboundFlowId?: string;
  lastModifiedMs: number;
}

/** A quick connect. */
export interface AdminQuickConnect {
  id: string;
  name: string;
  description?: string;
  type: 'USER' | 'QUEUE' | 'PHONE_NUMBER' | 'FLOW';
  userId?: string;
  queueId?: string;
  phoneNumber?: string;
  contactFlowId?: string;
  lastModifiedMs: number;
}

/** A routing profile. */
export interface AdminRoutingProfile {
  id: string;
  name: string;
  queueIds: readonly string[];
  concurrency: Readonly<Partial<Record<AdminChannel, number>>>;
  lastModifiedMs: number;
}

/** An agent status (the states an agent can pick). */
export interface AdminAgentStatus {
  id: string;
  name: string;
  type: 'ROUTABLE' | 'CUSTOM' | 'OFFLINE';
  lastModifiedMs: number;
}

/** A claimed phone number. */
export interface AdminPhoneNumber {
  id: string;
  phoneNumber: string;
  countryCode: string;
  type: 'DID' | 'TOLL_FREE';
  description?: string;
}

/** A contact the agent is handling, as `GetCurrentUserData` lists it. */
export interface AdminAgentContact {
  contactId: string;
  channel: AdminChannel;
  initiationMethod: string;
  state: AdminContactState;
  stateStartMs: number;
  connectedToAgentMs?: number;
  queueId?: string;
}

/** Live state of one agent. */
export interface AdminAgentLive {
  statusName: string;
  /** Id of the agent status (for `StatusArn`); absent for system states. */
  statusId?: string;
  statusStartMs: number;
  /** Whether the agent takes new contacts (free slots count only then). */
  routable: boolean;
  nextStatusName?: string;
  contacts: readonly AdminAgentContact[];
}

/** A stored recording of a contact. */
export interface AdminRecording {
  /** `bucket/key`, without a scheme, as the real service gives it. */
  location: string;
  participantType: 'ALL' | 'AGENT' | 'CUSTOMER';
  startMs: number;
  stopMs: number;
}

/** A contact record. */
export interface AdminContact {
  id: string;
  initialContactId: string;
  previousContactId?: string;
  relatedContactId?: string;
  channel: AdminChannel;
  initiationMethod: string;
  name?: string;
  description?: string;
  queueId?: string;
  enqueueMs?: number;
  agentId?: string;
  connectedToAgentMs?: number;
  initiationMs: number;
  connectedToSystemMs?: number;
  disconnectMs?: number;
  lastUpdateMs: number;
  lastPausedMs?: number;
  lastResumedMs?: number;
  totalPauseCount?: number;
  totalPauseDurationSeconds?: number;
  attributes: Readonly<Record<string, string>>;
  customerEndpoint?: { type: 'TELEPHONE_NUMBER' | 'AGENT'; address: string };
  systemEndpoint?: { type: 'TELEPHONE_NUMBER'; address: string };
  disconnectReason?: string;
  recordings: readonly AdminRecording[];
}

/** A transcript segment; offsets in ms from the start of the call. */
export interface AdminTranscriptSegment {
  id: string;
  participantId: string;
  participantRole: 'AGENT' | 'CUSTOMER' | 'SYSTEM';
  content: string;
  beginOffsetMillis: number;
  endOffsetMillis: number;
  sentiment?: 'POSITIVE' | 'NEUTRAL' | 'NEGATIVE';
}

/** `StartOutboundVoiceContact` input, already validated. */
export interface StartOutboundVoiceInput {
  destinationPhoneNumber: string;
  contactFlowId: string;
  queueId?: string;
  sourcePhoneNumber?: string;
  attributes: Record<string, string>;
  name?: string;
  description?: string;
  relatedContactId?: string;
}

/** What the admin API needs from the emulated instance. */
export interface AdminBackend extends ContactStartBackend {
  readonly info: AdminInstanceInfo;
  users(): readonly AdminUser[];
  queues(): readonly AdminQueue[];
  quickConnects(): readonly AdminQuickConnect[];
  routingProfiles(): readonly AdminRoutingProfile[];
  agentStatuses(): readonly AdminAgentStatus[];
  phoneNumbers(): readonly AdminPhoneNumber[];
  /** Live state of an agent, or undefined when the agent is not logged in. */
  agentLive(userId: string): AdminAgentLive | undefined;
  contacts(): readonly AdminContact[];
  contact(contactId: string): AdminContact | undefined;
  /** Transcript of a contact (undefined when there is none). */
  transcript(contactId: string): readonly AdminTranscriptSegment[] | undefined;
  startOutboundVoiceContact(input: StartOutboundVoiceInput): { contactId: string };
  stopContact(contactId: string, reasonCode?: string): void;
  /** Connects the supervisor to the contact in monitoring mode; returns the monitor contact id. */
  monitorContact(
    contactId: string,
    userId: string,
    capabilities: readonly ('SILENT_MONITOR' | 'BARGE')[],
  ): { contactId: string };
  /**
   * UpdateContactAttributes: merges `attributes` into the attributes of the contact whose initial
   * contact is `initialContactId` (the whole call's records show them); the contact may have ended.
   * Throws ResourceNotFoundException for a contact the instance does not know.
   */
  updateContactAttributes(initialContactId: string, attributes: Record<string, string>): void;
  /**
   * PutUserStatus: sets the agent's status to the agent status `agentStatusId`; while the agent
   * handles a contact it becomes the agent's next status, as on the real service. Throws
   * ResourceNotFoundException for an unknown user or status.
   */
  putUserStatus(userId: string, agentStatusId: string): void;
}
