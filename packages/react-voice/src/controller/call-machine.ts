/**
 * The call-state machine ("Call (contact) state"), written down: which transitions exist and
 * which duties each one performs. The controller observes the contact's state, looks up the
 * transition here and performs its duties; tests walk this table.
 */
import type { CallStatus } from './types';

/**
 * A duty of a call transition:
 * - `activateMenu` / `deactivateMenu`: any call state sets the menu active, idle inactive;
 * - `clearConversation`: idle clears the conversation contact, conversation id and contact info;
 * - `expandMenu`: the call menu expands;
 * - `startConversation`: an outbound call starts a conversation (one tab only);
 * - `refreshConnection`: the connection record is refreshed (one tab only);
 * - `acceptAndMarkAnswered`: the call is accepted and marked answered (one tab only);
 * - `recordMonitoring`: the monitoring leg is recorded (one tab only);
 * - `refreshOriginalConnection`: the original communication's connection is refreshed;
 * - `lookUpContact`: the call's phone number is used to look up the conversation contact;
 * - `afterCallWork`: the agent is in after-call work until Finish;
 * - `muteNotifications` / `unmuteNotifications`: notification sound off while connected.
 * @public
 */
export type CallDuty =
  | 'activateMenu'
  | 'deactivateMenu'
  | 'clearConversation'
  | 'expandMenu'
  | 'startConversation'
  | 'refreshConnection'
  | 'acceptAndMarkAnswered'
  | 'recordMonitoring'
  | 'refreshOriginalConnection'
  | 'lookUpContact'
  | 'afterCallWork'
  | 'muteNotifications'
  | 'unmuteNotifications';

/** A condition a row of the table applies under. @public */
export type CallCondition =
  'monitoring' | 'notMonitoring' | 'outbound' | 'inbound' | 'withoutContactInfo';

/** The facts the conditions are read from. @public */
export interface CallFacts {
  /** The call is a supervisor's monitoring leg. */
  readonly monitoring: boolean;
  /** The agent placed the call. */
  readonly outbound: boolean;
  /** The conversation contact (contact info) is known. */
  readonly hasContactInfo: boolean;
}

/** One row of the transition table: entering `to` from any of `from`, under every condition of `when`. @public */
export interface CallTransitionRow {
  /** The states the row applies from. */
  readonly from: readonly CallStatus[];
  /** The state entered. */
  readonly to: CallStatus;
  /** Conditions that must all hold (none: always). */
  readonly when?: readonly CallCondition[];
  /** What the controller does on this transition, in order. */
  readonly duties: readonly CallDuty[];
}

const ACTIVE: readonly CallStatus[] = ['idle', 'connecting'];
const LIVE: readonly CallStatus[] = ['idle', 'connecting', 'connected'];
const ANY: readonly CallStatus[] = ['connecting', 'connected', 'ended', 'error', 'missed'];

/**
 * The transitions that exist: connecting, then connected, then ended; error and missed are other
 * end states; a call may be first seen in any state (a page opened mid-call); any state ends in
 * idle when the contact is destroyed or finished.
 * @public
 */
export const CALL_STATE_TRANSITIONS: Readonly<Record<CallStatus, readonly CallStatus[]>> = {
  idle: ['connecting', 'connected', 'ended', 'error', 'missed'],
  connecting: ['connected', 'ended', 'error', 'missed', 'idle'],
  connected: ['ended', 'error', 'missed', 'idle'],
  ended: ['idle'],
  error: ['idle'],
  missed: ['idle'],
};

/** The duties of each transition, in the order they are performed. @public */
export const CALL_TRANSITION_TABLE: readonly CallTransitionRow[] = [
  // Idle: the menu is set inactive; conversation contact, conversation id and contact info are cleared.
  { from: ANY, to: 'idle', duties: ['deactivateMenu', 'clearConversation', 'unmuteNotifications'] },
  // Any call state sets the menu active.
  { from: ['idle'], to: 'connecting', duties: ['activateMenu'] },
  { from: ACTIVE, to: 'connected', duties: ['activateMenu'] },
  { from: LIVE, to: 'ended', duties: ['activateMenu'] },
  { from: LIVE, to: 'error', duties: ['activateMenu'] },
  { from: LIVE, to: 'missed', duties: ['activateMenu'] },
  // Connecting, not monitoring: the call menu expands; an outbound call starts a conversation; an
  // inbound call refreshes the connection record. The phone number is used to look up a contact.
  { from: ['idle'], to: 'connecting', when: ['notMonitoring'], duties: ['expandMenu'] },
  {
    from: ['idle'],
    to: 'connecting',
    when: ['notMonitoring', 'outbound'],
    duties: ['startConversation'],
  },
  {
    from: ['idle'],
    to: 'connecting',
    when: ['notMonitoring', 'inbound'],
    duties: ['refreshConnection'],
  },
  { from: ['idle'], to: 'connecting', duties: ['lookUpContact'] },
  // Connected, not monitoring: the call is accepted and marked answered.
  {
    from: ACTIVE,
    to: 'connected',
    when: ['notMonitoring'],
    duties: ['acceptAndMarkAnswered', 'muteNotifications'],
  },
  // Connected while monitoring: the menu expands, monitoring is recorded, and the connection of
  // the original communication is refreshed.
  {
    from: ACTIVE,
    to: 'connected',
    when: ['monitoring'],
    duties: ['expandMenu', 'recordMonitoring', 'refreshOriginalConnection', 'muteNotifications'],
  },
  // Connected without contact info: the connection is refreshed.
  {
    from: ACTIVE,
    to: 'connected',
    when: ['notMonitoring', 'withoutContactInfo'],
    duties: ['refreshConnection', 'lookUpContact'],
  },
  // Ended, error or missed: the connection is refreshed and the agent is in after-call work.
  {
    from: LIVE,
    to: 'ended',
    duties: ['refreshConnection', 'afterCallWork', 'unmuteNotifications'],
  },
  {
    from: LIVE,
    to: 'error',
    duties: ['refreshConnection', 'afterCallWork', 'unmuteNotifications'],
  },
  {
    from: LIVE,
    to: 'missed',
    duties: ['refreshConnection', 'afterCallWork', 'unmuteNotifications'],
  },
];

function holds(condition: CallCondition, facts: CallFacts): boolean {
  switch (condition) {
    case 'monitoring':
      return facts.monitoring;
    case 'notMonitoring':
      return !facts.monitoring;
    case 'outbound':
      return facts.outbound;
    case 'inbound':
      return !facts.outbound;
    case 'withoutContactInfo':
      return !facts.hasContactInfo;
  }
}

/** Whether the machine has a transition from `from` to `to`. @public */
export function isCallTransition(from: CallStatus, to: CallStatus): boolean {
  return CALL_STATE_TRANSITIONS[from].includes(to);
}

/**
 * The duties of the transition `from` → `to` under `facts` (each duty once, in table order);
 * empty when there is no such transition.
 * @public
 */
export function callTransitionDuties(
  from: CallStatus,
  to: CallStatus,
  facts: CallFacts,
): CallDuty[] {
  if (from === to || !isCallTransition(from, to)) return [];
  const duties: CallDuty[] = [];
  for (const row of CALL_TRANSITION_TABLE) {
    if (row.to !== to || !row.from.includes(from)) continue;
    if (row.when && !row.when.every((c) => holds(c, facts))) continue;
    for (const duty of row.duties) if (!duties.includes(duty)) duties.push(duty);
  }
  return duties;
}
