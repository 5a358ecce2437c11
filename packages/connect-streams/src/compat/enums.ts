// The enumerations of the global `connect` object, with the exact keys and values of
// amazon-connect-streams 2.18.7 (so that code written against it reads the same values).

/** `connect.AgentStateType` (amazon-connect-streams 2.18). @public */
export const AgentStateType = Object.freeze({
  INIT: 'init',
  ROUTABLE: 'routable',
  NOT_ROUTABLE: 'not_routable',
  OFFLINE: 'offline',
  SYSTEM: 'system',
  ERROR: 'error',
} as const);

/** `connect.AgentAvailStates` (amazon-connect-streams 2.18). @public */
export const AgentAvailStates = Object.freeze({
  INIT: 'Init',
  BUSY: 'Busy',
  AFTER_CALL_WORK: 'AfterCallWork',
  CALLING_CUSTOMER: 'CallingCustomer',
  DIALING: 'Dialing',
  JOINING: 'Joining',
  PENDING_AVAILABLE: 'PendingAvailable',
  PENDING_BUSY: 'PendingBusy',
} as const);

/** `connect.AgentErrorStates` (amazon-connect-streams 2.18). @public */
export const AgentErrorStates = Object.freeze({
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
} as const);

/** `connect.AgentStatusType` (amazon-connect-streams 2.18). @public */
export const AgentStatusType = Object.freeze({
  INIT: 'init',
  ROUTABLE: 'routable',
  NOT_ROUTABLE: 'not_routable',
  OFFLINE: 'offline',
  SYSTEM: 'system',
  ERROR: 'error',
} as const);

/** `connect.ConnectionType` (amazon-connect-streams 2.18). @public */
export const ConnectionType = Object.freeze({
  AGENT: 'agent',
  INBOUND: 'inbound',
  OUTBOUND: 'outbound',
  MONITORING: 'monitoring',
} as const);

/** `connect.ConnectionStateType` (amazon-connect-streams 2.18). @public */
export const ConnectionStateType = Object.freeze({
  INIT: 'init',
  CONNECTING: 'connecting',
  CONNECTED: 'connected',
  HOLD: 'hold',
  DISCONNECTED: 'disconnected',
  SILENT_MONITOR: 'silent_monitor',
  BARGE: 'barge',
} as const);

/** `connect.ConnectionStatusType` (amazon-connect-streams 2.18). @public */
export const ConnectionStatusType = Object.freeze({
  INIT: 'init',
  CONNECTING: 'connecting',
  CONNECTED: 'connected',
  HOLD: 'hold',
  DISCONNECTED: 'disconnected',
  SILENT_MONITOR: 'silent_monitor',
  BARGE: 'barge',
} as const);

/** `connect.ContactStateType` (amazon-connect-streams 2.18). @public */
export const ContactStateType = Object.freeze({
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
} as const);

/** `connect.ContactStatusType` (amazon-connect-streams 2.18). @public */
export const ContactStatusType = Object.freeze({
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
} as const);

/** `connect.ContactType` (amazon-connect-streams 2.18). @public */
export const ContactType = Object.freeze({
  VOICE: 'voice',
  QUEUE_CALLBACK: 'queue_callback',
  CHAT: 'chat',
  TASK: 'task',
  EMAIL: 'email',
} as const);

/** `connect.ContactInitiationMethod` (amazon-connect-streams 2.18). @public */
export const ContactInitiationMethod = Object.freeze({
  INBOUND: 'inbound',
  OUTBOUND: 'outbound',
  TRANSFER: 'transfer',
  QUEUE_TRANSFER: 'queue_transfer',
  CALLBACK: 'callback',
  API: 'api',
  DISCONNECT: 'disconnect',
  WEBRTC_API: 'webrtc_api',
  AGENT_REPLY: 'agent_reply',
} as const);

/** `connect.ChannelType` (amazon-connect-streams 2.18). @public */
export const ChannelType = Object.freeze({
  VOICE: 'VOICE',
  CHAT: 'CHAT',
  TASK: 'TASK',
} as const);

/** `connect.MediaType` (amazon-connect-streams 2.18). @public */
export const MediaType = Object.freeze({
  SOFTPHONE: 'softphone',
  CHAT: 'chat',
  TASK: 'task',
  EMAIL: 'email',
} as const);

/** `connect.SoftphoneCallType` (amazon-connect-streams 2.18). @public */
export const SoftphoneCallType = Object.freeze({
  AUDIO_VIDEO: 'audio_video',
  VIDEO_ONLY: 'video_only',
  AUDIO_ONLY: 'audio_only',
  NONE: 'none',
} as const);

