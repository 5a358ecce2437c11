/**
 * The message a Voice ID call on a conference (more than 2 active connections) is refused with.
 * @public
 */
export const CONFERENCE_NOT_SUPPORTED_MESSAGE = 'VoiceId is not supported for conference calls';

/**
 * The message getDomainId is refused with when the agent lacks the voiceId permission.
 * @public
 */
export const NO_VOICE_ID_PERMISSION_MESSAGE = "Agent doesn't have the permission for Voice ID";

/**
 * Messages of the {@link VoiceIdError}s the flows raise, as streams words them
 * (two typos of the original fixed, and a message for no_domain_id_found, which had none).
 * @public
 */
export const VoiceIdMessage = {
  NO_SPEAKER_ID_FOUND: 'No speakerId associated with this call',
  GET_SPEAKER_ID_FAILED: 'Get SpeakerId failed',
  GET_SPEAKER_STATUS_FAILED: 'Get SpeakerStatus failed',
  OPT_OUT_SPEAKER_FAILED: 'optOutSpeaker failed.',
  OPT_OUT_SPEAKER_IN_LCMS_FAILED: 'optOutSpeakerInLcms failed',
  DELETE_SPEAKER_FAILED: 'deleteSpeaker failed.',
  NO_SESSION_ID: 'No session id returned from start session api',
  START_SESSION_FAILED: 'startVoiceIdSession failed',
  EVALUATE_SPEAKER_TIMEOUT: 'evaluateSpeaker timeout',
  EVALUATE_SESSION_NOT_EXISTS: 'evaluateSpeaker failed, session not exists',
  EVALUATE_SPEAKER_FAILED: 'evaluateSpeaker failed',
  DESCRIBE_SESSION_FAILED: 'describeSession failed',
  ENROLL_SPEAKER_FAILED: 'enrollSpeaker failed',
  ENROLL_UNKNOWN_STATUS: 'enrollSpeaker failed. Unknown enrollment status has been received',
  ENROLL_SPEAKER_TIMEOUT: 'enrollSpeaker timeout',
  UPDATE_SESSION_NOT_EXISTS: 'updateSpeakerIdInVoiceId failed, session not exists',
  UPDATE_SPEAKER_ID_FAILED: 'updateSpeakerIdInVoiceId failed',
  UPDATE_SPEAKER_ID_IN_LCMS_FAILED: 'updateSpeakerIdInLcms failed',
  GET_DOMAIN_ID_FAILED: 'getDomainId failed',
  NO_DOMAIN_ID_FOUND: 'No Voice ID domain id found',
} as const;
