/**
 * `@x/connect-emulator`: a local contact centre compatible with Amazon Connect.
 * @packageDocumentation
 */
export {
  CONTROL_TOKEN_HEADER,
  DEFAULT_ADMIN_CREDENTIALS,
  DEFAULT_MISSED_CALL_TIMEOUT_MS,
  DEFAULT_OUTBOUND_RING_TIMEOUT_MS,
  DEFAULT_PORT,
  DEFAULT_RATE_LIMIT,
  MAX_CLIENT_LOG_EVENTS,
  DEFAULT_TOKEN_LIFETIME_MS,
  SIGN_IN_TICKET_LIFETIME_MS,
  MAX_LONG_POLL_MS,
  OFFER_GHOST_TTL_MS,
  SESSION_COOKIE,
  WEB_SOCKET_TRANSPORT_LIFETIME_S,
  WS_TOPICS,
} from './constants';
export { startEmulator } from './server';
export type { Emulator, EmulatorOptions, ExtraRoute } from './server';
export { ManualClock, SystemClock } from './domain/clock';
export type { Clock, TimerHandle } from './domain/clock';
export { ContactCentre, DomainError } from './domain/contact-centre';
export { Arns } from './domain/ids';
export type {
  AgentRecord,
  AgentStateRecord,
  ConnectionRecord,
  ContactCentreOptions,
  ContactRecord,
  EndpointRecord,
  QueueRecord,
  RoutingProfileRecord,
  ShownState,
  TransferSegment,
  TransferWait,
} from './domain/contact-centre';
export type { StartChatInput, StartTaskInput } from './domain/chats';
export {
  CONNECTION_TRANSITIONS,
  CONTACT_TRANSITIONS,
  InvalidTransitionError,
  nextConnectionState,
  nextContactState,
} from './domain/machines';
export type { ConnectionEvent, ContactEvent } from './domain/machines';
export {
  DEMO_SEED,
  SeedError,
  contactFlowStepSchema,
  loadSeedFile,
  parseSeed,
  seedSchema,
} from './domain/seed';
export type { ContactFlowStep, Seed, SeedInput } from './domain/seed';
export { SessionStore } from './auth/sessions';
export type { Session, TokenProblem } from './auth/sessions';
export { CtiService } from './cti/service';
export type { CtiContext, CtiResult } from './cti/service';
export { CtiError } from './cti/errors';
export { AgentSocketServer, WEB_SOCKET_PATH } from './ws/socket-server';
export {
  RegionController,
  REGION_STATUS_PATH,
  REGION_DISCOVERY_PATH,
  SECONDARY_REGION_PREFIX,
  regionsOptionsSchema,
  FAILOVER_PENDING_WINDOW_MS,
  failoverRequestSchema,
} from './regions/regions';
export type { FailoverMode, RegionStatus, RegionsOptions } from './regions/regions';
export { createPanelRequestHandler, PANEL_PATH_PREFIXES } from './panel';
export type { PanelRouteOptions, StorageAccessDecision } from './panel';
