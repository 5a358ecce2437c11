/**
 * `@x/voice-id`: speaker authentication and enrollment flows for contacts of `@x/connect-streams`.
 * @packageDocumentation
 */
export {
  ACTIVE_CONNECTION_STATES,
  AgentAppMethod,
  ContactFlowAuthenticationDecision,
  ContactFlowFraudDetectionDecision,
  MAX_VOICE_ID_ACTIVE_CONNECTIONS,
  VOICE_ID_CONSTANTS,
  VOICE_ID_INTEGRATION_TYPE,
  VOICE_ID_PERMISSION,
  VOICE_ID_UPDATE_DOMAIN_ID_EVENT,
  VoiceIdAuthenticationDecision,
  VoiceIdEnrollmentRequestStatus,
  VoiceIdErrorType,
  VoiceIdFraudDetectionDecision,
  VoiceIdSpeakerStatus,
  VoiceIdStreamingStatus,
} from './constants';
export {
  CONFERENCE_NOT_SUPPORTED_MESSAGE,
  NO_VOICE_ID_PERMISSION_MESSAGE,
  VoiceIdMessage,
} from './messages';
export { VoiceIdError, isVoiceIdError } from './errors/voice-id-error';
export {
  isAuthEnabled,
  isAuthResultInconclusive,
  isAuthResultNotEnoughSpeech,
  isAuthenticated,
  isFraudEnabled,
  isFraudResultInconclusive,
  isFraudResultNotEnoughSpeech,
  isHighRisk,
  mapAuthenticationDecision,
  mapFraudDetectionDecision,
} from './decisions/decisions';
export { createDomainIdStore } from './domain/domain-id-store';
export type { DomainIdStore } from './domain/domain-id-store';
export { VoiceId } from './voice-id/voice-id';
export type {
  EnrollmentProgressCallback,
  VoiceIdFlowOptions,
  VoiceIdOptions,
} from './voice-id/voice-id';
export {
  AGENT_APP_FETCH_MAX_ATTEMPTS,
  AGENT_APP_FETCH_RETRY_DELAY,
  createChannelAgentAppTransport,
  createFetchAgentAppTransport,
  toAgentAppFailure,
} from './transport/transports';
export type {
  AgentAppRequestFunction,
  FetchAgentAppTransportOptions,
} from './transport/transports';
export type {
  AgentAppFailure,
  AgentAppRequests,
  AgentAppResult,
  AgentAppTransport,
  AuthenticationResult,
  DescribeSessionResult,
  EnrollmentResult,
  FraudDetectionResult,
  OpenString,
  OptOutSpeakerResult,
  SessionRequest,
  SpeakerDescription,
  SpeakerEvaluation,
  SpeakerIdResult,
  SpeakerNotEnrolled,
  SpeakerRequest,
  SpeakerStatusResult,
  StartSessionResult,
  UpdateSessionResult,
  VoiceIdContact,
  VoiceIdDomainStore,
  VoiceIdSession,
  VoiceIdSpeaker,
  VoiceIdTimestamp,
} from './port/types';
export { createVoiceId } from './streams/create-voice-id';
export type {
  CreateVoiceIdOptions,
  VoiceIdCcp,
  VoiceIdStreamsContact,
} from './streams/create-voice-id';
