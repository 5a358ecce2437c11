/**
 * `@x/voice-id`: speaker authentication and enrollment flows for contacts of `@x/connect-streams`.
 * @packageDocumentation
 */
// The documented enumerations (decisions, statuses, error types); timings and limits stay inside.
export {
  AgentAppMethod,
  ContactFlowAuthenticationDecision,
  ContactFlowFraudDetectionDecision,
  VoiceIdAuthenticationDecision,
  VoiceIdEnrollmentRequestStatus,
  VoiceIdErrorType,
  VoiceIdFraudDetectionDecision,
  VoiceIdSpeakerStatus,
  VoiceIdStreamingStatus,
} from './constants';
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
  createChannelAgentAppTransport,
  createFetchAgentAppTransport,
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
