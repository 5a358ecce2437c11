import { z } from 'zod';

/**
 * Agent state types (spec §3).
 * @public
 */
export const AgentStateType = {
  INIT: 'init',
  ROUTABLE: 'routable',
  NOT_ROUTABLE: 'not_routable',
  OFFLINE: 'offline',
  SYSTEM: 'system',
  ERROR: 'error',
} as const;

/**
 * One value of the `AgentStateType` constant.
 * @public
 */
export type AgentStateType = (typeof AgentStateType)[keyof typeof AgentStateType];

/**
 * Validates one value of the `AgentStateType` constant.
 * @public
 */
export const agentStateTypeSchema = z.enum(AgentStateType);

/**
 * System agent-state names (spec §3 "Available states").
 * @public
 */
export const AgentAvailStates = {
  INIT: 'Init',
  BUSY: 'Busy',
  AFTER_CALL_WORK: 'AfterCallWork',
  CALLING_CUSTOMER: 'CallingCustomer',
  DIALING: 'Dialing',
  JOINING: 'Joining',
  PENDING_AVAILABLE: 'PendingAvailable',
  PENDING_BUSY: 'PendingBusy',
} as const;

/**
 * One value of the `AgentAvailStates` constant.
 * @public
 */
export type AgentAvailStates = (typeof AgentAvailStates)[keyof typeof AgentAvailStates];

/**
 * Validates one value of the `AgentAvailStates` constant.
 * @public
 */
export const agentAvailStateSchema = z.enum(AgentAvailStates);

/**
 * Agent error-state names (spec §3).
 * @public
 */
export const AgentErrorStates = {
  ERROR: 'Error',
  AGENT_HUNG_UP: 'AgentHungUp',
  BAD_ADDRESS_AGENT: 'BadAddressAgent',
  BAD_ADDRESS_CUSTOMER: 'BadAddressCustomer',
  DEFAULT: 'Default',
  FAILED_CONNECT_AGENT: 'FailedConnectAgent',
  FAILED_CONNECT_CUSTOMER: 'FailedConnectCustomer',
  INVALID_LOCALE: 'InvalidLocale',
  LINE_ENGAGED_AGENT: 'LineEngagedAgent',
  LINE_ENGAGED_CUSTOMER: 'LineEngagedCustomer',
  MISSED_CALL_AGENT: 'MissedCallAgent',
  MISSED_CALL_CUSTOMER: 'MissedCallCustomer',
  MULTIPLE_CCP_WINDOWS: 'MultipleCcpWindows',
  REALTIME_COMMUNICATION_ERROR: 'RealtimeCommunicationError',
} as const;

/**
 * One value of the `AgentErrorStates` constant.
 * @public
 */
export type AgentErrorStates = (typeof AgentErrorStates)[keyof typeof AgentErrorStates];

/**
 * Validates one value of the `AgentErrorStates` constant.
 * @public
 */
export const agentErrorStateSchema = z.enum(AgentErrorStates);

/**
 * Endpoint (address) types (spec §3).
 * @public
 */
export const EndpointType = {
  PHONE_NUMBER: 'phone_number',
  AGENT: 'agent',
  QUEUE: 'queue',
} as const;

/**
 * One value of the `EndpointType` constant.
 * @public
 */
export type EndpointType = (typeof EndpointType)[keyof typeof EndpointType];

/**
 * Validates one value of the `EndpointType` constant.
 * @public
 */
export const endpointTypeSchema = z.enum(EndpointType);

/**
 * Connection types (spec §3).
 * @public
 */
export const ConnectionType = {
  AGENT: 'agent',
  INBOUND: 'inbound',
  OUTBOUND: 'outbound',
  MONITORING: 'monitoring',
} as const;

/**
 * One value of the `ConnectionType` constant.
 * @public
 */
export type ConnectionType = (typeof ConnectionType)[keyof typeof ConnectionType];

/**
 * Validates one value of the `ConnectionType` constant.
 * @public
 */
export const connectionTypeSchema = z.enum(ConnectionType);

/**
 * Connection state types (spec §3).
 * @public
 */
