import type { ConnectionStateType, ContactStateType } from '@x/connect-streams/protocol';

/**
 * Something that happens to a contact (as one agent sees it).
 * @public
 */
export type ContactEvent =
  | 'offer' // routed to an agent, or an outbound call placed
  | 'offerCallback' // a queued callback offered to an agent
  | 'accept' // the agent accepts (inbound) / the customer answers (outbound)
  | 'miss' // the offer timed out
  | 'reject' // the agent rejected the offer
  | 'end' // either side hung up, or the outbound call failed
  | 'pause'
  | 'resume';

/**
 * Something that happens to one connection (leg) of a contact.
 * @public
 */
export type ConnectionEvent = 'dial' | 'answer' | 'hold' | 'resume' | 'disconnect';

/**
 * The contact transition table (the contact states of the CCP protocol). A missing entry is an invalid transition.
 * `ended` is left only by clearing the contact (it is then removed).
 * @public
 */
export const CONTACT_TRANSITIONS: Readonly<
  Record<ContactStateType, Readonly<Partial<Record<ContactEvent, ContactStateType>>>>
> = {
  init: { offer: 'connecting', offerCallback: 'incoming', end: 'ended' },
  incoming: { accept: 'connecting', miss: 'missed', reject: 'rejected', end: 'ended' },
  pending: { offer: 'connecting', end: 'ended' },
  connecting: { accept: 'connected', miss: 'missed', reject: 'rejected', end: 'ended' },
  connected: { end: 'ended', pause: 'paused' },
  paused: { resume: 'connected', end: 'ended' },
  missed: {},
  rejected: {},
  error: {},
  ended: {},
};

/**
 * The connection transition table (the connection states of the CCP protocol).
 * @public
 */
export const CONNECTION_TRANSITIONS: Readonly<
  Record<ConnectionStateType, Readonly<Partial<Record<ConnectionEvent, ConnectionStateType>>>>
> = {
  init: { dial: 'connecting', answer: 'connected', disconnect: 'disconnected' },
  connecting: { answer: 'connected', disconnect: 'disconnected' },
  connected: { hold: 'hold', disconnect: 'disconnected' },
  hold: { resume: 'connected', disconnect: 'disconnected' },
  silent_monitor: { disconnect: 'disconnected' },
  barge: { hold: 'hold', disconnect: 'disconnected' },
  disconnected: {},
};

/**
 * A transition the table does not allow; the CTI layer answers it as `InvalidStateException`.
 * @public
 */
export class InvalidTransitionError extends Error {
  /** Always `InvalidTransitionError`. */
  override readonly name = 'InvalidTransitionError';
  /** The refusal of `event` by the `machine` in state `from`. */
  constructor(
    /** Which state machine refused: the contact's or a connection's. */
    readonly machine: 'contact' | 'connection',
    /** The state it was in. */
    readonly from: string,
    /** The event it refused. */
    readonly event: string,
  ) {
    super(
      `${machine === 'contact' ? 'Contact' : 'Connection'} cannot ${event} from state ${from}.`,
    );
  }
}

/**
 * The contact state after `event`, or throws {@link InvalidTransitionError}.
 * @public
 */
export function nextContactState(from: ContactStateType, event: ContactEvent): ContactStateType {
  const to = CONTACT_TRANSITIONS[from][event];
  if (!to) throw new InvalidTransitionError('contact', from, event);
  return to;
}

/**
 * The connection state after `event`, or throws {@link InvalidTransitionError}.
 * @public
 */
export function nextConnectionState(
  from: ConnectionStateType,
  event: ConnectionEvent,
): ConnectionStateType {
  const to = CONNECTION_TRANSITIONS[from][event];
  if (!to) throw new InvalidTransitionError('connection', from, event);
  return to;
}
