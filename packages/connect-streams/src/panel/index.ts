/**
 * `@x/connect-streams/panel`: the CCP side of the wire (worker engine, CTI client, polling,
 * softphone) for panel pages.
 * @packageDocumentation
 */
export * from './constants';
export {
  CLIENT_TIMEOUT_MESSAGE,
  missingParamMessage,
  noSuchMethodMessage,
  ORIGIN_NOT_ALLOWED_MESSAGE,
  SOFTPHONE_ERROR_MESSAGES,
} from './messages';
export { fetchWithRetry, HttpStatusError } from './http/fetch-with-retry';
export type { FetchFunction, FetchRetryOptions } from './http/fetch-with-retry';
export { CtiClient, defaultCtiEndpoint } from './cti/cti-client';
export type { CtiClientOptions, CtiOutcome } from './cti/cti-client';
export type { CtiCallError } from './cti/cti-error';
export { ctiOperationOf, RETRYABLE_CTI_METHODS } from './cti/cti-methods';
export {
  authorize,
  defaultAuthorizeEndpoint,
  defaultWhitelistedOriginsEndpoint,
  isEmbeddingOriginAllowed,
  isLegacyDomain,
} from './auth/authorize';
export { AgentAppClient } from './worker/agent-app-client';
export { applyAgentAliases, reviveTimestamps, stampSnapshot, toDate } from './worker/agent-update';
export { MasterTopicCoordinator } from './worker/master-topic-coordinator';
export type { PanelPort } from './worker/panel-port';
export { PanelWorkerEngine } from './worker/worker-engine';
export type {
  CtiCaller,
  PanelWorkerEngineOptions,
  WorkerConfiguration,
} from './worker/worker-options';
export { initSharedWorker } from './page/init-shared-worker';
export type {
  InitSharedWorkerParams,
  PanelSession,
  PanelSessionEvents,
} from './page/init-shared-worker';
export { PanelApiError } from './page/panel-api-error';
export { startPanelWorker } from './page/start-panel-worker';
export type { SharedWorkerScopeLike } from './page/start-panel-worker';
export { mergeRingtoneParams, ParamsStorage, watchHostConfigure } from './page/host-configure';
export type {
  HostChannelParams,
  HostConfigure,
  HostConfigureSource,
  HostSoftphoneParams,
  PanelRingtoneChannelSettings,
  PanelRingtoneSettings,
  ParamsStorageBackend,
  WatchHostConfigureOptions,
} from './page/host-configure';
export { watchAuthFail } from './page/auth-fail';
export type { WatchAuthFailOptions } from './page/auth-fail';
export { addNamespaceToLogs, SOFTPHONE_LOG_COMPONENT, startPanelLogPush } from './page/panel-log';
export type { PanelLogPushOptions, PrefixableConsole } from './page/panel-log';
export type { RingtoneAudio, RingtoneChannel, RingtoneEvents } from '../media/ringtone';
export { PanelRingtones } from './softphone/panel-ringtones';
export type { PanelRingtonesOptions } from './softphone/panel-ringtones';
export { SoftphoneError, softphoneErrorFromMediaError } from './softphone/softphone-error';
export type { SoftphoneErrorType } from './softphone/softphone-error';
export { SoftphoneManager } from './softphone/softphone-manager';
export type {
  SoftphoneManagerEvents,
  SoftphoneManagerOptions,
  SoftphoneSession,
} from './softphone/softphone-manager';
export type { FarEnd, SoftphoneStreamStatistic } from './softphone/softphone-call';
export { createLoopbackFarEnd } from './softphone/loopback-far-end';
export {
  CallEndedError,
  createSignallingFarEnd,
  sdpCandidates,
  signallingEndpointOf,
} from './softphone/signalling-far-end';
export type { SoftphoneMediaInfo } from './softphone/signalling-far-end';
export type { LoopbackFarEndOptions } from './softphone/loopback-far-end';
