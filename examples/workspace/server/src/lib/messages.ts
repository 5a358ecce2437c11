// User-facing messages of the workspace API, in one place. Strings quoted from the spec
// (workspace-voice.md) are marked with their section.

export const MESSAGES = {
  invalidCredentials: 'Email or password is incorrect.',
  tooManyLogins: 'Too many failed sign-in attempts. Try again later.',
  accountDeactivated:
    'This account is deactivated. Ask an admin of your workspace to reactivate it.',
  unauthorized: 'Sign in to continue.',
  forbidden: (permit: string) => `You do not have the ${permit} permission.`,
  notFound: (what: string) => `${what} not found.`,
  /** The name a deleted contact's conversations and calls show. */
  deletedContact: 'Deleted contact',
  mergeSelf: 'A contact cannot be merged with itself.',
  attributeUnknown: 'No contact attribute has this key.',
  attributeType: (type: string) =>
    ({
      text: 'Enter a text.',
      number: 'Enter a number.',
      date: 'Enter a date (YYYY-MM-DD).',
      boolean: 'Choose yes or no.',
    })[type] ?? 'Not a valid value.',
  invalidRequest: 'The request is not valid.',
  invalidJson: 'The request body is not valid JSON.',
  internal: 'Something went wrong on our side.',
  payloadTooLarge: (maxBytes: number) =>
    `The request body is too large (at most ${maxBytes >= 1024 * 1024 ? `${maxBytes / 1024 / 1024} MB` : `${Math.round(maxBytes / 1024)} KB`}).`,
  badEncoding: 'Invalid percent-encoding',
  controlCharacters: 'Control characters are not allowed',
  /** The voice add-on's instance is not set up yet (every voice route but the configuration). */
  voiceInstanceNotCreated: 'Voice instance is not created',
  voicePlanRequired: 'The voice add-on is not enabled for this workspace.',
  contactCentreUnavailable: 'The contact centre is not reachable right now.',
  /** The contact centre (or its recordings bucket) refused the server's signature or key. */
  contactCentreCredentials: (code: string) =>
    `The contact centre refused the server's credentials (${code}).`,
  /** The transcript download failure notification says the call transcript 'is not ready, please try again later.'. */
  transcriptNotReady: 'Call transcript is not ready, please try again later.',
  recordingNotReady: 'The call recording is not available.',
  /** Missing items ('No contact to ...'). */
  noContactToMonitor: 'No contact to monitor',
  noAgentToMonitor: 'No agent to monitor with. Link your user to a contact-centre agent.',
  /** Joining a live call is blocked while the user is on a call. */
  alreadyOnCall: 'You cannot join a live call while you are on a call.',
  /** An outbound phone number must start with +. */
  phoneNumberNotValid: 'Phone number is not valid.',
  /** The call's contact has no details to show. */
  contactInfoNotAvailable: 'Contact info is not available',
  notAMonitoringLeg: 'That communication is a call, not a monitoring leg.',
  /** A call route names a contact the contact centre does not know. */
  callNotFound: 'The contact centre has no such call.',
  /** A call route names a contact of another agent. */
  callNotYours: 'That call is not yours: the contact centre gives it to another agent.',
  /** A member with no contact-centre agent reports a call. */
  noVoiceAgent: 'You have no contact-centre agent. Link your user to one to take calls.',
  /** After-call work names a disposition that is not one of the workspace's codes. */
  unknownDisposition: 'Choose one of the disposition codes.',
  /** Settings: two disposition codes with the same name (case aside). */
  dispositionRepeated: 'Each disposition code must be different.',
  contactEventsKey: 'The contact-event key is missing or wrong.',
  contactEventsDisabled: 'Contact events are not enabled on this server.',
  /** The body of the call part a call adds to its conversation. */
  callPart: (type: string, phone: string | null) => {
    const who = phone ?? 'unknown number';
    if (type === 'outbound') return `Call to ${who}`;
    if (type === 'transfer') return `Transferred call from ${who}`;
    return `Call from ${who}`;
  },
  /** The subject of a conversation a call starts. */
  callSubject: (type: string, phone: string) =>
    type === 'outbound' ? `Call to ${phone}` : `Call from ${phone}`,
} as const;
