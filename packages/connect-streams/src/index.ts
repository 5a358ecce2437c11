/**
 * `@x/connect-streams`: the typed host-side client for the embedded contact control panel (CCP).
 *
 * `initCCP(container, params)` embeds the panel and returns a {@link Ccp}: the signed-in
 * {@link Agent}, the live {@link Contact}s with their {@link Connection}s, and typed events.
 * Wire shapes and constants are in `@x/connect-streams/protocol`; the panel side is in
 * `@x/connect-streams/panel`; an in-memory panel for tests is in `@x/connect-streams/testing`.
 *
 * @example
 * ```ts
 * import { initCCP } from '@x/connect-streams';
 *
 * const ccp = initCCP(document.getElementById('ccp')!, {
 *   ccpUrl: 'https://example.my.connect.aws/ccp-v2/',
 * });
 * ccp.agent.on('stateChange', ({ oldState, newState }) => console.log(oldState, '→', newState));
 * ccp.contacts.on('incoming', (contact) => void contact.accept());
 * ```
 * @packageDocumentation
 */

// The client
export { initCCP } from './ccp/init-ccp';
export { Ccp } from './ccp/ccp';
export type { CcpEvents, CcpStartState, Contacts } from './ccp/ccp-types';
export type { InitCcpParams, RingtoneEntry, RingtoneSettings } from './ccp/params';
export { HOST_TIMEOUTS, PANEL_PROBE_TIMEOUT_MS } from './constants';

// The agent
export { Agent } from './agent/agent';
export type {
  AgentEvents,
  AgentStateChange,
  AgentConfigurationUpdate,
  ConnectOptions,
  SetStateOptions,
} from './agent/agent';

// Contacts and connections
export { Contact } from './contact/contact';
export type { ContactEvents } from './contact/contact';
export { Connection, VoiceConnection, MediaConnection } from './contact/connection';
export type { ContactsEvents } from './events/agent-data-store';
export type { StateStamp } from './wire';

// The wire shapes these return (the same declarations as `@x/connect-streams/protocol`)
export type {
  AgentConfiguration,
  AgentData,
  AgentSnapshot,
  AgentState,
  AgentStateDefinition,
  Connection as ConnectionData,
  Contact as ContactData,
  ConduitMessage,
  Endpoint,
  Queue,
  WireEventName,
} from '@x/connect-streams/protocol';

// The documented enumerations
export {
  AgentAvailStates,
  AgentErrorStates,
  AgentStateType,
  ChannelType,
  ConnectionStateType,
  ConnectionType,
  ContactInitiationMethod,
  ContactStateType,
  ContactType,
  EndpointType,
  MediaType,
  MonitoringMode,
  SoftphoneCallType,
} from './protocol/names';

// Errors
export { ConnectError } from './errors';
export { CcpRequestError } from './client/upstream-client';
export type { CcpErrorShape, RequestChannel, RequestOptions } from './client/upstream-client';
export { SoftphoneError } from './media/softphone-error';
export { SOFTPHONE_ERROR_TYPES } from './media/softphone-error';
export type { SoftphoneErrorType } from './media/softphone-error';

// Logs, metrics, devices
export { Logger } from './log/logger';
export type { LogEntry, LogLevel, LoggerOptions } from './log/logger';
export type { ClientMetric, MetricDimension } from './metrics/metrics';
export { enumerateMediaDevices } from './media/devices';
