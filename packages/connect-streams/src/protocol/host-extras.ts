// Type-only additions to the wire contract for the host client. They let host code use
// event names as checked literals without importing the protocol's runtime modules (which carry
// zod) into the size-budgeted host entry.
import type {
  AgentEvents,
  ChannelViewEvents,
  ConfigurationEvents,
  ConnectionEvents,
  ContactEvents,
  DisasterRecoveryEvents,
  EmailEvents,
  EventType,
  GlobalResiliencyEvents,
  TaskEvents,
  VoiceIdEvents,
  WebSocketEvents,
} from './names';

/**
 * Every event name that may appear in a conduit envelope: the bare `EventType` strings, the
 * namespaced enums, and per-contact names `contact::<event>::<contactId>`.
 * @public
 */
export type WireEventName =
  | EventType
  | AgentEvents
  | ContactEvents
  | `${ContactEvents}::${string}`
  | ConfigurationEvents
  | ConnectionEvents
  | ChannelViewEvents
  | TaskEvents
  | EmailEvents
  | VoiceIdEvents
  | WebSocketEvents
  | DisasterRecoveryEvents
  | GlobalResiliencyEvents;
