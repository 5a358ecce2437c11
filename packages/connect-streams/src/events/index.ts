export {
  ACTIVE_CONTACT_STATES,
  ACTIVE_CONNECTION_STATES,
  CONNECTED_CONNECTION_STATES,
  AGENT_ERROR_STATES,
  CONTACT_FINAL_STATES,
  contactTransitionEvents,
  agentRoutingEvents,
  agentStateNameEvents,
} from './graphs';
export type { ContactStateEvent, AgentRoutingEvent, AgentStateNameEvent } from './graphs';
export type { ContactsEvents } from './agent-data-store';
