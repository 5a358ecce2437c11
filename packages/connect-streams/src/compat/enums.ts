// The enumerations of the global `connect` object. They are the wire contract's names
// (../protocol/names, zod-free) themselves: every key and value of amazon-connect-streams 2.18.7,
// plus the few that later streams versions added (which a 2.18 integration never reads, and which
// the panel may send anyway).
import {
  ContactStateType,
  EndpointType,
  ConnectionStateType,
  AgentStateType,
} from '../protocol/names';

export {
  AgentAvailStates,
  AgentErrorStates,
  AgentEvents,
  AgentPermissions,
  AgentStateType,
  ChannelType,
  ClickType,
  ConfigurationEvents,
  ConnectionEvents,
  ConnectionStateType,
  ConnectionType,
  ContactEvents,
  ContactFlowAuthenticationDecision,
  ContactFlowFraudDetectionDecision,
  ContactInitiationMethod,
  ContactStateType,
  ContactType,
  CTIExceptions,
  DisasterRecoveryEvents,
  EmailEvents,
  EndpointType,
  EventType,
  GlobalResiliencyEvents,
  MasterTopics,
  MediaType,
  MonitoringErrorTypes,
  MonitoringMode,
  SoftphoneCallType,
  SoftphoneErrorTypes,
  TaskEvents,
  VoiceIdAuthenticationDecision,
  VoiceIdEnrollmentRequestStatus,
  VoiceIdErrorTypes,
  VoiceIdFraudDetectionDecision,
  VoiceIdEvents,
  VoiceIdSpeakerStatus,
  VoiceIdStreamingStatus,
  ScreenShareCapability,
  VideoCapability,
  WebSocketEvents,
} from '../protocol/names';

/** `connect.AgentStatusType`: the deprecated alias of `AgentStateType`. @public */
export const AgentStatusType = AgentStateType;

/** `connect.ConnectionStatusType`: the deprecated alias of `ConnectionStateType`. @public */
export const ConnectionStatusType = ConnectionStateType;

/** `connect.ContactStatusType`: the deprecated alias of `ContactStateType`. @public */
export const ContactStatusType = ContactStateType;

/** `connect.AddressType`: the alias of `EndpointType`. @public */
export const AddressType = EndpointType;

/** `connect.CONTACT_ACTIVE_STATES` (in amazon-connect-streams an object, not a list). @public */
export const CONTACT_ACTIVE_STATES = {
  PAUSED: ContactStateType.PAUSED,
  INCOMING: ContactStateType.INCOMING,
  PENDING: ContactStateType.PENDING,
  CONNECTING: ContactStateType.CONNECTING,
  CONNECTED: ContactStateType.CONNECTED,
} as const;

/** `connect.LogLevel` (amazon-connect-streams 2.18). @public */
export const LogLevel = {
  TEST: 'TEST',
  TRACE: 'TRACE',
  DEBUG: 'DEBUG',
  INFO: 'INFO',
  LOG: 'LOG',
  WARN: 'WARN',
  ERROR: 'ERROR',
  CRITICAL: 'CRITICAL',
} as const;