/** `connect.MonitoringMode` (amazon-connect-streams 2.18). @public */
export const MonitoringMode = Object.freeze({
  SILENT_MONITOR: 'SILENT_MONITOR',
  BARGE: 'BARGE',
} as const);

/** `connect.MonitoringErrorTypes` (amazon-connect-streams 2.18). @public */
export const MonitoringErrorTypes = Object.freeze({
  INVALID_TARGET_STATE: 'invalid_target_state',
} as const);

/** `connect.CONTACT_ACTIVE_STATES` (amazon-connect-streams 2.18). @public */
export const CONTACT_ACTIVE_STATES = Object.freeze({
  PAUSED: 'paused',
  INCOMING: 'incoming',
  PENDING: 'pending',
  CONNECTING: 'connecting',
  CONNECTED: 'connected',
} as const);

/** `connect.EndpointType` (amazon-connect-streams 2.18). @public */
export const EndpointType = Object.freeze({
  PHONE_NUMBER: 'phone_number',
  AGENT: 'agent',
  QUEUE: 'queue',
} as const);

/** `connect.AddressType` (amazon-connect-streams 2.18). @public */
export const AddressType = Object.freeze({
  PHONE_NUMBER: 'phone_number',
  AGENT: 'agent',
  QUEUE: 'queue',
} as const);

/** `connect.EventType` (amazon-connect-streams 2.18). @public */
export const EventType = Object.freeze({
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
} as const);

/** `connect.MasterTopics` (amazon-connect-streams 2.18). @public */
export const MasterTopics = Object.freeze({
  LOGIN_POPUP: 'connect::loginPopup',
  SEND_LOGS: 'connect::sendLogs',
  SOFTPHONE: 'connect::softphone',
  RINGTONE: 'connect::ringtone',
  METRICS: 'connect::metrics',
  FAILOVER: 'connect::failover',
} as const);

/** `connect.AgentEvents` (amazon-connect-streams 2.18). @public */
export const AgentEvents = Object.freeze({
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
  FETCH_AGENT_DATA_FROM_CCP: 'agent::fetch_agent_data_from_ccp',
} as const);

/** `connect.ContactEvents` (amazon-connect-streams 2.18). @public */
export const ContactEvents = Object.freeze({
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
} as const);

/** `connect.WebSocketEvents` (amazon-connect-streams 2.18). @public */
export const WebSocketEvents = Object.freeze({
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
} as const);

/** `connect.ConfigurationEvents` (amazon-connect-streams 2.18). @public */
export const ConfigurationEvents = Object.freeze({
  CONFIGURE: 'configuration::configure',
  SET_SPEAKER_DEVICE: 'configuration::set_speaker_device',
  SET_MICROPHONE_DEVICE: 'configuration::set_microphone_device',
  SET_RINGER_DEVICE: 'configuration::set_ringer_device',
  SPEAKER_DEVICE_CHANGED: 'configuration::speaker_device_changed',
  MICROPHONE_DEVICE_CHANGED: 'configuration::microphone_device_changed',
  RINGER_DEVICE_CHANGED: 'configuration::ringer_device_changed',
  CAMERA_DEVICE_CHANGED: 'configuration::camera_device_changed',
  BACKGROUND_BLUR_CHANGED: 'configuration::background_blur_changed',
} as const);

/** `connect.ConnectionEvents` (amazon-connect-streams 2.18). @public */
export const ConnectionEvents = Object.freeze({
  SESSION_INIT: 'connection::session_init',
  READY_TO_START_SESSION: 'connection::ready_to_start_session',
} as const);

/** `connect.TaskEvents` (amazon-connect-streams 2.18). @public */
export const TaskEvents = Object.freeze({
  CREATED: 'task::created',
} as const);

/** `connect.EmailEvents` (amazon-connect-streams 2.18). @public */
export const EmailEvents = Object.freeze({
  CREATED: 'email::created',
} as const);

/** `connect.VoiceIdEvents` (amazon-connect-streams 2.18). @public */
export const VoiceIdEvents = Object.freeze({
  UPDATE_DOMAIN_ID: 'voiceId::update_domain_id',
} as const);

