// User-facing messages and defaults of the settings API, in one place. Strings quoted from the
// spec (workspace-voice.md) are marked with their section.

export const SETTINGS_MESSAGES = {
  lastAdmin: 'A workspace needs at least one admin: make another member admin first.',
  adminPermitNeedsAdmin: 'Only admins can grant or remove the admin permit.',
  roleNeedsAdmin: "Only admins can change a member's role.",
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  lastActiveAdmin: 'A workspace needs at least one active admin: make another member admin first.',
  agentHasNoSignIn: 'This agent has no sign-in, so it has no permits or role.',
  unknownTeam: 'Unknown team',
  unknownAgent: 'Unknown agent',
  connectUsernameNeedsAdmin: "Only admins can change an agent's contact-centre username.",
  unknownConnectUser: (username: string) =>
    `The contact centre has no user named “${username}”. Use the username the agent signs in to the softphone with.`,
  unknownQueue: 'Unknown queue: choose one of the contact centre’s queues.',
  teamExists: 'A team with this name already exists.',
  ruleExists: 'This team already has an assignment rule.',
  secretRequired: 'Required to enable the integration',
  secretKeyMissing:
    'The server cannot store integration secrets: SETTINGS_SECRET_KEY is not configured.',
  addressRequired: 'Required to enable the channel',
  /** An agent's phone number that does not parse as E.164. */
  phoneNotValid: 'Phone number is not valid.',
  emailNotValid: 'Email address is not valid.',
  websiteNotValid: 'Use the website the chat widget runs on, e.g. https://acme.com',
  unsupportedImportType: 'Upload the contacts as a CSV file (text/csv).',
  importTooLarge: (maxMb: number) => `The file is larger than ${maxMb} MB.`,
  importNoRows: 'The file has no contact rows.',
  importHeader:
    'The first line must name the columns, with a phone or email column (name, phone, email, company).',
  importTooManyRows: (max: number) => `The file has more than ${max.toLocaleString('en-US')} rows.`,
  importTooManyErrors: (max: number) =>
    `More than ${max.toLocaleString('en-US')} rows are not valid; nothing was imported. Fix the file and try again.`,
  importNotCsv: (line: number, detail: string) =>
    `The file is not valid CSV (line ${line}): ${detail}`,
  importFieldCount: (expected: number, found: number) =>
    `Expected ${expected} fields, found ${found}.`,
  importNoIdentifier: 'A contact needs a phone number or an email address.',
  importNameTooLong: 'Name is longer than 120 characters.',
  importCompanyTooLong: 'Company is longer than 120 characters.',
} as const;

/** Defaults of a workspace that never saved its customer-satisfaction settings. */
export const CSAT_DEFAULTS = {
  enabled: false,
  question: 'How would you rate the help you received?',
  scale: 5,
} as const;

/** Days of responses the customer-satisfaction summary covers. */
export const CSAT_SUMMARY_DAYS = 30;

/** A default country that `libphonenumber-js` does not know (general settings). */
export const UNKNOWN_COUNTRY = 'Unknown country: use an ISO 3166-1 alpha-2 code such as GB.';
