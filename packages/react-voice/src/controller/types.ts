/**
 * The public state of the voice controller, one slice per concern. Every slice is immutable and
 * keeps its identity until one of its fields changes, so `state.call` (or any selector returning a
 * slice) is a stable value for `useSyncExternalStore`.
 */
import type { CcpStartState } from '@x/connect-streams';
import type { CommunicationType, ConversationContact, VoiceConfig } from '../api/contract';
import type { VoiceMessage } from './messages';

// ── session ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Where the voice module is in its start-up:
 * - `idle`: not started (or disposed);
 * - `loading`: reading the voice configuration;
 * - `disabled`: the workspace has no planVoice (voice features do not start);
 * - `connecting`: the softphone panel is loading, the agent or its status time is not known yet;
 * - `ready`: the voice system is ready and the agent status elapsed time is known;
 * - `error`: start-up failed (`error` says why, e.g. 'Voice instance is not created').
 * @public
 */
export type VoicePhase = 'idle' | 'loading' | 'disabled' | 'connecting' | 'ready' | 'error';

/** A softphone error reported by the panel. @public */
export interface SoftphoneErrorInfo {
  /** The softphone error type (`microphone_not_shared`, `ice_collection_timeout`, ...). */
  readonly type: string;
  /** The message to show. */
  readonly message: VoiceMessage;
}

/**
 * Why the softphone panel has not started yet, as the panel's start-up reports it
 * (`CcpStartState` of `@x/connect-streams` without `starting` and `ready`): the agent must sign in
 * (`loginUrl`), the panel refuses this page's `origin`, nothing answers at `url`, or its refreshes
 * ran out.
 * @public
 */
export type VoiceStartProblem = Exclude<CcpStartState, { readonly status: 'starting' | 'ready' }>;

/** The voice module's start-up and configuration. @public */
export interface VoiceSessionState {
  /** Where the start-up is (see {@link VoicePhase}). */
  readonly phase: VoicePhase;
  /** Shorthand for `phase === 'ready'`: the voice module is shown only then. */
  readonly ready: boolean;
  /** Why start-up failed, when `phase` is `error`. */
  readonly error: VoiceMessage | null;
  /** The workspace's voice configuration, once read. */
  readonly config: VoiceConfig | null;
  /** The call action appears only when the voice module is enabled. */
  readonly voiceModuleEnabled: boolean;
  /** The random call-panel instance identifier, up to 5 digits. */
  readonly panelId: string;
  /** The last softphone error, if any. */
  readonly softphoneError: SoftphoneErrorInfo | null;
  /**
   * While `connecting`: why the panel has not started yet, when it knows (else `null`); the
   * actions are `VoiceController.signIn` and `VoiceController.retryStart`.
   */
  readonly startProblem: VoiceStartProblem | null;
}

// ── agent status ────────────────────────────────────────────────────────────────────────────────

/**
 * A derived agent state: the system states the contact centre puts the agent in around a
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
  /** The agent's display name. */
  readonly name: string;
  /** The agent's username in the contact centre, when known. */
  readonly username: string | null;
  /** The agent's phone extension (desk phone), when set. */
  readonly extension: string | null;
}

/** Agent availability. @public */
export interface AgentStatusState {
  /** The agent, once the softphone has sent its data. */
  readonly profile: AgentProfile | null;
  /** The contact centre's state name (`Available`, `Busy`, `Lunch`, `MissedCallAgent`, ...). */
  readonly name: string | null;
  /** The state type (`routable`, `not_routable`, `offline`, `system`, `error`). */
  readonly type: string | null;
  /** What kind of state this is (see {@link AgentStatusKind}). */
  readonly kind: AgentStatusKind;
  /** The derived state, when `kind` is `derived`. */
  readonly derived: DerivedAgentStatus | null;
  /** What the chip shows: 'On', 'Off' or the state's name. */
  readonly label: VoiceMessage;
  /** The status description for the current state and call. */
  readonly description: VoiceMessage;
  /** When the current state began (epoch ms, corrected by the panel's clock skew), if known. */
  readonly startedAt: number | null;
  /** The states the agent can pick. */
  readonly options: readonly AgentStatusOption[];
  /** False when the microphone is not shared with the browser. */
  readonly canChangeStatus: boolean;
  /** Why status changes are disabled (the tooltip), when they are. */
  readonly disabledReason: VoiceMessage | null;
  /** False after the softphone reported `microphone_not_shared`. */
  readonly microphoneShared: boolean;
}

