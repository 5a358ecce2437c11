export { Agent } from './agent';
export type {
  AgentEvents,
  AgentStateChange,
  AgentConfigurationUpdate,
  ConnectOptions,
  SetStateOptions,
} from './agent';
export { EndpointCache } from './endpoint-cache';
export { parseAccountId, parseAgentResourceId, parseInstanceId } from './arn';
