// The wire shapes the host client reads, under the names used in this package; all of them are
// the types of `@x/connect-streams/protocol` (the wire is typed once).
import type { Connection, Contact } from '@x/connect-streams/protocol';

export type {
  AgentData as AgentUpdate,
  AgentSnapshot,
  AgentConfiguration,
  AgentState as AgentStateData,
  AgentStateDefinition,
  Connection as ConnectionData,
  Contact as ContactData,
  Endpoint as EndpointData,
  Queue as QueueData,
} from '@x/connect-streams/protocol';

/** A contact or connection state with its timestamp. */
export type StateStamp = Contact['state'] | Connection['state'];