export const ConnectionStateType = {
  INIT: 'init',
  CONNECTING: 'connecting',
  CONNECTED: 'connected',
  HOLD: 'hold',
  DISCONNECTED: 'disconnected',
  SILENT_MONITOR: 'silent_monitor',
  BARGE: 'barge',
} as const;

/**
 * One value of the `ConnectionStateType` constant.
 * @public
 */
export type ConnectionStateType = (typeof ConnectionStateType)[keyof typeof ConnectionStateType];

/**
 * Validates one value of the `ConnectionStateType` constant.
 * @public
 */
export const connectionStateTypeSchema = z.enum(ConnectionStateType);

/**
 * Contact state types (spec §3).
 * @public
 */
export const ContactStateType = {
  INIT: 'init',
  INCOMING: 'incoming',
  PENDING: 'pending',
  CONNECTING: 'connecting',
  CONNECTED: 'connected',
  MISSED: 'missed',
  ERROR: 'error',
  ENDED: 'ended',
  REJECTED: 'rejected',
  PAUSED: 'paused',
} as const;

/**
 * One value of the `ContactStateType` constant.
 * @public
 */
export type ContactStateType = (typeof ContactStateType)[keyof typeof ContactStateType];

/**
 * Validates one value of the `ContactStateType` constant.
 * @public
 */
export const contactStateTypeSchema = z.enum(ContactStateType);

/**
 * Contact types (spec §3).
 * @public
 */
export const ContactType = {
  VOICE: 'voice',
  QUEUE_CALLBACK: 'queue_callback',
  CHAT: 'chat',
  TASK: 'task',
  EMAIL: 'email',
} as const;

/**
 * One value of the `ContactType` constant.
 * @public
 */
export type ContactType = (typeof ContactType)[keyof typeof ContactType];

/**
 * Validates one value of the `ContactType` constant.
 * @public
 */
export const contactTypeSchema = z.enum(ContactType);

/**
 * Contact initiation methods (spec §3).
 * @public
 */
export const ContactInitiationMethod = {
  INBOUND: 'inbound',
  OUTBOUND: 'outbound',
  TRANSFER: 'transfer',
  QUEUE_TRANSFER: 'queue_transfer',
  CALLBACK: 'callback',
  API: 'api',
  DISCONNECT: 'disconnect',
  WEBRTC_API: 'webrtc_api',
  AGENT_REPLY: 'agent_reply',
  /** Added in streams 2.28. */
  CAMPAIGN_PREVIEW: 'campaign_preview',
  /** Added in streams 2.28. */
  EXTERNAL_OUTBOUND: 'external_outbound',
  /** Added in streams 2.28. */
  MONITOR: 'monitor',
  /** Added in streams 2.28. */
  FLOW: 'flow',
  /** Added in streams 2.28. */
  CALLBACK_CUSTOMER_FIRST_QUEUED: 'callback_customer_first_queued',
  /** Added in streams 2.28. */
  CALLBACK_CUSTOMER_FIRST_DIALED: 'callback_customer_first_dialed',
} as const;

/**
 * One value of the `ContactInitiationMethod` constant.
 * @public
 */
export type ContactInitiationMethod =
  (typeof ContactInitiationMethod)[keyof typeof ContactInitiationMethod];

/**
 * Validates one value of the `ContactInitiationMethod` constant.
 * @public
 */
export const contactInitiationMethodSchema = z.enum(ContactInitiationMethod);

/**
 * Routing channels (spec §3).
 * @public
 */
export const ChannelType = {
  VOICE: 'VOICE',
  CHAT: 'CHAT',
  TASK: 'TASK',
} as const;

/**
 * One value of the `ChannelType` constant.
 * @public
 */
export type ChannelType = (typeof ChannelType)[keyof typeof ChannelType];

/**
 * Validates one value of the `ChannelType` constant.
 * @public
 */
export const channelTypeSchema = z.enum(ChannelType);

/**
 * Media types (spec §3).
 * @public
 */
export const MediaType = {
  SOFTPHONE: 'softphone',
  CHAT: 'chat',
  TASK: 'task',
  EMAIL: 'email',
} as const;

