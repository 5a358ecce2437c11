// User-facing messages of the workspace API, in one place. Strings quoted from the spec
// (workspace-voice.md) are marked with their section.

export const MESSAGES = {
  invalidCredentials: 'Email or password is incorrect.',
  tooManyLogins: 'Too many failed sign-in attempts. Try again later.',
  unauthorized: 'Sign in to continue.',
  forbidden: (permit: string) => `You do not have the ${permit} permission.`,
  notFound: (what: string) => `${what} not found.`,
  invalidRequest: 'The request is not valid.',
  invalidJson: 'The request body is not valid JSON.',
  internal: 'Something went wrong on our side.',
  /** §1 and §8. */
  voiceInstanceNotCreated: 'Voice instance is not created',
  voicePlanRequired: 'The voice add-on is not enabled for this workspace.',
  contactCentreUnavailable: 'The contact centre is not reachable right now.',
  /** §8: the transcript download failure notification says the call transcript 'is not ready, please try again later.'. */
  transcriptNotReady: 'Call transcript is not ready, please try again later.',
  recordingNotReady: 'The call recording is not available.',
  /** §8: missing items ('No contact to ...'). */
  noContactToMonitor: 'No contact to monitor',
  noAgentToMonitor: 'No agent to monitor with. Link your user to a contact-centre agent.',
} as const;
