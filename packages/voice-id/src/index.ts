/**
 * `@x/voice-id`: speaker authentication and enrollment flows for contacts of `@x/connect-streams`.
 * @packageDocumentation
 */
export { CONFERENCE_NOT_SUPPORTED_MESSAGE } from './constants';