/**
 * One value of the `MediaType` constant.
 * @public
 */
export type MediaType = (typeof MediaType)[keyof typeof MediaType];

/**
 * Validates one value of the `MediaType` constant.
 * @public
 */
export const mediaTypeSchema = z.enum(MediaType);

/**
 * Softphone call types (spec §3).
 * @public
 */
export const SoftphoneCallType = {
  AUDIO_VIDEO: 'audio_video',
  VIDEO_ONLY: 'video_only',
  AUDIO_ONLY: 'audio_only',
  NONE: 'none',
} as const;

/**
 * One value of the `SoftphoneCallType` constant.
 * @public
 */
export type SoftphoneCallType = (typeof SoftphoneCallType)[keyof typeof SoftphoneCallType];

/**
 * Validates one value of the `SoftphoneCallType` constant.
 * @public
 */
export const softphoneCallTypeSchema = z.enum(SoftphoneCallType);

/**
 * Softphone error types (spec §8).
 * @public
 */
export const SoftphoneErrorTypes = {
  UNSUPPORTED_BROWSER: 'unsupported_browser',
  MICROPHONE_NOT_SHARED: 'microphone_not_shared',
  SIGNALLING_HANDSHAKE_FAILURE: 'signalling_handshake_failure',
  SIGNALLING_CONNECTION_FAILURE: 'signalling_connection_failure',
  ICE_COLLECTION_TIMEOUT: 'ice_collection_timeout',
  USER_BUSY_ERROR: 'user_busy_error',
  WEBRTC_ERROR: 'webrtc_error',
  REALTIME_COMMUNICATION_ERROR: 'realtime_communication_error',
  VDI_STRATEGY_NOT_SUPPORTED: 'vdi_strategy_not_supported',
  VDI_REDIR_NOT_SUPPORTED: 'vdi_redir_not_supported',
  OTHER: 'other',
} as const;

/**
 * One value of the `SoftphoneErrorTypes` constant.
 * @public
 */
export type SoftphoneErrorTypes = (typeof SoftphoneErrorTypes)[keyof typeof SoftphoneErrorTypes];

/**
 * Validates one value of the `SoftphoneErrorTypes` constant.
 * @public
 */
export const softphoneErrorTypeSchema = z.enum(SoftphoneErrorTypes);

/**
 * Monitoring modes (spec §3).
 * @public
 */
export const MonitoringMode = {
  SILENT_MONITOR: 'SILENT_MONITOR',
  BARGE: 'BARGE',
} as const;

/**
 * One value of the `MonitoringMode` constant.
 * @public
 */
export type MonitoringMode = (typeof MonitoringMode)[keyof typeof MonitoringMode];

/**
 * Validates one value of the `MonitoringMode` constant.
 * @public
 */
export const monitoringModeSchema = z.enum(MonitoringMode);

/**
 * Monitoring error types (spec §4).
 * @public
 */
export const MonitoringErrorTypes = {
  INVALID_TARGET_STATE: 'invalid_target_state',
} as const;

/**
 * One value of the `MonitoringErrorTypes` constant.
 * @public
 */
export type MonitoringErrorTypes = (typeof MonitoringErrorTypes)[keyof typeof MonitoringErrorTypes];

/**
 * Click types (spec §3).
 * @public
 */
export const ClickType = {
  ACCEPT: 'Accept',
  REJECT: 'Reject',
  HANGUP: 'Hangup',
} as const;

/**
 * One value of the `ClickType` constant.
 * @public
 */
export type ClickType = (typeof ClickType)[keyof typeof ClickType];

/**
 * Agent permissions (spec §3, §6).
 * @public
 */
export const AgentPermissions = {
  OUTBOUND_CALL: 'outboundCall',
  VOICE_ID: 'voiceId',
} as const;

/**
 * One value of the `AgentPermissions` constant.
 * @public
 */
export type AgentPermissions = (typeof AgentPermissions)[keyof typeof AgentPermissions];

/**
 * Voice ID speaker statuses (spec §3).
 * @public
 */
