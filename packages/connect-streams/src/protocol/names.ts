// The wire contract's names as plain `as const` objects, free of zod, so that entries which only
// need the names (the compat layer, @x/voice-id) do not bundle the schemas. enums.ts and events.ts
// build the schemas from these and re-export them.

/**
 * Agent state types.
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
 * System agent-state names.
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
 * Agent error-state names.
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
 * Endpoint (address) types.
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
 * Connection types.
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
 * Connection state types.
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
 * Contact state types.
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
 * Contact types.
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
 * Contact initiation methods.
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
 * Routing channels.
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
 * Media types.
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
 * Softphone call types.
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
 * Softphone error types.
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
 * Monitoring modes.
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
 * Monitoring error types.
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
 * Click types.
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
 * Agent permissions.
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
 * Voice ID speaker statuses.
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
 * Voice ID streaming statuses.
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
 * Contact-flow authentication results.
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
 * Contact-flow fraud-risk results.
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
 * Voice ID enrollment request statuses.
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
 * Voice ID error types.
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
 * Retry states of an error.
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
 * Locales an agent may choose; `UpdateAgentConfiguration` rejects others.
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
 * Site-connection (panel link) states.
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
 * Health-check results.
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
 * Connection states counted as active.
 * @public
 */
export const CONNECTION_ACTIVE_STATES: readonly ConnectionStateType[] = [
  'connecting',
  'connected',
  'hold',
  'silent_monitor',
  'barge',
];

/**
 * Connection states counted as connected.
 * @public
 */
export const CONNECTION_CONNECTED_STATES: readonly ConnectionStateType[] = [
  'connected',
  'silent_monitor',
  'barge',
];

/**
 * Contact states counted as active.
 * @public
 */
export const CONTACT_ACTIVE_STATES: readonly ContactStateType[] = [
  'paused',
  'incoming',
  'pending',
  'connecting',
  'connected',
];

/**
 * Conduit event names (`connect.EventType`). They are bare strings, not namespaced.
 * @public
 */
export const EventType = {
  ACKNOWLEDGE: 'acknowledge',
  ACK_TIMEOUT: 'ack_timeout',
  INIT: 'init',
  API_REQUEST: 'api_request',
  API_RESPONSE: 'api_response',
  AUTH_FAIL: 'auth_fail',
  ACCESS_DENIED: 'access_denied',
  CLOSE: 'close',
  CONFIGURE: 'configure',
  LOG: 'log',
  DOWNLOAD_LOG_FROM_CCP: 'download_log_from_ccp',
  MASTER_REQUEST: 'master_request',
  MASTER_RESPONSE: 'master_response',
  SYNCHRONIZE: 'synchronize',
  TERMINATE: 'terminate',
  TERMINATED: 'terminated',
  SEND_LOGS: 'send_logs',
  RELOAD_AGENT_CONFIGURATION: 'reload_agent_configuration',
  BROADCAST: 'broadcast',
  API_METRIC: 'api_metric',
  CLIENT_METRIC: 'client_metric',
  SOFTPHONE_STATS: 'softphone_stats',
  SOFTPHONE_REPORT: 'softphone_report',
  CLIENT_SIDE_LOGS: 'client_side_logs',
  SERVER_BOUND_INTERNAL_LOG: 'server_bound_internal_log',
  MUTE: 'mute',
  IFRAME_STYLE: 'iframe_style',
  IFRAME_RETRIES_EXHAUSTED: 'iframe_retries_exhausted',
  UPDATE_CONNECTED_CCPS: 'update_connected_ccps',
  OUTER_CONTEXT_INFO: 'outer_context_info',
  MEDIA_DEVICE_REQUEST: 'media_device_request',
  MEDIA_DEVICE_RESPONSE: 'media_device_response',
  TAB_ID: 'tab_id',
  AUTHORIZE_SUCCESS: 'authorize_success',
  AUTHORIZE_RETRIES_EXHAUSTED: 'authorize_retries_exhausted',
  CTI_AUTHORIZE_RETRIES_EXHAUSTED: 'cti_authorize_retries_exhausted',
  CLICK_STREAM_DATA: 'click_stream_data',
  SET_QUICK_GET_AGENT_SNAPSHOT_FLAG: 'set_quick_get_agent_snapshot_flag',
  API_PROXY_REQUEST: 'api_proxy_request',
  API_PROXY_RESPONSE: 'api_proxy_response',
  REQUEST_CONFIGURE: 'request_configure',
  /** Added in streams 2.28. */
  CROSS_REGION_CSM_CONFIG: 'cross_region_csm_config',
} as const;

