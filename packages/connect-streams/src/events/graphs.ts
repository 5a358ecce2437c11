/**
 * The event graphs, as pure functions: given an old and a new state they return the
 * events to fire, in the order the original host fires them.
 */

/** Active contact states. @public */
export const ACTIVE_CONTACT_STATES: ReadonlySet<string> = new Set([
  'paused',
  'incoming',
  'pending',
  'connecting',
  'connected',
]);
/** Active connection states. @public */
export const ACTIVE_CONNECTION_STATES: ReadonlySet<string> = new Set([
  'connecting',
  'connected',
  'hold',
  'silent_monitor',
  'barge',
]);
/** Connected connection states. @public */
export const CONNECTED_CONNECTION_STATES: ReadonlySet<string> = new Set([
  'connected',
  'silent_monitor',
  'barge',
]);
/** Agent error state names. @public */
export const AGENT_ERROR_STATES: ReadonlySet<string> = new Set([
  'Error',
  'AgentHungUp',
  'BadAddressAgent',
  'BadAddressCustomer',
  'Default',
  'FailedConnectAgent',
  'FailedConnectCustomer',
  'InvalidLocale',
  'LineEngagedAgent',
  'LineEngagedCustomer',
  'MissedCallAgent',
  'MissedCallCustomer',
  'MultipleCcpWindows',
  'RealtimeCommunicationError',
]);
/** Contact states that clear a contact from the ended-event tracker. @public */
export const CONTACT_FINAL_STATES: ReadonlySet<string> = new Set([
  'ended',
  'missed',
  'error',
  'rejected',
  'acw',
]);

/** A state event of a contact. @public */
export type ContactStateEvent =
  'incoming' | 'pending' | 'connecting' | 'connected' | 'acw' | 'ended' | 'missed' | 'error';

/** A routing event of the agent. @public */
export type AgentRoutingEvent = 'routable' | 'notRoutable' | 'offline';

/** A state-name event of the agent. @public */
export type AgentStateNameEvent = 'error' | 'acw';

const INCOMING_LIKE = new Set(['connecting', 'incoming']);
const MISSED_TARGETS = new Set(['error', 'missed', 'rejected']);

/**
 * The contact event graph: events fired when a contact moves from `from` to `to` (`from` is 'init'
 * for a new contact). Same order as the original's graph: first the events from any state
 * (entering incoming/pending/connecting/connected, acw on → ended, error on → error), then missed
 * (connecting|incoming → error), ended (active → non-active), missed (connecting|incoming →
 * missed|rejected).
 * @public
 */
export function contactTransitionEvents(from: string, to: string): ContactStateEvent[] {
  const events: ContactStateEvent[] = [];
  if (from === to) return events;
  // associations from any state first, then those from the specific state (original graph order)
  if (to === 'incoming' || to === 'pending' || to === 'connecting' || to === 'connected')
    events.push(to);
  else if (to === 'ended') events.push('acw');
  else if (to === 'error') events.push('error');
  const missed = INCOMING_LIKE.has(from) && MISSED_TARGETS.has(to);
  if (missed && to === 'error') events.push('missed');
  if (ACTIVE_CONTACT_STATES.has(from) && !ACTIVE_CONTACT_STATES.has(to)) events.push('ended');
  if (missed && to !== 'error') events.push('missed');
  return events;
}

/** The agent routing graph: routable / not_routable / offline when the state type changes. @public */
export function agentRoutingEvents(fromType: string, toType: string): AgentRoutingEvent[] {
  if (fromType === toType) return [];
  if (toType === 'routable') return ['routable'];
  if (toType === 'not_routable') return ['notRoutable'];
  if (toType === 'offline') return ['offline'];
  return [];
}

/** The agent state graph: error on entering an error state, acw on entering AfterCallWork. @public */
export function agentStateNameEvents(fromName: string, toName: string): AgentStateNameEvent[] {
  if (fromName === toName) return [];
  if (AGENT_ERROR_STATES.has(toName)) return ['error'];
  if (toName === 'AfterCallWork') return ['acw'];
  return [];
}