export const VoiceIdSpeakerStatus = {
  OPTED_OUT: 'OPTED_OUT',
  ENROLLED: 'ENROLLED',
  PENDING: 'PENDING',
} as const;

/**
 * One value of the `VoiceIdSpeakerStatus` constant.
 * @public
 */
export type VoiceIdSpeakerStatus = (typeof VoiceIdSpeakerStatus)[keyof typeof VoiceIdSpeakerStatus];

/**
 * Voice ID streaming statuses (spec §3).
 * @public
 */
export const VoiceIdStreamingStatus = {
  ONGOING: 'ONGOING',
  ENDED: 'ENDED',
  PENDING_CONFIGURATION: 'PENDING_CONFIGURATION',
} as const;

/**
 * One value of the `VoiceIdStreamingStatus` constant.
 * @public
 */
export type VoiceIdStreamingStatus =
  (typeof VoiceIdStreamingStatus)[keyof typeof VoiceIdStreamingStatus];

/**
 * Voice ID authentication decisions.
 * @public
 */
export const VoiceIdAuthenticationDecision = {
  ACCEPT: 'ACCEPT',
  REJECT: 'REJECT',
  NOT_ENOUGH_SPEECH: 'NOT_ENOUGH_SPEECH',
  SPEAKER_NOT_ENROLLED: 'SPEAKER_NOT_ENROLLED',
  SPEAKER_OPTED_OUT: 'SPEAKER_OPTED_OUT',
  SPEAKER_ID_NOT_PROVIDED: 'SPEAKER_ID_NOT_PROVIDED',
  SPEAKER_EXPIRED: 'SPEAKER_EXPIRED',
} as const;

/**
 * One value of the `VoiceIdAuthenticationDecision` constant.
 * @public
 */
export type VoiceIdAuthenticationDecision =
  (typeof VoiceIdAuthenticationDecision)[keyof typeof VoiceIdAuthenticationDecision];

/**
 * Voice ID fraud-detection decisions.
 * @public
 */
export const VoiceIdFraudDetectionDecision = {
  NOT_ENOUGH_SPEECH: 'NOT_ENOUGH_SPEECH',
  HIGH_RISK: 'HIGH_RISK',
  LOW_RISK: 'LOW_RISK',
} as const;

/**
 * One value of the `VoiceIdFraudDetectionDecision` constant.
 * @public
 */
export type VoiceIdFraudDetectionDecision =
  (typeof VoiceIdFraudDetectionDecision)[keyof typeof VoiceIdFraudDetectionDecision];

/**
 * Contact-flow authentication results (spec §4).
 * @public
 */
export const ContactFlowAuthenticationDecision = {
  AUTHENTICATED: 'Authenticated',
  NOT_AUTHENTICATED: 'NotAuthenticated',
  INCONCLUSIVE: 'Inconclusive',
  NOT_ENROLLED: 'NotEnrolled',
  OPTED_OUT: 'OptedOut',
  NOT_ENABLED: 'NotEnabled',
  ERROR: 'Error',
} as const;

/**
 * One value of the `ContactFlowAuthenticationDecision` constant.
 * @public
 */
export type ContactFlowAuthenticationDecision =
  (typeof ContactFlowAuthenticationDecision)[keyof typeof ContactFlowAuthenticationDecision];

/**
 * Contact-flow fraud-risk results (spec §4).
 * @public
 */
export const ContactFlowFraudDetectionDecision = {
  HIGH_RISK: 'HighRisk',
  LOW_RISK: 'LowRisk',
  INCONCLUSIVE: 'Inconclusive',
  NOT_ENABLED: 'NotEnabled',
  ERROR: 'Error',
} as const;

/**
 * One value of the `ContactFlowFraudDetectionDecision` constant.
 * @public
 */
export type ContactFlowFraudDetectionDecision =
  (typeof ContactFlowFraudDetectionDecision)[keyof typeof ContactFlowFraudDetectionDecision];

/**
 * Voice ID enrollment request statuses (spec §4).
 * @public
 */