/**
 * One value of the `EventType` constant.
 * @public
 */
export type EventType = (typeof EventType)[keyof typeof EventType];

/**
 * Master-tab topics (`connect.MasterTopics`), the `topic` of a `master_request`.
 * @public
 */
export const MasterTopics = {
  LOGIN_POPUP: 'connect::loginPopup',
  SEND_LOGS: 'connect::sendLogs',
  SOFTPHONE: 'connect::softphone',
  RINGTONE: 'connect::ringtone',
  METRICS: 'connect::metrics',
  FAILOVER: 'connect::failover',
} as const;

/**
 * One value of the `MasterTopics` constant.
 * @public
 */
export type MasterTopics = (typeof MasterTopics)[keyof typeof MasterTopics];

/**
 * Agent event names (`connect.AgentEvents`), namespaced `agent::`.
 * @public
 */
export const AgentEvents = {
  INIT: 'agent::init',
  UPDATE: 'agent::update',
  REFRESH: 'agent::refresh',
  ROUTABLE: 'agent::routable',
  NOT_ROUTABLE: 'agent::not_routable',
  PENDING: 'agent::pending',
  CONTACT_PENDING: 'agent::contact_pending',
  OFFLINE: 'agent::offline',
  ERROR: 'agent::error',
  SOFTPHONE_ERROR: 'agent::softphone_error',
  WEBSOCKET_CONNECTION_LOST: 'agent::websocket_connection_lost',
  WEBSOCKET_CONNECTION_GAINED: 'agent::websocket_connection_gained',
  STATE_CHANGE: 'agent::state_change',
  ACW: 'agent::acw',
  MUTE_TOGGLE: 'agent::mute_toggle',
  LOCAL_MEDIA_STREAM_CREATED: 'agent::local_media_stream_created',
  ENQUEUED_NEXT_STATE: 'agent::enqueued_next_state',
  /** Added in streams 2.28. */
  CLEARED_NEXT_STATE: 'agent::cleared_next_state',
  FETCH_AGENT_DATA_FROM_CCP: 'agent::fetch_agent_data_from_ccp',
} as const;

/**
 * One value of the `AgentEvents` constant.
 * @public
 */
export type AgentEvents = (typeof AgentEvents)[keyof typeof AgentEvents];

/**
 * Contact event names (`connect.ContactEvents`), namespaced `contact::`; per contact they are suffixed `::<contactId>` (see {@link contactEventName}).
 * @public
 */
export const ContactEvents = {
  INIT: 'contact::init',
  REFRESH: 'contact::refresh',
  DESTROYED: 'contact::destroyed',
  INCOMING: 'contact::incoming',
  PENDING: 'contact::pending',
  CONNECTING: 'contact::connecting',
  CONNECTED: 'contact::connected',
  MISSED: 'contact::missed',
  ACW: 'contact::acw',
  VIEW: 'contact::view',
  ENDED: 'contact::ended',
  ERROR: 'contact::error',
  ACCEPTED: 'contact::accepted',
  INVALID_STATE_TRANSITION: 'contact::invalid_state_transition',
  SCREEN_SHARING_STARTED: 'contact::screen_sharing_started',
  SCREEN_SHARING_STOPPED: 'contact::screen_sharing_stopped',
  SCREEN_SHARING_ERROR: 'contact::screen_sharing_error',
} as const;

/**
 * One value of the `ContactEvents` constant.
 * @public
 */
export type ContactEvents = (typeof ContactEvents)[keyof typeof ContactEvents];

/**
 * Web-socket manager event names relayed on the conduit (`connect.WebSocketEvents`).
 * @public
 */
