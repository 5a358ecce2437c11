/**
 * The public state of the voice controller, one slice per concern. Every slice is immutable and
 * keeps its identity until one of its fields changes, so `state.call` (or any selector returning a
 * slice) is a stable value for `useSyncExternalStore`.
 */
import type { CommunicationType, ConversationContact, VoiceConfig } from '../api/contract';
import type { VoiceMessage } from './messages';

// ── session ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Where the voice module is in its start-up:
 * - `idle`: not started (or disposed);
 * - `loading`: reading the voice configuration;
 * - `disabled`: the workspace has no planVoice (voice features do not start);
 * - `connecting`: the softphone panel is loading, the agent or its status time is not known yet;
 * - `ready`: the voice system is ready and the agent status elapsed time is known (§1);
 * - `error`: start-up failed (`error` says why, e.g. 'Voice instance is not created').
 * @public
 */
export type VoicePhase = 'idle' | 'loading' | 'disabled' | 'connecting' | 'ready' | 'error';

/** A softphone error reported by the panel (§8). @public */
export interface SoftphoneErrorInfo {
  /** The softphone error type (`microphone_not_shared`, `ice_collection_timeout`, ...). */
  readonly type: string;
  /** The message to show. */
  readonly message: VoiceMessage;
}

/** The voice module's start-up and configuration. @public */
export interface VoiceSessionState {
  readonly phase: VoicePhase;
  /** Shorthand for `phase === 'ready'`: the voice module is shown only then (§1). */
  readonly ready: boolean;
  /** Why start-up failed, when `phase` is `error`. */
  readonly error: VoiceMessage | null;
  /** The workspace's voice configuration, once read. */
  readonly config: VoiceConfig | null;
  /** The call action appears only when the voice module is enabled (§6). */
  readonly voiceModuleEnabled: boolean;
  /** The random call-panel instance identifier, up to 5 digits (§9). */
  readonly panelId: string;
  /** The last softphone error, if any (§8). */
  readonly softphoneError: SoftphoneErrorInfo | null;
}

// ── agent status ────────────────────────────────────────────────────────────────────────────────

/**
 * A derived agent state (§4): the system states the contact centre puts the agent in around a
 * contact.
 * @public
 */
export type DerivedAgentStatus = 'BUSY' | 'PENDING_BUSY' | 'CALLING_CUSTOMER' | 'AFTER_CALL_WORK';

/**
 * What kind of state the agent is in:
 * `available` (shown 'On'), `offline` (shown 'Off'), `custom` (a named not-routable state, shown
 * with its name and a phone-disconnect icon), `derived` (see `derived`), `error` (an error state
 * such as MissedCallAgent), `unknown` (no agent data yet, or a state the product does not handle).
 * @public
 */
export type AgentStatusKind = 'available' | 'offline' | 'custom' | 'derived' | 'error' | 'unknown';

/** A state the agent can select in the status dropdown. @public */
export interface AgentStatusOption {
  /** The state name (`Available`, `Offline`, `Away`, ...). */
  readonly name: string;
  /** `routable`, `not_routable` or `offline`. */
  readonly type: string;
  /** 'On', 'Off' or the state's own name. */
  readonly label: VoiceMessage;
  /** `available`, `offline` or `custom`. */
  readonly kind: AgentStatusKind;
}

/** The signed-in agent, as the softphone knows it. @public */
export interface AgentProfile {
  readonly name: string;
  readonly username: string | null;
  readonly extension: string | null;
}