/** `connect.DisasterRecoveryEvents` (amazon-connect-streams 2.18). @public */
export const DisasterRecoveryEvents = Object.freeze({
  SUPPRESS: 'disasterRecovery::suppress',
  FORCE_OFFLINE: 'disasterRecovery::force_offline',
  SET_OFFLINE: 'disasterRecovery::set_offline',
  INIT_DISASTER_RECOVERY: 'disasterRecovery::init_disaster_recovery',
  FAILOVER: 'disasterRecovery::failover',
  FAILOVER_PENDING: 'disasterRecovery::failover_pending',
  INIT_DR_POLLING: 'disasterRecovery::init_dr_polling',
} as const);

/** `connect.GlobalResiliencyEvents` (amazon-connect-streams 2.18). @public */
export const GlobalResiliencyEvents = Object.freeze({
  CONFIGURE: 'globalResiliency::configure',
  CONFIGURE_CCP_CONDUIT: 'globalResiliency::configure_ccp_conduit',
  INIT: 'globalResiliency::init',
  CONFIGURE_ERROR: 'globalResiliency::configure_error',
  FAILOVER_INITIATED: 'globalResiliency::failover_initiated',
  FAILOVER_PENDING: 'globalResiliency::failover_pending',
  FAILOVER_PENDING_CRM: 'globalResiliency::failover_pending_crm',
  FAILOVER_COMPLETE: 'globalResiliency::failover_complete',
  HEARTBEAT_SYN: 'globalResiliency::heartbeat_syn',
  HEARTBEAT_ACK: 'globalResiliency::heartbeat_ack',
} as const);

/** `connect.LogLevel` (amazon-connect-streams 2.18). @public */
export const LogLevel = Object.freeze({
  TEST: 'TEST',
  TRACE: 'TRACE',
  DEBUG: 'DEBUG',
  INFO: 'INFO',
  LOG: 'LOG',
  WARN: 'WARN',
  ERROR: 'ERROR',
  CRITICAL: 'CRITICAL',
} as const);

/** `connect.ClickType` (amazon-connect-streams 2.18). @public */
export const ClickType = Object.freeze({
  ACCEPT: 'Accept',
  REJECT: 'Reject',
  HANGUP: 'Hangup',
} as const);

/** `connect.AgentPermissions` (amazon-connect-streams 2.18). @public */
export const AgentPermissions = Object.freeze({
  OUTBOUND_CALL: 'outboundCall',
  VOICE_ID: 'voiceId',
} as const);

/** `connect.VoiceIdErrorTypes` (amazon-connect-streams 2.18). @public */
export const VoiceIdErrorTypes = Object.freeze({
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
} as const);

/** `connect.VoiceIdStreamingStatus` (amazon-connect-streams 2.18). @public */
export const VoiceIdStreamingStatus = Object.freeze({
  ONGOING: 'ONGOING',
  ENDED: 'ENDED',
  PENDING_CONFIGURATION: 'PENDING_CONFIGURATION',
} as const);

/** `connect.VoiceIdAuthenticationDecision` (amazon-connect-streams 2.18). @public */
export const VoiceIdAuthenticationDecision = Object.freeze({
  ACCEPT: 'ACCEPT',
  REJECT: 'REJECT',
  NOT_ENOUGH_SPEECH: 'NOT_ENOUGH_SPEECH',
  SPEAKER_NOT_ENROLLED: 'SPEAKER_NOT_ENROLLED',
  SPEAKER_OPTED_OUT: 'SPEAKER_OPTED_OUT',
  SPEAKER_ID_NOT_PROVIDED: 'SPEAKER_ID_NOT_PROVIDED',
  SPEAKER_EXPIRED: 'SPEAKER_EXPIRED',
} as const);

/** `connect.VoiceIdEnrollmentRequestStatus` (amazon-connect-streams 2.18). @public */
export const VoiceIdEnrollmentRequestStatus = Object.freeze({
  NOT_ENOUGH_SPEECH: 'NOT_ENOUGH_SPEECH',
  IN_PROGRESS: 'IN_PROGRESS',
  COMPLETED: 'COMPLETED',
  FAILED: 'FAILED',
} as const);

/** `connect.VoiceIdSpeakerStatus` (amazon-connect-streams 2.18). @public */
export const VoiceIdSpeakerStatus = Object.freeze({
  OPTED_OUT: 'OPTED_OUT',
  ENROLLED: 'ENROLLED',
  PENDING: 'PENDING',
} as const);

/** `connect.SoftphoneErrorTypes` (amazon-connect-streams 2.18). @public */
export const SoftphoneErrorTypes = Object.freeze({
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
} as const);