export const WebSocketEvents = {
  INIT_FAILURE: 'webSocket::init_failure',
  CONNECTION_OPEN: 'webSocket::connection_open',
  CONNECTION_CLOSE: 'webSocket::connection_close',
  CONNECTION_ERROR: 'webSocket::connection_error',
  CONNECTION_GAIN: 'webSocket::connection_gain',
  CONNECTION_LOST: 'webSocket::connection_lost',
  SUBSCRIPTION_UPDATE: 'webSocket::subscription_update',
  SUBSCRIPTION_FAILURE: 'webSocket::subscription_failure',
  ALL_MESSAGE: 'webSocket::all_message',
  SEND: 'webSocket::send',
  SUBSCRIBE: 'webSocket::subscribe',
} as const;

/**
 * One value of the `WebSocketEvents` constant.
 * @public
 */
export type WebSocketEvents = (typeof WebSocketEvents)[keyof typeof WebSocketEvents];

/**
 * Device and configuration event names (`connect.ConfigurationEvents`).
 * @public
 */
export const ConfigurationEvents = {
  CONFIGURE: 'configuration::configure',
  SET_SPEAKER_DEVICE: 'configuration::set_speaker_device',
  SET_MICROPHONE_DEVICE: 'configuration::set_microphone_device',
  SET_RINGER_DEVICE: 'configuration::set_ringer_device',
  SPEAKER_DEVICE_CHANGED: 'configuration::speaker_device_changed',
  MICROPHONE_DEVICE_CHANGED: 'configuration::microphone_device_changed',
  RINGER_DEVICE_CHANGED: 'configuration::ringer_device_changed',
  CAMERA_DEVICE_CHANGED: 'configuration::camera_device_changed',
  BACKGROUND_BLUR_CHANGED: 'configuration::background_blur_changed',
} as const;

/**
 * One value of the `ConfigurationEvents` constant.
 * @public
 */
export type ConfigurationEvents = (typeof ConfigurationEvents)[keyof typeof ConfigurationEvents];

/**
 * Softphone connection-session event names (`connect.ConnectionEvents`).
 * @public
 */
export const ConnectionEvents = {
  SESSION_INIT: 'connection::session_init',
  READY_TO_START_SESSION: 'connection::ready_to_start_session',
} as const;

/**
 * One value of the `ConnectionEvents` constant.
 * @public
 */
export type ConnectionEvents = (typeof ConnectionEvents)[keyof typeof ConnectionEvents];

/**
 * Channel-view event names (`connect.ChannelViewEvents`).
 * @public
 */
export const ChannelViewEvents = {
  ACTIVATE_CHANNEL_WITH_VIEW_TYPE: 'taskList::activate_channel_with_view_type',
} as const;

/**
 * One value of the `ChannelViewEvents` constant.
 * @public
 */
export type ChannelViewEvents = (typeof ChannelViewEvents)[keyof typeof ChannelViewEvents];

/**
 * Task event names (`connect.TaskEvents`).
 * @public
 */
export const TaskEvents = {
  CREATED: 'task::created',
} as const;

/**
 * One value of the `TaskEvents` constant.
 * @public
 */
export type TaskEvents = (typeof TaskEvents)[keyof typeof TaskEvents];

/**
 * Email event names (`connect.EmailEvents`).
 * @public
 */
export const EmailEvents = {
  CREATED: 'email::created',
} as const;

/**
 * One value of the `EmailEvents` constant.
 * @public
 */
export type EmailEvents = (typeof EmailEvents)[keyof typeof EmailEvents];

/**
 * Voice ID event names (`connect.VoiceIdEvents`).
 * @public
 */
export const VoiceIdEvents = {
  UPDATE_DOMAIN_ID: 'voiceId::update_domain_id',
} as const;

/**
 * One value of the `VoiceIdEvents` constant.
 * @public
 */
export type VoiceIdEvents = (typeof VoiceIdEvents)[keyof typeof VoiceIdEvents];

/**
 * Disaster-recovery event names (`connect.DisasterRecoveryEvents`).
 * @public
 */
