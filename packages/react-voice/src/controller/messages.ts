/**
 * Every user-facing string of the voice controller, in English, copied from the product
 * specification verbatim. Keys are stable: the UI catalogue
 * translates them; `{name}` placeholders are filled from a {@link VoiceMessage}'s params.
 */
export const VOICE_MESSAGES = {
  // Voice module
  voiceInstanceNotCreated: 'Voice instance is not created',

  // Agent availability: labels
  statusOn: 'On',
  statusOff: 'Off',
  /** A custom (named) state is shown with its own name. */
  statusName: '{name}',

  // Agent availability: status descriptions
  statusAvailable: 'Waiting for inbound voice calls',
  statusIncomingCall: 'Incoming call',
  statusOnCallWith: 'On a call with...',
  statusCallOnHold: 'Call on hold',
  statusTransferCall: 'Transfer call',
  statusTransferCallOnHold: "Transfer call: you're on hold",
  statusCallListener: "You're a call listener",
  statusOnCall: "You're on call",
  statusOnHold: "You're on hold",
  statusCallingTo: 'Calling to...',
  statusCallEndedAfterCallWork: "Call ended, you're on after call work",
  statusMissedCallAfterCallWork: "Missed call, you're on after call work.",
  statusRejectedCallAfterCallWork: "Rejected call, you're on after call work.",
  statusCustomerDidNotAnswer: 'Customer did not answer the voice call',
  statusCustomerRejected: 'Customer reject voice call',
  statusAgentHungUp: 'Agent hung-up voice call.',
  statusCustom: 'Set status to Available to allow inbound voice calls',
  statusUnhandled: 'Unhandled agent status: {status}',

  // Badge by agentContactState
  badgeRinging: 'Ringing',
  badgeOnCall: 'On call',
  badgeOnHold: 'On hold',
  badgeEnded: 'Ended',
  badgeRejected: 'Rejected',
  badgeMissed: 'Missed',

  // Call panel
  callConnecting: 'Connecting...',

  // Audio settings
  microphoneOnlyDuringCall: 'You can only change the microphone device during a voice call.',

  // Agent list grouping
  noTeam: 'No team',
  teamName: '{name}',

  // Call history day headings
  today: 'Today',
  yesterday: 'Yesterday',
  /** Any other day: the medium date (`Nov 23, 2026`). */
  mediumDate: '{date}',

  // Monitoring
  leaveCallTitle: 'Leave call?',
  leaveCallText: 'If you leave call, rest of participants will continue in it and monitoring ends',

  // Validation
  phoneNumberNotValid: 'Phone number is not valid.',
  agentCallNotAvailable: 'Agent call is not available at this time.',
  noAgentToPerformCall: 'No agent to perform a call. Please, refresh the app.',
  contactInfoNotAvailable: 'Contact info is not available',
  endpointNotFound: 'Endpoint to transfer call not found',

  // Error catalogue
  transcriptTitle: 'Call transcript',
  transcriptNotReady: 'is not ready, please try again later.',
  microphoneNotShared:
    'Microphone is not shared with the browser. Please allow microphone access and reload the page.',
  microphoneNotSharedTooltip:
    'Cannot change call status if microphone is not shared with the browser.',
  outboundCallFailed: 'There was an error calling the contact, check the phone number.',
  noContactTo: 'No contact to {action}',
  noAgentTo: 'No agent to {action}',
  noActiveConnectionTo: 'No active connection to {action}',
  noParticipantTo: 'No participant to {action}',
  softphoneMicrophoneNotEnabled: 'Your microphone is not enabled in your browser. ',
  softphoneUnsupportedBrowser:
    'Connect does not support this browser. Some functionality may not work. ',
  softphoneIceCollectionTimeout: 'Ice collection timedout. ',
  softphoneUserBusy: 'Softphone call UserBusy error. ',
  softphoneSignallingHandshakeFailure: 'Handshaking with Signalling Server {url} failed. ',
  softphoneSignallingConnectionFailure: 'URL {url} cannot be reached. ',
  softphoneWebrtcError: 'webrtc system error. ',
  softphoneRealtimeCommunicationError: 'Number of active sessions are more then allowed limit.',
  softphoneDuplicateSession: 'duplicate session detected, refusing to setup new connection',

  // Default quick-connect name for unidentified third parties
  internalTransfer: 'internal transfer',

  /** A failure the specification gives no text for (the underlying error's message). */
  unexpectedError: '{message}',
} as const;

/**
 * The key of one voice message.
 * @public
 */
export type VoiceMessageKey = keyof typeof VOICE_MESSAGES;

/**
 * A user-facing message as data: its key in {@link VOICE_MESSAGES} (so a UI catalogue can
 * translate it) and the values of its `{placeholders}`.
 * @public
 */
export interface VoiceMessage {
  /** The message's key in {@link VOICE_MESSAGES}. */
  readonly key: VoiceMessageKey;
  /** The values of the message's `{placeholders}`, by name. */
  readonly params?: Readonly<Record<string, string | number>>;
}

/**
 * Builds a {@link VoiceMessage}.
 * @public
 */
export function voiceMessage(
  key: VoiceMessageKey,
  params?: Readonly<Record<string, string | number>>,
): VoiceMessage {
  return params ? { key, params } : { key };
}

/**
 * Formats a message with a template catalogue (English by default): each `{name}` is replaced by
 * the param of that name; a missing param leaves the placeholder as it is.
 * @example
 * ```ts
 * formatVoiceMessage({ key: 'statusUnhandled', params: { status: 'Training' } });
 * // 'Unhandled agent status: Training'
 * ```
 * @public
 */
export function formatVoiceMessage(
  message: VoiceMessage | VoiceMessageKey,
  catalogue: Readonly<Partial<Record<VoiceMessageKey, string>>> = VOICE_MESSAGES,
): string {
  const { key, params } =
    typeof message === 'string' ? { key: message, params: undefined } : message;
  const template = catalogue[key] ?? VOICE_MESSAGES[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
