/**
 * Agent availability: the kind of each state, the derived states, the chip label and the
 * status description for the current state and call. Pure functions of plain facts.
 */
import { AGENT_STATE_NAMES, DERIVED_AGENT_STATES } from './constants';
import { voiceMessage } from './messages';
import type { VoiceMessage } from './messages';
import type { AgentStatusKind, CallStatus, DerivedAgentStatus } from './types';

/** The facts a status description depends on. @public */
export interface AgentStatusFacts {
  /** The contact centre's state name. */
  readonly name: string | null;
  /** The state type (`routable`, `not_routable`, `offline`, `system`, `error`). */
  readonly type: string | null;
  /** The current call, as far as the description depends on it. */
  readonly call: {
    readonly status: CallStatus;
    readonly isOutbound: boolean;
    readonly endReason: 'ended' | 'missed' | 'rejected' | 'error' | null;
    /** The customer (two-party) is on hold. */
    readonly customerOnHold: boolean;
    /** The agent's own leg is on hold. */
    readonly agentOnHold: boolean;
    readonly multiparty: boolean;
  };
  /** Supervisor monitoring. */
  readonly monitoring: { readonly isMonitoring: boolean; readonly isSilentMonitor: boolean };
  /** A transfer is under way. */
  readonly transferring: boolean;
}

const DERIVED_BY_NAME: Readonly<Record<string, DerivedAgentStatus>> = {
  [DERIVED_AGENT_STATES.BUSY]: 'BUSY',
  [DERIVED_AGENT_STATES.PENDING_BUSY]: 'PENDING_BUSY',
  [DERIVED_AGENT_STATES.CALLING_CUSTOMER]: 'CALLING_CUSTOMER',
  [DERIVED_AGENT_STATES.AFTER_CALL_WORK]: 'AFTER_CALL_WORK',
};

/** The derived state of a state name, or null. @public */
export function derivedStatusOf(name: string | null): DerivedAgentStatus | null {
  return (name !== null && DERIVED_BY_NAME[name]) || null;
}

/**
 * The kind of a state: Available is `available`, Offline (or any offline type) `offline`, a
 * selectable not-routable state `custom`, the derived system states `derived`, error states
 * `error`; `unknown` before agent data and for any other state.
 * @public
 */
export function agentStatusKind(name: string | null, type: string | null): AgentStatusKind {
  if (name === null) return 'unknown';
  if (derivedStatusOf(name)) return 'derived';
  if (type === 'routable' || name === AGENT_STATE_NAMES.available) return 'available';
  if (type === 'offline' || name === AGENT_STATE_NAMES.offline) return 'offline';
  if (type === 'not_routable') return 'custom';
  if (type === 'error') return 'error';
  return 'unknown';
}

/** What the chip shows: Available 'On', Offline 'Off', others their name. @public */
export function agentStatusLabel(name: string | null, type: string | null): VoiceMessage {
  const kind = agentStatusKind(name, type);
  if (kind === 'available') return voiceMessage('statusOn');
  if (kind === 'offline') return voiceMessage('statusOff');
  return voiceMessage('statusName', { name: name ?? '' });
}

/**
 * The status description for the agent's state and call:
 * - Available with no call: 'Waiting for inbound voice calls';
 * - ringing inbound (PendingBusy): 'Incoming call'; outbound (CallingCustomer): 'Calling to...';
 * - monitoring: 'You're a call listener' (Listener) or 'You're on call' (Participant);
 * - transferring: 'Transfer call', or 'Transfer call: you're on hold' when the agent's leg is held;
 * - multiparty: 'You're on call', or 'You're on hold' when the agent's leg is held;
 * - two-party: 'Call on hold' when the customer is held, else 'On a call with...';
 * - after-call work: 'Call ended, ...', 'Missed call, ...' or 'Rejected call, ...';
 * - MissedCallAgent, FailedConnectCustomer, LineEngagedCustomer, AgentHungUp: their texts;
 * - other selectable states (custom, Offline): 'Set status to Available to allow inbound voice calls';
 * - anything else: `Unhandled agent status: {status}`.
 * @public
 */
export function describeAgentStatus(facts: AgentStatusFacts): VoiceMessage {
  const { name, type, call, monitoring } = facts;
  const onCall = call.status === 'connecting' || call.status === 'connected';
  if (monitoring.isMonitoring && call.status === 'connected') {
    return voiceMessage(monitoring.isSilentMonitor ? 'statusCallListener' : 'statusOnCall');
  }
  if (call.status === 'connected' || (name === DERIVED_AGENT_STATES.BUSY && onCall)) {
    if (facts.transferring)
      return voiceMessage(call.agentOnHold ? 'statusTransferCallOnHold' : 'statusTransferCall');
    if (call.multiparty) return voiceMessage(call.agentOnHold ? 'statusOnHold' : 'statusOnCall');
    return voiceMessage(call.customerOnHold ? 'statusCallOnHold' : 'statusOnCallWith');
  }
  if (call.status === 'connecting') {
    return voiceMessage(call.isOutbound ? 'statusCallingTo' : 'statusIncomingCall');
  }
  // The contact centre's outcome states of a call that ended say more than 'Call ended'.
  if (name === AGENT_STATE_NAMES.failedConnectCustomer)
    return voiceMessage('statusCustomerDidNotAnswer');
  if (name === AGENT_STATE_NAMES.lineEngagedCustomer) return voiceMessage('statusCustomerRejected');
  if (name === AGENT_STATE_NAMES.agentHungUp) return voiceMessage('statusAgentHungUp');
  if (call.status === 'missed' || name === AGENT_STATE_NAMES.missedCallAgent) {
    return voiceMessage(
      call.endReason === 'rejected'
        ? 'statusRejectedCallAfterCallWork'
        : 'statusMissedCallAfterCallWork',
    );
  }
  if (call.status === 'ended' || call.status === 'error') {
    if (call.endReason === 'rejected') return voiceMessage('statusRejectedCallAfterCallWork');
    return voiceMessage('statusCallEndedAfterCallWork');
  }
  switch (name) {
    case DERIVED_AGENT_STATES.PENDING_BUSY:
      return voiceMessage('statusIncomingCall');
    case DERIVED_AGENT_STATES.CALLING_CUSTOMER:
      return voiceMessage('statusCallingTo');
    case DERIVED_AGENT_STATES.BUSY:
      return voiceMessage('statusOnCallWith');
    case DERIVED_AGENT_STATES.AFTER_CALL_WORK:
      return voiceMessage('statusCallEndedAfterCallWork');
    default:
      break;
  }
  const kind = agentStatusKind(name, type);
  if (kind === 'available') return voiceMessage('statusAvailable');
  if (kind === 'custom' || kind === 'offline') return voiceMessage('statusCustom');
  return voiceMessage('statusUnhandled', { status: name ?? '' });
}

/**
 * The chip's elapsed time: optional days 'D', then hours, minutes and seconds, e.g.
 * `00:04:05` or `1D 02:03:04`.
 * @public
 */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const clock = [hours, minutes, seconds].map((n) => String(n).padStart(2, '0')).join(':');
  return days > 0 ? `${days}D ${clock}` : clock;
}

/** A live call's elapsed time as mm:ss; minutes keep counting past 59. @public */
export function formatMinutesSeconds(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
