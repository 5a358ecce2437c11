/**
 * Timing and limit constants of the Voice ID flows (softphone spec §9; streams `connect.VoiceIdConstants`).
 * @public
 */
export const VOICE_ID_CONSTANTS = {
  /** Wait after starting a new session before the first evaluation. */
  EVALUATE_SESSION_DELAY: 10000,
  /** The most evaluateSession calls one evaluation makes. */
  EVALUATION_MAX_POLL_TIMES: 24,
  /** Wait between two evaluateSession calls. */
  EVALUATION_POLLING_INTERVAL: 5000,
  /** The most describeSession calls one enrollment makes. */
  ENROLLMENT_MAX_POLL_TIMES: 120,
  /** Wait between two describeSession calls while enrolling. */
  ENROLLMENT_POLLING_INTERVAL: 5000,
  /** Wait before restarting a session whose streaming ended with too little speech. */
  START_SESSION_DELAY: 8000,
} as const;

/**
 * The agent permission that Voice ID operations require.
 * @public
 */
export const VOICE_ID_PERMISSION = 'voiceId';

/**
 * The broadcast event that shares a found Voice ID domain id with every tab.
 * @public
 */
export const VOICE_ID_UPDATE_DOMAIN_ID_EVENT = 'voiceId::update_domain_id';

/**
 * The integration type passed to listIntegrationAssociations to find the Voice ID domain.
 * @public
 */
export const VOICE_ID_INTEGRATION_TYPE = 'VOICE_ID';

/**
 * A contact with more active connections than this is a conference, where Voice ID is refused.
 * @public
 */
export const MAX_VOICE_ID_ACTIVE_CONNECTIONS = 2;

/**
 * Connection states that count as active (softphone spec §4).
 * @public
 */
export const ACTIVE_CONNECTION_STATES = [
  'connecting',
  'connected',
  'hold',
  'silent_monitor',
  'barge',
] as const;

/**
 * The AgentAppService operations Voice ID calls; each value is the `X-Amz-target` header value.
 * @public
 */
export const AgentAppMethod = {
  GET_CONTACT: 'AgentAppService.Lcms.getContact',
  DESCRIBE_SPEAKER: 'AgentAppService.VoiceId.describeSpeaker',
  OPT_OUT_SPEAKER: 'AgentAppService.VoiceId.optOutSpeaker',
  DELETE_SPEAKER: 'AgentAppService.VoiceId.deleteSpeaker',
  START_VOICE_ID_SESSION: 'AgentAppService.Nasa.startVoiceIdSession',
  EVALUATE_SESSION: 'AgentAppService.VoiceId.evaluateSession',
  DESCRIBE_SESSION: 'AgentAppService.VoiceId.describeSession',
  ENROLL_BY_SESSION: 'AgentAppService.VoiceId.enrollBySession',
  UPDATE_SESSION: 'AgentAppService.VoiceId.updateSession',
  UPDATE_VOICE_ID_DATA: 'AgentAppService.Lcms.updateVoiceIdData',
  LIST_INTEGRATION_ASSOCIATIONS: 'AgentAppService.Acs.listIntegrationAssociations',
} as const;

/**
 * An AgentAppService operation name (the `X-Amz-target` header value).
 * @public
 */
export type AgentAppMethod = (typeof AgentAppMethod)[keyof typeof AgentAppMethod];

/**
 * The `type` of every {@link VoiceIdError} (softphone spec §8, streams `connect.VoiceIdErrorTypes`).
 * @public
 */
export const VoiceIdErrorType = {
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
 * One of the 19 Voice ID error types.
 * @public
 */
export type VoiceIdErrorType = (typeof VoiceIdErrorType)[keyof typeof VoiceIdErrorType];

/**
 * Voice ID streaming status of a session.
 * @public
 */
export const VoiceIdStreamingStatus = {
  ONGOING: 'ONGOING',
  ENDED: 'ENDED',
  PENDING_CONFIGURATION: 'PENDING_CONFIGURATION',
} as const;

/**
 * A Voice ID streaming status.
 * @public
 */
export type VoiceIdStreamingStatus =
  (typeof VoiceIdStreamingStatus)[keyof typeof VoiceIdStreamingStatus];

/**
 * Authentication decisions as the Voice ID service sends them.
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
 * A service authentication decision.
 * @public
 */
export type VoiceIdAuthenticationDecision =
  (typeof VoiceIdAuthenticationDecision)[keyof typeof VoiceIdAuthenticationDecision];

/**
 * Fraud-detection decisions as the Voice ID service sends them.
 * @public
 */
export const VoiceIdFraudDetectionDecision = {
  NOT_ENOUGH_SPEECH: 'NOT_ENOUGH_SPEECH',
  HIGH_RISK: 'HIGH_RISK',
  LOW_RISK: 'LOW_RISK',
} as const;

/**
 * A service fraud-detection decision.
 * @public
 */
export type VoiceIdFraudDetectionDecision =
  (typeof VoiceIdFraudDetectionDecision)[keyof typeof VoiceIdFraudDetectionDecision];

/**
 * Authentication decisions in the contact flow's vocabulary (what an evaluation resolves with).
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
 * A contact-flow authentication decision.
 * @public
 */
export type ContactFlowAuthenticationDecision =
  (typeof ContactFlowAuthenticationDecision)[keyof typeof ContactFlowAuthenticationDecision];

/**
 * Fraud-detection decisions in the contact flow's vocabulary (what an evaluation resolves with).
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
 * A contact-flow fraud-detection decision.
 * @public
 */
export type ContactFlowFraudDetectionDecision =
  (typeof ContactFlowFraudDetectionDecision)[keyof typeof ContactFlowFraudDetectionDecision];

/**
 * Status of an enrollment request.
 * @public
 */
export const VoiceIdEnrollmentRequestStatus = {
  NOT_ENOUGH_SPEECH: 'NOT_ENOUGH_SPEECH',
  IN_PROGRESS: 'IN_PROGRESS',
  COMPLETED: 'COMPLETED',
  FAILED: 'FAILED',
} as const;

/**
 * An enrollment request status.
 * @public
 */
export type VoiceIdEnrollmentRequestStatus =
  (typeof VoiceIdEnrollmentRequestStatus)[keyof typeof VoiceIdEnrollmentRequestStatus];

/**
 * Status of a speaker in the Voice ID domain.
 * @public
 */
export const VoiceIdSpeakerStatus = {
  OPTED_OUT: 'OPTED_OUT',
  ENROLLED: 'ENROLLED',
  PENDING: 'PENDING',
} as const;

/**
 * A speaker status.
 * @public
 */
export type VoiceIdSpeakerStatus = (typeof VoiceIdSpeakerStatus)[keyof typeof VoiceIdSpeakerStatus];
