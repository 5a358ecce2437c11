// The Voice ID names are the wire contract's (the zod-free names module of
// @x/connect-streams/protocol), re-exported under this package's names.
import {
  AgentPermissions,
  CONNECTION_ACTIVE_STATES,
  ContactFlowAuthenticationDecision,
  ContactFlowFraudDetectionDecision,
  VoiceIdAuthenticationDecision,
  VoiceIdEnrollmentRequestStatus,
  VoiceIdErrorTypes,
  VoiceIdEvents,
  VoiceIdFraudDetectionDecision,
  VoiceIdSpeakerStatus,
  VoiceIdStreamingStatus,
} from '@x/connect-streams/protocol';

/**
 * Timing and limit constants of the Voice ID flows.
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
export const VOICE_ID_PERMISSION = AgentPermissions.VOICE_ID;

/**
 * The broadcast event that shares a found Voice ID domain id with every tab.
 * @public
 */
export const VOICE_ID_UPDATE_DOMAIN_ID_EVENT = VoiceIdEvents.UPDATE_DOMAIN_ID;

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
 * Connection states that count as active.
 * @public
 */
export const ACTIVE_CONNECTION_STATES = CONNECTION_ACTIVE_STATES;

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

export {
  ContactFlowAuthenticationDecision,
  ContactFlowFraudDetectionDecision,
  VoiceIdAuthenticationDecision,
  VoiceIdEnrollmentRequestStatus,
  VoiceIdFraudDetectionDecision,
  VoiceIdSpeakerStatus,
  VoiceIdStreamingStatus,
};

/**
 * The `type` of every {@link VoiceIdError}.
 * @public
 */
export const VoiceIdErrorType = VoiceIdErrorTypes;

/**
 * One of the 19 Voice ID error types.
 * @public
 */
export type VoiceIdErrorType = (typeof VoiceIdErrorType)[keyof typeof VoiceIdErrorType];
