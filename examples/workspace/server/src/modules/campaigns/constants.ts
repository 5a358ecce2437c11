// Campaign constants and user-facing messages in one place. Strings quoted from the spec
// (workspace-voice.md) are marked with their section; the rest are ours.

export const CAMPAIGN_CHANNELS = ['whatsapp', 'email', 'sms'] as const;
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export const TEMPLATE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const MESSAGE_STATUSES = ['queued', 'sent', 'failed', 'cancelled', 'opted_out'] as const;

/** The campaign editor's id for a campaign not saved yet. */
export const NEW_CAMPAIGN_ID = 'new';

export const LIMITS = {
  nameMax: 120,
  templateNameMax: 120,
  templateBodyMax: 1024,
  templateVariablesMax: 20,
  variableValueMax: 500,
  emailSubjectMax: 200,
  emailBodyMax: 20_000,
  /** Ten concatenated GSM-7 segments. */
  smsBodyMax: 1_530,
  smsSegmentsMax: 10,
  audienceRulesMax: 10,
  ruleValueMax: 200,
  lastActivityDaysMax: 3_650,
  /** Contacts shown as the audience sample. */
  audienceSample: 5,
  /** Buckets of a report's time series at most. */
  reportBucketsMax: 240,
  /** How far ahead a campaign may be scheduled. */
  scheduleAheadDaysMax: 365,
} as const;

/** WhatsApp template names: lower-case letters, digits and underscores (the provider's rule). */
export const WHATSAPP_TEMPLATE_NAME = /^[a-z0-9_]+$/;

export const CAMPAIGN_MESSAGES = {
  /** A send cut off by a server stop, on a channel whose provider cannot tell a repeat. */
  interrupted:
    'Sending was interrupted, so this recipient may or may not have received the message; it was not sent again.',
  /** A campaign editor with id 'new' for WhatsApp needs at least one approved template. */
  whatsappNeedsApprovedTemplate: 'Create a template to send a whatsapp campaign',
  notEditable: (status: string) =>
    `Only draft campaigns can be edited; this one is ${status}. Unschedule it first.`,
  cannotSchedule: 'The campaign is not ready to be scheduled.',
  notScheduled: 'Only scheduled campaigns can be unscheduled.',
  notCancellable: (status: string) => `A ${status} campaign cannot be cancelled.`,
  cannotDeleteSending: 'A campaign that is sending cannot be deleted. Cancel it first.',
  templateInUse: 'The template is used by a scheduled or sending campaign.',
  templateNotReviewable: 'Only pending templates can be reviewed.',
  templateNotApproved: 'The template is no longer approved.',
  gaveUp: (reason: string) => `Gave up after several attempts: ${reason}`,
  /** The workspace has no address of its own on the channel (Settings → Channels). */
  noSenderAddress: (channel: string) =>
    `The workspace has no ${channel === 'email' ? 'email address' : `${channel === 'sms' ? 'SMS' : 'WhatsApp'} number`} to send from.`,
  whatsappTemplateName: 'Use lower-case letters, digits and underscores.',
  scheduleInPast: 'Choose a time in the future.',
  scheduleTooFar: `Choose a time within ${LIMITS.scheduleAheadDaysMax} days.`,
  invalidLocalTime: 'This time does not exist in the workspace time zone.',
  /** Problems that keep a draft from being scheduled (shown in the editor). */
  problems: {
    name: 'Give the campaign a name.',
    audienceEmpty: 'The audience has no reachable contacts.',
    template: 'Choose an approved WhatsApp template.',
    templateNotApproved: 'The chosen template is not approved.',
    variables: 'Fill in every template variable.',
    subject: 'Write the email subject.',
    body: 'Write the message.',
    unknownToken: (t: string) => `Unknown personalisation token {{${t}}}.`,
    smsTooLong: `The SMS is longer than ${LIMITS.smsSegmentsMax} segments.`,
  },
} as const;

/** The send worker's defaults (overridable through the environment, see ./config.ts). */
export const WORKER_DEFAULTS = {
  /** Messages one worker claims at a time. */
  batchSize: 200,
  /** How long a claim holds its rows before another worker may take them over. */
  leaseMs: 30_000,
  /** Pause between polls when there is nothing to do. */
  idleMs: 500,
  /** Attempts before a message is failed for good (a provider's 429/5xx/network errors). */
  maxAttempts: 5,
} as const;

/** Backoff of a provider's 429/5xx/network error: base × 2^(attempt-1), jittered, capped. */
export const RETRY_BACKOFF = { baseMs: 1_000, maxMs: 60_000 } as const;

/**
 * How long after a campaign message was sent a customer's message on the same channel from the
 * same address counts as a reply to it (links the conversation and sets `replied_at`).
 */
export const REPLY_WINDOW_DAYS = 7;

/** The prefix of a campaign message's idempotency key (`campaign-<row id>`): receipts name it. */
export const CAMPAIGN_KEY_PREFIX = 'campaign-';

/** What the report says about where its figures come from and what a channel reports. */
export const REPORT_NOTES = {
  localGateway: 'Figures come from the local channel gateway, not a real provider.',
  emailReceipts:
    'Email has no delivery receipt: "Sent" means the mail relay accepted the message; delivery and reading are not known.',
} as const;