// ── call ────────────────────────────────────────────────────────────────────────────────────────

/**
 * The call (contact) state: `connecting`, then `connected`, then `ended`; other end states
 * `error` and `missed`; `idle` when there is no call.
 * @public
 */
export type CallStatus = 'idle' | 'connecting' | 'connected' | 'ended' | 'error' | 'missed';

/**
 * Which controls the call panel shows:
 * `incoming` (inbound not yet accepted: accept and decline), `accepting` (inbound accepted:
 * 'Connecting...'), `outgoing` (outbound connecting: end), `connected` (hold, mute, keypad,
 * transfer, end), `afterCallWork` (ended, error or missed: Finish), `none` (no call).
 * @public
 */
export type CallView =
  'none' | 'incoming' | 'accepting' | 'outgoing' | 'connected' | 'afterCallWork';

/** Call info. @public */
export interface CallInfo {
  /** The contact id in the contact centre. */
  readonly idCommunication: string;
  /** The customer's phone number, when known. */
  readonly phoneNumber: string | null;
  /** The customer called the agent (an inbound or transferred call). */
  readonly isInbound: boolean;
  /** The agent called the customer. */
  readonly isOutbound: boolean;
  /** How the call reached the agent. */
  readonly communicationType: CommunicationType;
}

/** The current call. @public */
export interface CallState {
  /** The call state (see {@link CallStatus}). */
  readonly status: CallStatus;
  /** Which controls the call panel shows (see {@link CallView}). */
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
  /** Conference enabled and more than 2 active connections. */
  readonly multiparty: boolean;
  /** Hold and mute are blocked while a participant of a multiparty call is still connecting. */
  readonly controlsBlocked: boolean;
  /** The keypad is shown only while connected. */
  readonly keypadVisible: boolean;
  /** The digits typed on the keypad during this call. */
  readonly digits: string;
  /** The call is in after-call work (ended, error or missed) until Finish. */
  readonly afterCallWork: boolean;
  /** Notification sound is disabled while a call is connected. */
  readonly notificationSoundEnabled: boolean;
}

// ── participants ────────────────────────────────────────────────────────────────────────────────

/** A multiparty participant. @public */
export interface Participant {
  /** The connection id. */
  readonly participantId: string;
  /** The participant's name (the contact's or agent's), or the phone number. */
  readonly name: string;
  /** The participant's phone number, when known. */
  readonly phoneNumber: string | null;
  /** The participant's avatar URL, when known. */
  readonly avatar: string | null;
  /** The participant is muted. */
  readonly mute: boolean;
  /** The participant is on hold. */
  readonly onHold: boolean;
  /** The participant's connection is still being set up. */
  readonly connecting: boolean;
  /** The participant is connected (and not on hold). */
  readonly connected: boolean;
  /** The participant is on the call (connected or on hold): hold, mute and remove apply. */
  readonly active: boolean;
  /** The participant has left the call. */
  readonly disconnected: boolean;
  /** Milliseconds in the participant's current state. */
  readonly stateDuration: number;
  /** A customer (external number) or another agent. */
  readonly type: 'CUSTOMER' | 'AGENT';
}