/** Agent availability (§4 "Agent availability"). @public */
export interface AgentStatusState {
  /** The agent, once the softphone has sent its data. */
  readonly profile: AgentProfile | null;
  /** The contact centre's state name (`Available`, `Busy`, `Lunch`, `MissedCallAgent`, ...). */
  readonly name: string | null;
  /** The state type (`routable`, `not_routable`, `offline`, `system`, `error`). */
  readonly type: string | null;
  readonly kind: AgentStatusKind;
  /** The derived state, when `kind` is `derived`. */
  readonly derived: DerivedAgentStatus | null;
  /** What the chip shows: 'On', 'Off' or the state's name. */
  readonly label: VoiceMessage;
  /** The status description of §4 for the current state and call. */
  readonly description: VoiceMessage;
  /** When the current state began (epoch ms, corrected by the panel's clock skew), if known. */
  readonly startedAt: number | null;
  /** The states the agent can pick. */
  readonly options: readonly AgentStatusOption[];
  /** False when the microphone is not shared with the browser (§2, §8). */
  readonly canChangeStatus: boolean;
  /** Why status changes are disabled (the tooltip), when they are. */
  readonly disabledReason: VoiceMessage | null;
  /** False after the softphone reported `microphone_not_shared`. */
  readonly microphoneShared: boolean;
}

// ── call ────────────────────────────────────────────────────────────────────────────────────────

/**
 * The call (contact) state of §4: `connecting`, then `connected`, then `ended`; other end states
 * `error` and `missed`; `idle` when there is no call.
 * @public
 */
export type CallStatus = 'idle' | 'connecting' | 'connected' | 'ended' | 'error' | 'missed';

/**
 * Which controls the call panel shows (§2 "Call panel"):
 * `incoming` (inbound not yet accepted: accept and decline), `accepting` (inbound accepted:
 * 'Connecting...'), `outgoing` (outbound connecting: end), `connected` (hold, mute, keypad,
 * transfer, end), `afterCallWork` (ended, error or missed: Finish), `none` (no call).
 * @public
 */
export type CallView =
  'none' | 'incoming' | 'accepting' | 'outgoing' | 'connected' | 'afterCallWork';

/** Call info (§3). @public */
export interface CallInfo {
  /** The contact id in the contact centre. */
  readonly idCommunication: string;
  /** The customer's phone number, when known. */
  readonly phoneNumber: string | null;
  readonly isInbound: boolean;
  readonly isOutbound: boolean;
  /** How the call reached the agent. */
  readonly communicationType: CommunicationType;
}

/** The current call (§4 "Call (contact) state"). @public */
export interface CallState {
  readonly status: CallStatus;
  readonly view: CallView;
  /** The call info, while there is a call. */
  readonly info: CallInfo | null;
  /** How an ended call ended: `rejected` when the agent declined it. */
  readonly endReason: 'ended' | 'missed' | 'rejected' | 'error' | null;
  /** The agent accepted this inbound call. */
  readonly accepted: boolean;
  /** The call was marked answered. */
  readonly answered: boolean;
  /** When the current call state began (epoch ms), for the call timer. */
  readonly startedAt: number | null;
  /** Any call state sets the menu active; idle sets it inactive. */
  readonly menuActive: boolean;
  /** The call menu is expanded (else collapsed). */
  readonly menuExpanded: boolean;
  /** The product conversation of this call, once known. */
  readonly conversationId: string | null;
  /** The conversation contact, looked up by the call's phone number. */
  readonly conversationContact: ConversationContact | null;
  /** The call is on hold (the customer in a two-party call, the agent's leg in a multiparty one). */
  readonly onHold: boolean;
  /** The agent is muted. */
  readonly muted: boolean;
  /** Conference enabled and more than 2 active connections (§4). */
  readonly multiparty: boolean;
  /** Hold and mute are blocked while a participant of a multiparty call is still connecting. */
  readonly controlsBlocked: boolean;
  /** The keypad is shown only while connected. */
  readonly keypadVisible: boolean;
  /** The digits typed on the keypad during this call. */
  readonly digits: string;
  /** The call is in after-call work (ended, error or missed) until Finish. */
  readonly afterCallWork: boolean;
  /** Notification sound is disabled while a call is connected (§4). */
  readonly notificationSoundEnabled: boolean;
}

// ── participants ────────────────────────────────────────────────────────────────────────────────

