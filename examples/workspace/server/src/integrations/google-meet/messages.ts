// What the Google Meet integration says to agents and admins (the API's messages).

export const MEET_MESSAGES = {
  off: 'Google Meet is off for this workspace. An admin can turn it on in Settings → Integrations.',
  notConfigured:
    'Google Meet is not set up: an admin must enter the service account and its private key in Settings → Integrations → Google Meet.',
  keyUnreadable:
    'The stored private key of the Google service account cannot be read. Paste the key again in Settings → Integrations → Google Meet.',
  badSignature: (account: string) =>
    `Google refused the service account ${account}: the private key does not belong to it. Paste the key of this service account again.`,
  delegation: (user: string) =>
    `Google refused the service account: domain-wide delegation is not granted for ${user}. In the Google Admin console, allow the service account's client ID the scope https://www.googleapis.com/auth/calendar.events.`,
  grant: (description: string) =>
    `Google refused the service account's token request: ${description}`,
  calendar: (status: number, message: string) =>
    `Google Calendar could not create the meeting (HTTP ${status}): ${message}`,
  noConference:
    'Google Calendar created the event without a Meet link. Check that Google Meet is allowed for the delegated user.',
  unreachable: (what: string) => `Google could not be reached (${what}). Try again in a moment.`,
  summary: (contact: string) => `Call with ${contact}`,
  note: (url: string) => `Google Meet link: ${url}`,
  tested: (user: string) => `Connected: Google issued a token for ${user}.`,
} as const;
