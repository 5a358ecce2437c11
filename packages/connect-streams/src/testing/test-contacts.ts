// The contact and connection records of a test instance: a new connection, and state changes
// stamped with the instance's clock.
import type { ConnectionData, ContactData, EndpointData } from '../wire';

/** A connection of `type` to `endpoint` in `state`; an agent connection has softphone media info. */
export function newConnection(
  now: () => number,
  id: string,
  type: ConnectionData['type'],
  initial: boolean,
  state: ConnectionData['state']['type'],
  endpoint: EndpointData,
): ConnectionData {
  return {
    connectionId: id,
    type,
    initial,
    state: { type: state, timestamp: new Date(now()) },
    endpoint,
    mute: false,
    ...(type === 'agent'
      ? { softphoneMediaInfo: { callType: 'audio_only', autoAccept: false } }
      : {}),
  };
}

/** Moves a contact to `state`, now. */
export function setContactState(
  now: () => number,
  c: ContactData,
  state: ContactData['state']['type'],
): void {
  c.state = { type: state, timestamp: new Date(now()) };
}

/** Moves every connection of a contact that `pick` selects to `state`, now. */
export function setConnectionState(
  now: () => number,
  c: ContactData,
  pick: (x: ConnectionData) => boolean,
  state: ConnectionData['state']['type'],
): void {
  for (const x of c.connections) if (pick(x)) x.state = { type: state, timestamp: new Date(now()) };
}

/** An outbound voice contact `id` to `params.endpoint` (on `params.queueARN`), connecting since `at`. */
export function newOutboundContact(
  now: () => number,
  id: string,
  at: Date,
  params: Record<string, unknown>,
): ContactData {
  return {
    contactId: id,
    initialContactId: id,
    type: 'voice',
    state: { type: 'connecting', timestamp: at },
    queue: { queueARN: params.queueARN as string },
    queueTimestamp: at,
    initiationMethod: 'outbound',
    attributes: {},
    connections: [
      newConnection(now, `${id}-agent`, 'agent', false, 'connected', { type: 'agent' }),
      newConnection(
        now,
        `${id}-customer`,
        'outbound',
        true,
        'connecting',
        params.endpoint as EndpointData,
      ),
    ],
  };
}
