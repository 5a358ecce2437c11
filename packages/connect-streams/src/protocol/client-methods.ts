// The method names on the `api_request` wire (the real library's `connect.ClientMethods`,
// `ApiProxyClientMethods`, `AgentAppClientMethods`), the CTI operation each client method calls,
// and the `CreateTransport` transport types.
import { isCtiOperation, type CtiOperation } from './cti';

/**
 * The `api_request` method names the host sends (`connect.ClientMethods`); most map to a CTI
 * operation (see {@link CLIENT_METHOD_OPERATIONS}).
 * @public
 */
export const ClientMethods = {
  GET_AGENT_SNAPSHOT: 'getAgentSnapshot',
  PUT_AGENT_STATE: 'putAgentState',
  GET_AGENT_STATES: 'getAgentStates',
  GET_DIALABLE_COUNTRY_CODES: 'getDialableCountryCodes',
  GET_ROUTING_PROFILE_QUEUES: 'getRoutingProfileQueues',
  GET_AGENT_PERMISSIONS: 'getAgentPermissions',
  GET_AGENT_CONFIGURATION: 'getAgentConfiguration',
  UPDATE_AGENT_CONFIGURATION: 'updateAgentConfiguration',
  ACCEPT_CONTACT: 'acceptContact',
  CREATE_OUTBOUND_CONTACT: 'createOutboundContact',
  CREATE_TASK_CONTACT: 'createTaskContact',
  CLEAR_CONTACT: 'clearContact',
  COMPLETE_CONTACT: 'completeContact',
  DESTROY_CONTACT: 'destroyContact',
  REJECT_CONTACT: 'rejectContact',
  NOTIFY_CONTACT_ISSUE: 'notifyContactIssue',
  UPDATE_CONTACT_ATTRIBUTES: 'updateContactAttributes',
  CREATE_ADDITIONAL_CONNECTION: 'createAdditionalConnection',
  DESTROY_CONNECTION: 'destroyConnection',
  HOLD_CONNECTION: 'holdConnection',
  RESUME_CONNECTION: 'resumeConnection',
  TOGGLE_ACTIVE_CONNECTIONS: 'toggleActiveConnections',
  CONFERENCE_CONNECTIONS: 'conferenceConnections',
  SEND_CLIENT_LOGS: 'sendClientLogs',
  SEND_DIGITS: 'sendDigits',
  SEND_SOFTPHONE_CALL_REPORT: 'sendSoftphoneCallReport',
  SEND_SOFTPHONE_CALL_METRICS: 'sendSoftphoneCallMetrics',
  GET_ENDPOINTS: 'getEndpoints',
  GET_NEW_AUTH_TOKEN: 'getNewAuthToken',
  CREATE_TRANSPORT: 'createTransport',
  MUTE_PARTICIPANT: 'muteParticipant',
  UNMUTE_PARTICIPANT: 'unmuteParticipant',
  UPDATE_MONITOR_PARTICIPANT_STATE: 'updateMonitorParticipantState',
  PAUSE_CONTACT: 'pauseContact',
  RESUME_CONTACT: 'resumeContact',
  ADD_NEW_CONNECTION: 'addNewConnection',
  TRANSFER_CONTACT: 'transferContact',
} as const;

/**
 * One value of the `ClientMethods` constant.
 * @public
 */
export type ClientMethods = (typeof ClientMethods)[keyof typeof ClientMethods];

/**
 * The CTI operation each client method calls. Methods the model lacks (`destroyContact`,
 * `updateContactAttributes`, `addNewConnection`, `transferContact`) are absent: the real worker
 * fails them with "No such method exists on AWS client".
 * @public
 */
export const CLIENT_METHOD_OPERATIONS: Readonly<Partial<Record<ClientMethods, CtiOperation>>> =
  Object.fromEntries(
    Object.values(ClientMethods)
      .map((method) => [method, method.charAt(0).toUpperCase() + method.slice(1)] as const)
      .filter(([, op]) => isCtiOperation(op)),
  );

/**
 * `api_request` methods the CCP page answers itself (`connect.ApiProxyClientMethods`).
 * @public
 */
export const ApiProxyClientMethods = {
  QR_INTEGRATION_EXISTS: 'qrIntegrationExists',
  QR_SEARCH_QUICK_RESPONSES: 'qrSearchQuickResponses',
  START_SCREEN_SHARING: 'startScreenSharing',
} as const;

/**
 * One value of the `ApiProxyClientMethods` constant.
 * @public
 */
export type ApiProxyClientMethods =
  (typeof ApiProxyClientMethods)[keyof typeof ApiProxyClientMethods];

/**
 * Agent-app service targets (`connect.AgentAppClientMethods`), sent as `X-Amz-target` to the
 * agent-app endpoint.
 * @public
 */
export const AgentAppClientMethods = {
  GET_CONTACT: 'AgentAppService.Lcms.getContact',
  DELETE_SPEAKER: 'AgentAppService.VoiceId.deleteSpeaker',
  ENROLL_BY_SESSION: 'AgentAppService.VoiceId.enrollBySession',
  EVALUATE_SESSION: 'AgentAppService.VoiceId.evaluateSession',
  DESCRIBE_SPEAKER: 'AgentAppService.VoiceId.describeSpeaker',
  OPT_OUT_SPEAKER: 'AgentAppService.VoiceId.optOutSpeaker',
  UPDATE_VOICE_ID_DATA: 'AgentAppService.Lcms.updateVoiceIdData',
  DESCRIBE_SESSION: 'AgentAppService.VoiceId.describeSession',
  UPDATE_SESSION: 'AgentAppService.VoiceId.updateSession',
  START_VOICE_ID_SESSION: 'AgentAppService.Nasa.startVoiceIdSession',
  LIST_INTEGRATION_ASSOCIATIONS: 'AgentAppService.Acs.listIntegrationAssociations',
} as const;

/**
 * One value of the `AgentAppClientMethods` constant.
 * @public
 */
export type AgentAppClientMethods =
  (typeof AgentAppClientMethods)[keyof typeof AgentAppClientMethods];

/**
 * `CreateTransport` transport types (`connect.TRANSPORT_TYPES`).
 * @public
 */
export const TransportType = {
  CHAT_TOKEN: 'chat_token',
  WEB_SOCKET: 'web_socket',
  AGENT_DISCOVERY: 'agent_discovery',
  WEB_RTC: 'web_rtc',
  SOFTPHONE: 'softphone',
} as const;

/**
 * One value of the `TransportType` constant.
 * @public
 */
export type TransportType = (typeof TransportType)[keyof typeof TransportType];
