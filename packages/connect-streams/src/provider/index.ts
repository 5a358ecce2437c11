/**
 * `@x/connect-streams/provider`: the message-port channel between the host page and the CCP
 * (the newer SDK channel): provider, proxy, statuses, requests, subscriptions, health check,
 * logs and metrics, child channels, the global provider, and the subject side for panels and tests.
 * @packageDocumentation
 */
export {
  CLIENT_TIMEOUT_ERROR_KEY,
  CONTACT_NAMESPACE,
  CROSS_DOMAIN_ADAPTER_INIT,
  CROSS_DOMAIN_SITE_READY,
  HEALTH_CHECK_MIN_INTERVAL_MS,
  HEALTH_CHECK_UNHEALTHY_AFTER_INTERVALS,
  MAX_METRIC_DIMENSIONS,
  PROVIDER_REQUEST_TIMEOUT_MS,
  VOICE_NAMESPACE,
} from '../constants';
export {
  ConnectError,
  formatClientTimeoutError,
  isClientTimeoutResponseError,
  isConnectError,
  isNoResultResponseError,
} from './connect-error';
export type { ClientTimeoutError, ConnectErrorInit } from './connect-error';
export { ConnectClient, ContactClient, VoiceClient } from './connect-client';
export type { ConnectClientConfig } from './connect-client';
export { ConnectMetricRecorder, createConnectLogger } from './connect-logger';
export type { ChildComponentChannelParams, ChildIframeChannelParams } from './channel-manager';
export {
  getGlobalProvider,
  hasGlobalProvider,
  resetGlobalProvider,
  setGlobalProvider,
} from './global-provider';
export type { HealthCheckStatus, HealthCheckStatusChanged } from './health-check-manager';
export {
  LogLevel,
  acknowledgeMessageSchema,
  childConnectionCloseMessageSchema,
  childDownstreamMessageSchema,
  closeChannelMessageSchema,
  errorMessageSchema,
  healthCheckMessageSchema,
  healthCheckResponseMessageSchema,
  logMessageSchema,
  metricMessageSchema,
  metricUnitSchema,
  publishMessageSchema,
  requestMessageSchema,
  responseMessageSchema,
  subscribeMessageSchema,
  unsubscribeMessageSchema,
  upstreamMessageOriginSchema,
  downstreamMessageSchema,
  subscriptionTopicSchema,
  upstreamMessageSchema,
} from './messages';
export type {
  AcknowledgeMessage,
  ChildConnectionCloseMessage,
  ChildDownstreamMessage,
  ChildUpstreamMessage,
  CloseChannelMessage,
  CrossDomainAdapterInitMessage,
  CrossDomainSiteReadyMessage,
  DownstreamMessage,
  ErrorMessage,
  HealthCheckMessage,
  HealthCheckResponseMessage,
  LogMessage,
  MetricMessage,
  MetricUnit,
  ModuleSubscriptionTopic,
  PublishMessage,
  RequestMessage,
  ResponseMessage,
  SubscribeMessage,
  SubscriptionTopic,
  UnsubscribeMessage,
  UpstreamMessage,
  UpstreamMessageOrigin,
} from './messages';
export { ProviderBase, StreamsSiteProvider } from './provider';
export type { AmazonConnectProvider } from './provider';
export { ProviderLogger } from './provider-logger';
export type { LogOptions, LogSink, ProxyLogData } from './provider-logger';
export { ProviderSubject } from './provider-subject';
export { startPanelProviderSubject } from './panel-subject';
export type { PanelSessionLike } from './panel-subject';
export type {
  ProviderSubjectOptions,
  SubjectCommandHandler,
  SubjectEvents,
} from './provider-subject';
export { Proxy, checkDimensionLength } from './proxy';
export type {
  AmazonConnectError,
  MetricData,
  ProxyConnectionChangedEvent,
  ProxyConnectionStatus,
  ProxyProvider,
  RequestOptions,
} from './proxy';
export { StreamsSiteProxy } from './streams-site-proxy';
export type {
  InitMessageEvent,
  MessageEventTarget,
  SiteProxyProvider,
  StreamsSiteConfig,
} from './streams-site-proxy';
export type { SubscriptionHandler } from './subscription-manager';
