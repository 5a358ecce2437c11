/**
 * User-facing strings of the host client, verbatim from the softphone-sdk spec (§5, §8).
 * `%s` marks a substituted value, as in the spec.
 * @public
 */
export const MESSAGES = Object.freeze({
  clientTimeout: 'Client Timeout',
  containerRequired: 'A container element is required',
  ccpUrlRequired: 'ccpUrl is required',
  ringtoneSettings:
    'ringtoneSettings.voice.ringtoneUrl must be provided or ringtoneSettings.voice.disabled must be true',
  ringtoneUrlRequired: 'ringtoneUrl is required',
  grSecondaryMissing:
    'enableGlobalResiliency flag was enabled, but secondaryCCPUrl was not provided. Global Resiliency will not be enabled',
  grLoginUrlMissing:
    'enableGlobalResiliency flag was enabled, but loginUrl was not provided. Global Resiliency will not be enabled',
  notInitialized: 'The connect core has not been initialized!',
  noUpstream: 'There is no upstream conduit!',
  agentNotInitialized: 'The agent is not yet initialized!',
  noAgentData: 'No agent data is available yet!',
  contactGone: 'Contact %s no longer exists.',
  connectionGone: 'Connection %s for contact %s no longer exists.',
  invalidContactEvent: '%s is not a valid contact event.',
  contactNotConnected: 'Contact %s is not connected.',
  screenShareWebRtcOnly: 'Screen sharing is only supported for WebRTC contacts.',
  voiceIdConference: 'VoiceId is not supported for conference calls',
  tooManyDimensions: 'Cannot add more than 30 dimensions to a metric',
  noNavigator: 'No navigator or navigator.mediaDevices object found',
  timeoutExceeded: 'Timeout exceeded',
  mediaControllerGone: 'Media Controller is no longer available for this connection',
  noSuchMethod: 'No such method exists on AWS client: %s',
  invalidLogLevel: 'Invalid log level: %s',
  invalidTargetState: 'invalid_target_state',
  invalidLocale: 'InvalidLocale',
  alreadyInitialized: 'An iframe for the CCP already exists in this container',
});

/** Softphone error messages of spec §8, verbatim (note the trailing spaces). @public */
export const SOFTPHONE_ERROR_MESSAGES = Object.freeze({
  microphone_not_shared: 'Your microphone is not enabled in your browser. ',
  unsupported_browser: 'Connect does not support this browser. Some functionality may not work. ',
  ice_collection_timeout: 'Ice collection timedout. ',
  user_busy_error: 'Softphone call UserBusy error. ',
  signalling_handshake_failure: 'Handshaking with Signalling Server %s failed. ',
  signalling_connection_failure: 'URL %s cannot be reached. ',
  webrtc_error: 'webrtc system error. ',
  realtime_communication_error: 'Number of active sessions are more then allowed limit.',
  duplicate_session: 'duplicate session detected, refusing to setup new connection',
});

/** Replaces each `%s` in `template` with the next value. @public */
export function format(template: string, ...values: readonly unknown[]): string {
  let i = 0;
  return template.replace(/%s/g, () => String(values[i++]));
}