/** A multiparty participant (§3). @public */
export interface Participant {
  /** The connection id. */
  readonly participantId: string;
  readonly name: string;
  readonly phoneNumber: string | null;
  readonly avatar: string | null;
  readonly mute: boolean;
  readonly onHold: boolean;
  readonly connecting: boolean;
  readonly connected: boolean;
  readonly active: boolean;
  readonly disconnected: boolean;
  /** Milliseconds in the participant's current state. */
  readonly stateDuration: number;
  readonly type: 'CUSTOMER' | 'AGENT';
}

/** The other parties of the current call, refreshed every second while shown. @public */
export interface ParticipantsState {
  readonly list: readonly Participant[];
  readonly multiparty: boolean;
  /** A participant is still connecting (hold and mute are blocked, §4). */
  readonly anyConnecting: boolean;
}

// ── monitoring ──────────────────────────────────────────────────────────────────────────────────

/** Monitoring modes (§4): Listener (silent monitor) and Participant (barge). @public */
export type MonitoringMode = 'listener' | 'participant';

/** The 'Leave call?' confirmation (§4). @public */
export interface LeaveConfirmation {
  readonly title: VoiceMessage;
  readonly text: VoiceMessage;
}

/** Monitoring info (§3). @public */
export interface MonitoringState {
  readonly isMonitoring: boolean;
  readonly isSilentMonitor: boolean;
  /** The softphone reports Listener as enabled (the button shows only then). */
  readonly isSilentMonitorEnabled: boolean;
  readonly isBarge: boolean;
  /** The softphone reports Participant as enabled (the button shows only then). */
  readonly isBargeEnabled: boolean;
  /** The monitoring contact. */
  readonly idCommunication: string | null;
  /** The monitored (original) communication. */
  readonly originalIdCommunication: string | null;
  readonly mode: MonitoringMode | null;
  /** Set while the 'Leave call?' confirmation is open. */
  readonly leaveConfirmation: LeaveConfirmation | null;
  /** The live call being joined, until its monitoring contact arrives. */
  readonly joining: string | null;
}

// ── transfer ────────────────────────────────────────────────────────────────────────────────────

/** A transfer target: an agent or a team (group), both carrying their quick-connect endpointId. @public */
export interface TransferTarget {
  readonly endpointId: string;
  readonly name?: string;
}

/** Transfer state (§4). @public */
export interface TransferState {
  /** A transfer is under way (the call menu shows 'Exit' instead of 'Transfer'). */
  readonly transferring: boolean;
  /** Whether connections are available for transferring a call (checked when ready); null before. */
  readonly available: boolean | null;
  /** The target of the transfer under way. */
  readonly target: TransferTarget | null;
}

// ── devices ─────────────────────────────────────────────────────────────────────────────────────

/** An audio device (§3). @public */
export interface AudioDevice {
  readonly deviceId: string;
  readonly kind: 'audioinput' | 'audiooutput';
  readonly label: string;
}

/** Which audio device a choice applies to (§2 audio settings). @public */
export type AudioDeviceRole = 'speaker' | 'microphone' | 'ringer';

/** Audio devices (§2 "Audio settings modal"). @public */
export interface DevicesState {
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  /** Output devices (Speaker choices). */
  readonly speakers: readonly AudioDevice[];
  /** Input devices (Microphone choices). */
  readonly microphones: readonly AudioDevice[];
  /** Output devices (Ringer choices). */
  readonly ringers: readonly AudioDevice[];
  /** The selected device id per role; null = the system-selected device. */
  readonly selected: Readonly<Record<AudioDeviceRole, string | null>>;
  /** The microphone can be changed only during a voice call. */
  readonly canChangeMicrophone: boolean;
  readonly error: VoiceMessage | null;
}

// ── root ────────────────────────────────────────────────────────────────────────────────────────

/** The whole voice state: one immutable slice per concern. @public */
export interface VoiceState {
  readonly session: VoiceSessionState;
  readonly agent: AgentStatusState;
  readonly call: CallState;
  readonly participants: ParticipantsState;
  readonly monitoring: MonitoringState;
  readonly transfer: TransferState;
  readonly devices: DevicesState;
}
