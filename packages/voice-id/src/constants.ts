/**
 * The message a Voice ID call on a conference (more than 2 active connections) is refused with.
 * @public
 */
export const CONFERENCE_NOT_SUPPORTED_MESSAGE = 'VoiceId is not supported for conference calls';
