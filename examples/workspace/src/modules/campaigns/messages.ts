/**
 * Strings of the campaigns screens. Those quoted from the spec (workspace-voice.md) are marked
 * with their section; the server's own messages arrive in its error bodies.
 */
export const CAMPAIGN_TEXT = {
  /** The campaign screens; a WhatsApp campaign needs an approved template. */
  whatsappNeedsTemplateTitle: 'Create a template to send a whatsapp campaign',
  whatsappNeedsTemplateBody:
    'WhatsApp campaigns send an approved message template. Create a template and get it approved, then come back to this campaign.',
  createWhatsappTemplate: 'Create WhatsApp template',
  /** The campaign screens. */
  exitCampaign: 'Exit without saving campaign as draft?',
  exitCampaignBody: 'Your changes to this campaign will be lost.',
  /** The campaign screens. */
  exitTemplate: 'Exit without saving campaign template?',
  exitTemplateBody: 'Your changes to this template will be lost.',
  keepEditing: 'Keep editing',
  exitWithoutSaving: 'Exit without saving',
  /** The report when the channel's provider is the local channel gateway. */
  localGatewayNote: 'Figures come from the local channel gateway, not a real provider.',
  /** The report of an email campaign: SMTP has no delivery receipt. */
  emailReceiptsNote:
    'Email has no delivery receipt: "Sent" means the mail relay accepted the message; whether it was delivered or read is not known.',
  /** The report's "Replied" and "Opted out". */
  repliesNote:
    'Replied counts recipients who wrote back on the same channel within 7 days (their conversation is linked to this campaign in the inbox). Opted out counts recipients skipped because they had sent STOP.',
} as const;

export const CHANNEL_LABELS = { whatsapp: 'WhatsApp', email: 'Email', sms: 'SMS' } as const;

export const STATUS_LABELS = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
} as const;

export const TEMPLATE_STATUS_LABELS = {
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
} as const;

/** The contact fields an attribute condition reads, as shown. */
export const ATTRIBUTE_LABELS = {
  name: 'Name',
  company: 'Company',
  email: 'Email',
  phone: 'Phone',
} as const;

/** How often a sending campaign's progress is refreshed. */
export const PROGRESS_POLL_MS = 1_000;
/** Debounce of the live audience count. */
export const ESTIMATE_DEBOUNCE_MS = 350;