/** The other parties of the current call, refreshed every second while shown. @public */
export interface ParticipantsState {
  /** The other parties, in the order the softphone lists them. */
  readonly list: readonly Participant[];
  /** The call has more than two active parties. */
  readonly multiparty: boolean;
  /** A participant is still connecting (hold and mute are blocked). */
  readonly anyConnecting: boolean;
}

// ── monitoring ──────────────────────────────────────────────────────────────────────────────────

/** Monitoring modes: Listener (silent monitor) and Participant (barge). @public */
export type MonitoringMode = 'listener' | 'participant';

/** The 'Leave call?' confirmation. @public */
export interface LeaveConfirmation {
  /** The confirmation's title ('Leave call?'). */
  readonly title: VoiceMessage;
  /** The confirmation's text. */
  readonly text: VoiceMessage;
}

/** Monitoring info. @public */
export interface MonitoringState {
  /** The agent is monitoring another agent's call. */
  readonly isMonitoring: boolean;
  /** Monitoring as a Listener (silent monitor). */
  readonly isSilentMonitor: boolean;
  /** The softphone reports Listener as enabled (the button shows only then). */
  readonly isSilentMonitorEnabled: boolean;
  /** Monitoring as a Participant (barge: the agent speaks on the call). */
  readonly isBarge: boolean;
  /** The softphone reports Participant as enabled (the button shows only then). */
  readonly isBargeEnabled: boolean;
  /** The monitoring contact. */
  readonly idCommunication: string | null;
  /** The monitored (original) communication. */
  readonly originalIdCommunication: string | null;
  /** The current monitoring mode, while monitoring. */
  readonly mode: MonitoringMode | null;
  /** Set while the 'Leave call?' confirmation is open. */
  readonly leaveConfirmation: LeaveConfirmation | null;
  /** The live call being joined, until its monitoring contact arrives. */
  readonly joining: string | null;
}

// ── transfer ────────────────────────────────────────────────────────────────────────────────────

/** A transfer target: an agent or a team (group), both carrying their quick-connect endpointId. @public */
export interface TransferTarget {
  /** The quick-connect endpoint to transfer to. */
  readonly endpointId: string;
  /** The target's name (for the transfer notice). */
  readonly name?: string;
}

/** Transfer state. @public */
export interface TransferState {
  /** A transfer is under way (the call menu shows 'Exit' instead of 'Transfer'). */
  readonly transferring: boolean;
  /** Whether connections are available for transferring a call (checked when ready); null before. */
  readonly available: boolean | null;
  /** The target of the transfer under way. */
  readonly target: TransferTarget | null;
}

// ── devices ─────────────────────────────────────────────────────────────────────────────────────

/** An audio device. @public */
export interface AudioDevice {
  /** The browser's device id. */
  readonly deviceId: string;
  /** An input (microphone) or output (speaker, ringer) device. */
  readonly kind: 'audioinput' | 'audiooutput';
  /** The device's name, as the browser gives it. */
  readonly label: string;
}

/** Which audio device a choice applies to. @public */
export type AudioDeviceRole = 'speaker' | 'microphone' | 'ringer';

/** Audio devices. @public */
export interface DevicesState {
  /** Where the device listing is (`loading` while the browser enumerates them). */
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
  /** Why listing the devices failed, when `status` is `error`. */
  readonly error: VoiceMessage | null;
}

// ── root ────────────────────────────────────────────────────────────────────────────────────────

/** The whole voice state: one immutable slice per concern. @public */
export interface VoiceState {
  /** The start-up and configuration. */
  readonly session: VoiceSessionState;
  /** The agent and their availability. */
  readonly agent: AgentStatusState;
  /** The current call. */
  readonly call: CallState;
  /** The other parties of the current call. */
  readonly participants: ParticipantsState;
  /** Supervisor monitoring. */
  readonly monitoring: MonitoringState;
  /** The transfer under way. */
  readonly transfer: TransferState;
  /** The audio devices and their choices. */
  readonly devices: DevicesState;
}
