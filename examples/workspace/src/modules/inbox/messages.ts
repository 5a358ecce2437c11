/** What the inbox's composer says about the channels' rules, in one place. */
export const INBOX_COPY = {
  windowClosedTitle: 'Outside the 24-hour window',
  windowClosedNever:
    'This customer has not written on WhatsApp yet. WhatsApp only allows an approved template until they write.',
  windowClosedSince: (when: string) =>
    `The customer last wrote ${when}, more than 24 hours ago. WhatsApp only allows an approved template until they write again.`,
  windowOpenUntil: (when: string) => `WhatsApp: free replies allowed until ${when}.`,
  templateLabel: 'Template',
  templatePreview: 'Preview',
  templateVariable: (n: number) => `Value {{${n}}}`,
  templatesEmpty: 'No approved templates in the WhatsApp Business Account.',
  templatesLoading: 'Loading the approved templates…',
  templatesFailed: 'The approved templates could not be loaded.',
  sendTemplate: 'Send template',
  templateSent: 'The template was not sent',
  chooseTemplate: 'Choose a template',
  /** A conversation opened by a customer's reply to a campaign (followed by its name). */
  replyToCampaign: 'Reply to campaign',
} as const;

/** What a conversation says about its satisfaction survey (survey-status.tsx). */
export const SURVEY_COPY = {
  label: 'Satisfaction survey',
  sent: (when: string) => `Sent ${when}`,
  delivery: {
    queued: 'sending',
    sent: 'sent',
    delivered: 'delivered',
    read: 'read',
    failed: 'not delivered',
  } as Record<string, string>,
  answered: (score: number, scale: number) => `Answered ${score} / ${scale}`,
  waiting: 'No answer yet',
  expired: 'Expired without an answer',
} as const;
