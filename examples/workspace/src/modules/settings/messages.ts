import type { AssignmentStrategy, Permits, Role } from './api/types';

/**
 * Labels of the settings screens, in one place. The route segments are the contract of the route table
 * (note the spelling 'assigment-rules').
 */
export const SETTINGS_PATHS = {
  agents: 'agents',
  agentEdit: (id: string) => `agents/edit/${encodeURIComponent(id)}`,
  teams: 'teams',
  messageTemplates: 'message-templates',
  assignmentRules: 'assigment-rules',
  customerSatisfaction: 'customer-satisfaction',
  integrations: 'integrations',
  salesforce: 'integrations/salesforce',
  googleMeet: 'integrations/googleMeet',
  channels: 'channels',
  importHistory: 'import-history',
  general: 'general',
  dispositions: 'call-dispositions',
  contactAttributes: 'contact-attributes',
  preferences: 'preferences',
} as const;

/** Each permit's name and what it allows (as the session lists permits). */
export const PERMIT_LABELS: Record<keyof Permits, { label: string; description: string }> = {
  admin: {
    label: 'Admin',
    description: 'Passes every permission check and manages all workspace settings.',
  },
  flag_permissions: {
    label: 'Permissions',
    description: 'Edits agents, their permissions and the teams.',
  },
  flag_campaigns: { label: 'Campaigns', description: 'Opens the campaigns area.' },
  flag_inbox_shared: {
    label: 'Shared inbox',
    description: 'Sees all, unassigned and tagged conversations.',
  },
  flag_inbox_views: { label: 'Inbox views', description: 'Opens the saved inbox views.' },
  flag_inbox_savedReplies: {
    label: 'Message templates',
    description: 'Writes the saved replies agents insert in the inbox.',
  },
  flag_addons_voice_live_calls: {
    label: 'Live calls',
    description: "Sees other agents' live calls and monitors them.",
  },
  flag_reports: {
    label: 'Reports',
    description: 'Opens the conversation, call and satisfaction reports.',
  },
};

/** The permits in the order the agent form lists them. */
export const PERMIT_ORDER: readonly (keyof Permits)[] = [
  'admin',
  'flag_permissions',
  'flag_campaigns',
  'flag_inbox_shared',
  'flag_inbox_views',
  'flag_inbox_savedReplies',
  'flag_addons_voice_live_calls',
  'flag_reports',
];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  supervisor: 'Supervisor',
  agent: 'Agent',
};

export const STRATEGY_LABELS: Record<AssignmentStrategy, { label: string; description: string }> = {
  round_robin: { label: 'Round robin', description: 'Members take new conversations in turn.' },
  least_busy: {
    label: 'Least busy',
    description: 'The member with the fewest open conversations takes the next one.',
  },
};

export const CHANNEL_LABELS = {
  whatsapp: 'WhatsApp',
  email: 'Email',
  sms: 'SMS',
  chat: 'Chat',
  voice: 'Voice',
} as const;

export type ChannelName = keyof typeof CHANNEL_LABELS;
export const CHANNEL_ORDER: readonly ChannelName[] = ['whatsapp', 'email', 'sms', 'chat', 'voice'];

/** Emoji offered for a team (any single emoji may be typed). */
export const TEAM_EMOJI = ['🎧', '💼', '🛠️', '🌙', '🚀', '⭐', '🧭', '📞', '💬', '🛡️', '🌍', '🔥'];

/** Validation messages of the forms (matching the server's rules). */
export const FORM_MESSAGES = {
  required: 'Required',
  tooLong: (max: number) => `At most ${max} characters`,
  /** A phone number that does not parse as E.164. */
  phoneNotValid: 'Phone number is not valid.',
  emailNotValid: 'Email address is not valid.',
  oneEmoji: 'Pick one emoji',
  websiteNotValid: 'Use the website the chat widget runs on, e.g. https://acme.com',
  salesforceUrl: 'Use your My Domain URL, e.g. https://acme.my.salesforce.com',
  serviceAccount: 'Use a service account (…@….iam.gserviceaccount.com)',
  privateKey: 'Paste the PEM private key of the service account',
  secretToEnable: 'Required to enable the integration',
  minutes: 'Between 5 and 480 minutes',
} as const;

/** The phone format (starts with +), as the server checks it. */
export const PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a text is one emoji (one grapheme with a pictographic or flag character). */
export function isOneEmoji(value: string): boolean {
  const graphemes = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(value)];
  return graphemes.length === 1 && /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(value);
}

/** What the customer-satisfaction results say about where the answers come from. */
export const CSAT_COPY = {
  demoNotice: (demo: number, total: number) =>
    `Includes demo answers: ${demo.toLocaleString('en-US')} of these ${total.toLocaleString('en-US')} answers are sample data from the demo seed, not real customers.`,
  surveysSent: 'Surveys sent',
  responseRate: 'Response rate',
  noSurveysSent: 'None sent yet',
} as const;

/** Google Meet's settings copy (the integration creates Meet links from conversations). */
export const GOOGLE_MEET_COPY = {
  listDescription: 'Meet links for conversations from a Google Workspace service account.',
  enabledDescription:
    'Agents get “Create Meet link” in a conversation’s menu; the meeting is created on the calendar owner’s calendar.',
  addLink: 'Post the link in the conversation',
  addLinkDescription:
    'On: the Meet link is posted as a note, so the whole team sees it. Off: only the agent who created it gets the link (to copy and share), nothing is posted.',
  lastRun: 'Last Meet link',
  test: 'Test connection',
  testFailed: 'Google refused the service account',
  testOk: 'Google Meet is connected',
  saveFirst: 'Save your changes before testing.',
} as const;

/** Deactivate / reactivate a member (Settings → Agents → edit). */
export const AGENT_ACCESS = {
  isActive:
    'Deactivating ends this member’s sessions at once; they cannot sign in until reactivated.',
  isDeactivated: 'This member is deactivated: they cannot sign in to this workspace.',
  deactivated: 'Agent deactivated',
  reactivated: 'Agent reactivated',
  failed: 'The agent’s access was not changed',
  badge: 'Deactivated',
} as const;

/** Invitations on Settings → Agents. */
export const INVITATION_MESSAGES = {
  invite: 'Invite agent',
  dialogTitle: 'Invite an agent',
  dialogDescription:
    'They get an email with a link to join this workspace. The link works for 7 days.',
  send: 'Send invitation',
  sent: 'Invitation sent',
  notSent: 'The invitation was not sent',
  pendingTitle: 'Pending invitations',
  resend: 'Resend',
  resent: 'Invitation sent again',
  revoke: 'Revoke',
  revoked: 'Invitation revoked',
  expired: 'Expired',
  failed: 'That did not work',
  sendReset: 'Send password reset',
  resetSent: 'Password reset email sent',
} as const;

/** The agent's contact-centre username on the agent page (admin). */
export const CONNECT_USERNAME = {
  label: 'Contact-centre username',
  description:
    'The username the agent signs in to the softphone with. Leave it empty to unlink the agent.',
  save: 'Link',
  clear: 'Unlink',
  saved: 'Softphone link saved',
  failed: 'The softphone link was not saved',
} as const;
