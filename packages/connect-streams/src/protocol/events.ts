import { z } from 'zod';

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
 * Validates one value of the `EventType` constant.
 * @public
 */
export const eventTypeSchema = z.enum(EventType);

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
 * Validates one value of the `MasterTopics` constant.
 * @public
 */
export const masterTopicSchema = z.enum(MasterTopics);

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