export const VoiceIdEnrollmentRequestStatus = {
  NOT_ENOUGH_SPEECH: 'NOT_ENOUGH_SPEECH',
  IN_PROGRESS: 'IN_PROGRESS',
  COMPLETED: 'COMPLETED',
  FAILED: 'FAILED',
} as const;

/**
 * One value of the `VoiceIdEnrollmentRequestStatus` constant.
 * @public
 */
export type VoiceIdEnrollmentRequestStatus =
  (typeof VoiceIdEnrollmentRequestStatus)[keyof typeof VoiceIdEnrollmentRequestStatus];

/**
 * Voice ID error types (spec §8).
 * @public
 */
export const VoiceIdErrorTypes = {
  NO_SPEAKER_ID_FOUND: 'no_speaker_id_found',
  SPEAKER_ID_NOT_ENROLLED: 'speaker_id_not_enrolled',
  GET_SPEAKER_ID_FAILED: 'get_speaker_id_failed',
  GET_SPEAKER_STATUS_FAILED: 'get_speaker_status_failed',
  OPT_OUT_SPEAKER_FAILED: 'opt_out_speaker_failed',
  OPT_OUT_SPEAKER_IN_LCMS_FAILED: 'opt_out_speaker_in_lcms_failed',
  DELETE_SPEAKER_FAILED: 'delete_speaker_failed',
  START_SESSION_FAILED: 'start_session_failed',
  EVALUATE_SPEAKER_FAILED: 'evaluate_speaker_failed',
  SESSION_NOT_EXISTS: 'session_not_exists',
  DESCRIBE_SESSION_FAILED: 'describe_session_failed',
  ENROLL_SPEAKER_FAILED: 'enroll_speaker_failed',
  UPDATE_SPEAKER_ID_FAILED: 'update_speaker_id_failed',
  UPDATE_SPEAKER_ID_IN_LCMS_FAILED: 'update_speaker_id_in_lcms_failed',
  NOT_SUPPORTED_ON_CONFERENCE_CALLS: 'not_supported_on_conference_calls',
  ENROLL_SPEAKER_TIMEOUT: 'enroll_speaker_timeout',
  EVALUATE_SPEAKER_TIMEOUT: 'evaluate_speaker_timeout',
  GET_DOMAIN_ID_FAILED: 'get_domain_id_failed',
  NO_DOMAIN_ID_FOUND: 'no_domain_id_found',
} as const;

/**
 * One value of the `VoiceIdErrorTypes` constant.
 * @public
 */
export type VoiceIdErrorTypes = (typeof VoiceIdErrorTypes)[keyof typeof VoiceIdErrorTypes];

/**
 * Customer-authentication statuses in segment attributes.
 * @public
 */
export const CustomerAuthenticationStatus = {
  AUTHENTICATED: 'AUTHENTICATED',
  FAILED: 'FAILED',
  TIMEOUT: 'TIMEOUT',
} as const;

/**
 * One value of the `CustomerAuthenticationStatus` constant.
 * @public
 */
export type CustomerAuthenticationStatus =
  (typeof CustomerAuthenticationStatus)[keyof typeof CustomerAuthenticationStatus];

/**
 * Video capability values.
 * @public
 */
export const VideoCapability = {
  SEND: 'SEND',
} as const;

/**
 * One value of the `VideoCapability` constant.
 * @public
 */
export type VideoCapability = (typeof VideoCapability)[keyof typeof VideoCapability];

/**
 * Screen-share capability values.
 * @public
 */
export const ScreenShareCapability = {
  SEND: 'SEND',
} as const;

/**
 * One value of the `ScreenShareCapability` constant.
 * @public
 */
export type ScreenShareCapability =
  (typeof ScreenShareCapability)[keyof typeof ScreenShareCapability];

/**
 * Retry states of an error (spec §3).
 * @public
 */
export const RetryStatus = {
  RETRYING: 'retrying',
  EXHAUSTED: 'exhausted',
  NONE: 'none',
} as const;

/**
 * One value of the `RetryStatus` constant.
 * @public
 */
export type RetryStatus = (typeof RetryStatus)[keyof typeof RetryStatus];

/**
 * Validates one value of the `RetryStatus` constant.
 * @public
 */
