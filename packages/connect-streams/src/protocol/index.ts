/**
 * `@x/connect-streams/protocol`: the CCP wire contract (message shapes, event names, CTI operations),
 * as zod schemas with inferred types, shared by the SDK and the emulator.
 * @packageDocumentation
 */
export { conduitMessageSchema, createConduitMessage, parseConduitMessage } from './envelope';
export type { ConduitMessage } from './envelope';
export type { Conduit } from '../conduit/conduit';

export {
  AgentAvailStates,
  AgentErrorStates,
  AgentEvents,
  AgentPermissions,
  AgentStateType,
  ChannelType,
  ChannelViewEvents,
  ClickType,
  ConfigurationEvents,
  CONNECTION_ACTIVE_STATES,
  CONNECTION_CONNECTED_STATES,
  ConnectionEvents,
  ConnectionStateType,
  ConnectionType,
  CONTACT_ACTIVE_STATES,
  contactEventName,
  ContactEvents,
  ContactFlowAuthenticationDecision,
  ContactFlowFraudDetectionDecision,
  ContactInitiationMethod,
  ContactStateType,
  ContactType,
  CustomerAuthenticationStatus,
  DisasterRecoveryEvents,
  EmailEvents,
  EndpointType,
  EventType,
  GlobalResiliencyConfigureErrorType,
  GlobalResiliencyEvents,
  HealthCheckResult,
  MasterTopics,
  MediaType,
  MonitoringErrorTypes,
  MonitoringMode,
  NetworkConnectionStatus,
  RetryStatus,
  ScreenShareCapability,
  SiteConnectionState,
  SoftphoneCallType,
  SoftphoneErrorTypes,
  SUPPORTED_LOCALES,
  TaskEvents,
  VideoCapability,
  VoiceIdAuthenticationDecision,
  VoiceIdEnrollmentRequestStatus,
  VoiceIdErrorTypes,
  VoiceIdEvents,
  VoiceIdFraudDetectionDecision,
  VoiceIdSpeakerStatus,
  VoiceIdStreamingStatus,
  WebSocketEvents,
  CTIExceptions,
} from './names';
export type { SupportedLocale } from './names';

export { eventTypeSchema, masterTopicSchema } from './events';

export {
  agentAvailStateSchema,
  agentErrorStateSchema,
  agentStateTypeSchema,
  channelTypeSchema,
  connectionStateTypeSchema,
  connectionTypeSchema,
  contactInitiationMethodSchema,
  contactStateTypeSchema,
  contactTypeSchema,
  endpointTypeSchema,
  mediaTypeSchema,
  monitoringModeSchema,
  retryStatusSchema,
  softphoneCallTypeSchema,
  softphoneErrorTypeSchema,
  supportedLocaleSchema,
} from './enums';

export {
  agentConfigurationSchema,
  agentDataSchema,
  agentSnapshotSchema,
  agentStateDefinitionSchema,
  agentStateSchema,
  conduitTimestampSchema,
  connectionSchema,
  contactSchema,
  ctiAgentConfigurationSchema,
  ctiAgentSnapshotSchema,
  ctiAgentStateSchema,
  ctiConnectionSchema,
  ctiContactSchema,
  ctiTimestampSchema,
  endpointSchema,
  queueSchema,
  routingProfileSchema,
} from './snapshot';
export type {
  AgentConfiguration,
  AgentData,
  AgentSnapshot,
  AgentState,
  AgentStateDefinition,
  Connection,
  Contact,
  CtiAgentConfiguration,
  CtiAgentSnapshot,
  CtiAgentState,
  CtiConnection,
  CtiContact,
  Endpoint,
  Queue,
} from './snapshot';

export {
  MasterMethods,
  acknowledgeDataSchema,
  apiRequestSchema,
  apiResponseSchema,
  authFailSchema,
  authorizeResponseSchema,
  broadcastSchema,
  createApiRequest,
  createApiResponse,
  createMasterRequest,
  hostConfigureSchema,
  iframeStyleSchema,
  masterRequestSchema,
  masterResponseSchema,
  masterResultSchema,
  outerContextInfoSchema,
  sharedWorkerConfigSchema,
  tabIdSchema,
  updateConnectedCcpsSchema,
  whitelistedOriginsResponseSchema,
} from './requests';
export type {
  ApiRequest,
  ApiResponse,
  AuthorizeResponse,
  HostConfigure,
  MasterRequest,
  MasterResponse,
  MasterResult,
  SharedWorkerConfig,
} from './requests';

export {
  AgentAppClientMethods,
  ApiProxyClientMethods,
  CLIENT_METHOD_OPERATIONS,
  ClientMethods,
  TransportType,
} from './client-methods';
export {
  CTI_OPERATIONS,
  CTI_OPERATIONS_WITHOUT_AUTHENTICATION,
  CTI_SERVICE,
  ctiAuthenticationSchema,
  ctiOperationSchemas,
  ctiRequiresAuthentication,
  ctiTarget,
  isCtiOperation,
  parseCtiTarget,
} from './cti';
export type { CtiAuthentication, CtiOperation, CtiRequest, CtiResponse } from './cti';

export {
  CTI_ERROR_STATUS,
  CtiErrorType,
  awsErrorBodySchema,
  awsErrorName,
  connectErrorSchema,
} from './errors';
export type { AwsErrorBody, ConnectErrorData } from './errors';

export {
  AGENT_SNAPSHOT_POLL_TIMEOUT_MS,
  CONFIGURATION_LIST_PAGE_SIZE,
  ENDPOINTS_PAGE_SIZE,
  MIN_WEB_SOCKET_TRANSPORT_LIFETIME_S,
  WEB_SOCKET_URL_PATTERN,
} from '../constants';

export type { WireEventName } from './host-extras';