export const DisasterRecoveryEvents = {
  SUPPRESS: 'disasterRecovery::suppress',
  FORCE_OFFLINE: 'disasterRecovery::force_offline',
  SET_OFFLINE: 'disasterRecovery::set_offline',
  INIT_DISASTER_RECOVERY: 'disasterRecovery::init_disaster_recovery',
  FAILOVER: 'disasterRecovery::failover',
  FAILOVER_PENDING: 'disasterRecovery::failover_pending',
  INIT_DR_POLLING: 'disasterRecovery::init_dr_polling',
} as const;

/**
 * One value of the `DisasterRecoveryEvents` constant.
 * @public
 */
export type DisasterRecoveryEvents =
  (typeof DisasterRecoveryEvents)[keyof typeof DisasterRecoveryEvents];

/**
 * Global-resiliency event names (`connect.GlobalResiliencyEvents`).
 * @public
 */
export const GlobalResiliencyEvents = {
  CONFIGURE: 'globalResiliency::configure',
  CONFIGURE_CCP_CONDUIT: 'globalResiliency::configure_ccp_conduit',
  INIT: 'globalResiliency::init',
  CONFIGURE_ERROR: 'globalResiliency::configure_error',
  /** Added in streams 2.28. */
  VALIDATE_GLOBAL_SIGNIN: 'globalResiliency::validate_global_signin',
  /** Added in streams 2.28. */
  GLOBAL_SIGNIN_VALID: 'globalResiliency::global_signin_valid',
  /** Added in streams 2.28. */
  GLOBAL_SIGNIN_INVALID: 'globalResiliency::global_signin_invalid',
  /** Added in streams 2.28. */
  FAILOVER_DETECTED: 'globalResiliency::failover_detected',
  /** Added in streams 2.28. */
  FAILOVER_DETECTED_CRM: 'globalResiliency::failover_detected_crm',
  FAILOVER_INITIATED: 'globalResiliency::failover_initiated',
  FAILOVER_PENDING: 'globalResiliency::failover_pending',
  FAILOVER_PENDING_CRM: 'globalResiliency::failover_pending_crm',
  FAILOVER_COMPLETE: 'globalResiliency::failover_complete',
  HEARTBEAT_SYN: 'globalResiliency::heartbeat_syn',
  HEARTBEAT_ACK: 'globalResiliency::heartbeat_ack',
  /** Added in streams 2.28. */
  FORCE_FAILOVER: 'globalResiliency::force_failover',
} as const;

/**
 * One value of the `GlobalResiliencyEvents` constant.
 * @public
 */
export type GlobalResiliencyEvents =
  (typeof GlobalResiliencyEvents)[keyof typeof GlobalResiliencyEvents];

/**
 * The per-contact event name `contact::<evt>::<contactId>` (`core.getContactEventName`).
 * @example
 * ```ts
 * contactEventName(ContactEvents.ACCEPTED, 'c-1'); // 'contact::accepted::c-1'
 * ```
 * @public
 */
export function contactEventName(event: ContactEvents, contactId: string): string {
  return `${event}::${contactId}`;
}

/**
 * The telephony exceptions of the CTI service.
 * @public
 */
export const CTIExceptions = {
  ACCESS_DENIED_EXCEPTION: 'AccessDeniedException',
  INVALID_STATE_EXCEPTION: 'InvalidStateException',
  BAD_ENDPOINT_EXCEPTION: 'BadEndpointException',
  INVALID_AGENT_ARNEXCEPTION: 'InvalidAgentARNException',
  INVALID_CONFIGURATION_EXCEPTION: 'InvalidConfigurationException',
  INVALID_CONTACT_TYPE_EXCEPTION: 'InvalidContactTypeException',
  PAGINATION_EXCEPTION: 'PaginationException',
  REFRESH_TOKEN_EXPIRED_EXCEPTION: 'RefreshTokenExpiredException',
  SEND_DATA_FAILED_EXCEPTION: 'SendDataFailedException',
  UNAUTHORIZED_EXCEPTION: 'UnauthorizedException',
  QUOTA_EXCEEDED_EXCEPTION: 'QuotaExceededException',
} as const;

/**
 * One value of the `CTIExceptions` constant.
 * @public
 */
export type CTIExceptions = (typeof CTIExceptions)[keyof typeof CTIExceptions];
