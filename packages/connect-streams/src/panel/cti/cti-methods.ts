/**
 * CTI methods whose body carries no `authentication` member (reference §3.3
 * `_requiresAuthenticationParam`; spec §6).
 * @public
 */
export const METHODS_WITHOUT_AUTHENTICATION_PARAM: ReadonlySet<string> = new Set([
  'completeContact',
  'clearContact',
  'rejectContact',
  'createTaskContact',
  'updateMonitorParticipantState',
  'pauseContact',
  'resumeContact',
  'addNewConnection',
  'transferContact',
]);

/**
 * CTI methods retried on unauthorized and access-denied answers (spec §8 "Auth handling").
 * @public
 */
export const RETRYABLE_CTI_METHODS: ReadonlySet<string> = new Set([
  'getAgentSnapshot',
  'getAgentConfiguration',
  'getAgentPermissions',
  'getAgentStates',
  'getDialableCountryCodes',
  'getRoutingProfileQueues',
]);

/**
 * The CTI operation name of a client method: `acceptContact` → `AcceptContact`.
 * @public
 */
export function ctiOperationName(method: string): string {
  return method.charAt(0).toUpperCase() + method.slice(1);
}

/**
 * The client methods of the CTI model (the 33 operations of reference §3.3, lower camel case).
 * @public
 */
export const CTI_CLIENT_METHODS: ReadonlySet<string> = new Set(
  [
    'AcceptContact',
    'ClearContact',
    'CompleteContact',
    'ConferenceConnections',
    'CreateAdditionalConnection',
    'CreateOutboundContact',
    'CreateTaskContact',
    'CreateTransport',
    'DestroyConnection',
    'GetAgentConfiguration',
    'GetAgentPermissions',
    'GetAgentSnapshot',
    'GetAgentStates',
    'GetDialableCountryCodes',
    'GetEndpoints',
    'GetNewAuthToken',
    'GetRoutingProfileQueues',
    'HoldConnection',
    'MuteParticipant',
    'NotifyContactIssue',
    'PauseContact',
    'PutAgentState',
    'RejectContact',
    'ResumeConnection',
    'ResumeContact',
    'SendClientLogs',
    'SendDigits',
    'SendSoftphoneCallMetrics',
    'SendSoftphoneCallReport',
    'ToggleActiveConnections',
    'UnmuteParticipant',
    'UpdateAgentConfiguration',
    'UpdateMonitorParticipantState',
  ].map((op) => op.charAt(0).toLowerCase() + op.slice(1)),
);