export const retryStatusSchema = z.enum(RetryStatus);

/**
 * Network connection statuses.
 * @public
 */
export const NetworkConnectionStatus = {
  /** Added in streams 2.28. */
  CONNECTED: 'connected',
  /** Added in streams 2.28. */
  CONNECTING: 'connecting',
  /** Added in streams 2.28. */
  DISCONNECTED: 'disconnected',
  /** Added in streams 2.28. */
  FAILED: 'failed',
} as const;

/**
 * One value of the `NetworkConnectionStatus` constant.
 * @public
 */
export type NetworkConnectionStatus =
  (typeof NetworkConnectionStatus)[keyof typeof NetworkConnectionStatus];

/**
 * Global-resiliency configure error types.
 * @public
 */
export const GlobalResiliencyConfigureErrorType = {
  /** Added in streams 2.28. */
  LILY_AGENT_CONFIG_MISSING: 'LILY_AGENT_CONFIG_MISSING',
  /** Added in streams 2.28. */
  LILY_AGENT_CONFIG_PARSE_ERROR: 'LILY_AGENT_CONFIG_PARSE_ERROR',
} as const;

/**
 * One value of the `GlobalResiliencyConfigureErrorType` constant.
 * @public
 */
export type GlobalResiliencyConfigureErrorType =
  (typeof GlobalResiliencyConfigureErrorType)[keyof typeof GlobalResiliencyConfigureErrorType];

/**
 * Locales an agent may choose (spec §3 "Supported locales"); `UpdateAgentConfiguration` rejects others.
 * @public
 */
export const SUPPORTED_LOCALES = [
  'en_US',
  'de_DE',
  'es_ES',
  'fr_FR',
  'ja_JP',
  'it_IT',
  'ko_KR',
  'pt_BR',
  'zh_CN',
  'zh_TW',
] as const;

/**
 * One of {@link SUPPORTED_LOCALES}.
 * @public
 */
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

/**
 * Validates a supported locale.
 * @public
 */
export const supportedLocaleSchema = z.enum(SUPPORTED_LOCALES);

/**
 * Site-connection (panel link) states (spec §3, §4).
 * @public
 */
export const SiteConnectionState = {
  NOT_CONNECTED: 'notConnected',
  CONNECTING: 'connecting',
  INITIALIZING: 'initializing',
  READY: 'ready',
} as const;

/**
 * One value of the `SiteConnectionState` constant.
 * @public
 */
export type SiteConnectionState = (typeof SiteConnectionState)[keyof typeof SiteConnectionState];

/**
 * Health-check results (spec §3).
 * @public
 */
export const HealthCheckResult = {
  UNKNOWN: 'unknown',
  HEALTHY: 'healthy',
  UNHEALTHY: 'unhealthy',
} as const;

/**
 * One value of the `HealthCheckResult` constant.
 * @public
 */
export type HealthCheckResult = (typeof HealthCheckResult)[keyof typeof HealthCheckResult];

/**
 * Connection states counted as active (spec §4 "Activity classification").
 * @public
 */
export const CONNECTION_ACTIVE_STATES: readonly ConnectionStateType[] = [
  ConnectionStateType.CONNECTING,
  ConnectionStateType.CONNECTED,
  ConnectionStateType.HOLD,
  ConnectionStateType.SILENT_MONITOR,
  ConnectionStateType.BARGE,
];

/**
 * Connection states counted as connected (spec §4 "Activity classification").
 * @public
 */
export const CONNECTION_CONNECTED_STATES: readonly ConnectionStateType[] = [
  ConnectionStateType.CONNECTED,
  ConnectionStateType.SILENT_MONITOR,
  ConnectionStateType.BARGE,
];

/**
 * Contact states counted as active (spec §4 "Activity classification").
 * @public
 */
export const CONTACT_ACTIVE_STATES: readonly ContactStateType[] = [
  ContactStateType.PAUSED,
  ContactStateType.INCOMING,
  ContactStateType.PENDING,
  ContactStateType.CONNECTING,
  ContactStateType.CONNECTED,
];
