/** What the inbox's composer says about the channels' rules, in one place. */
export const INBOX_COPY = {
  /** The @mention suggestion list of a note. */
  mentionList: 'Mention a teammate',
  mentionNone: 'No teammate by that name',
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
  attach: 'Attach files',
  attachmentsList: 'Attachments',
  attachmentsLabel: 'Files to send',
  removeAttachment: (name: string) => `Remove ${name}`,
  uploading: (name: string) => `Uploading ${name}…`,
  attachmentTooLarge: (name: string, limit: string) =>
    `${name} is larger than ${limit}, the largest file that can be attached.`,
  tooManyAttachments: (max: number) => `At most ${max} files can be attached to one message.`,
  attachmentFailed: (name: string) => `${name} could not be attached`,
  attachmentsPending: 'Wait for the files to finish uploading.',
  download: (name: string, size: string) => `Download ${name} (${size})`,
  downloadPrefix: 'Download ',
  unavailable: (name: string) => `${name} could not be received`,
  imageAlt: (name: string) => `Image ${name}`,
  showMore: 'Show more',
  showLess: 'Show less',
} as const;

/**
 * A message body longer than this (lines or characters) is shown folded to its first
 * `foldedLines` lines, with Show more (long emails, a survey's list of links).
 */
export const LONG_BODY = { lines: 10, chars: 700, foldedLines: 8 } as const;

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

/**
 * The inbox's keyboard shortcuts (none while typing in a field), in the order the `?` overlay lists
 * them: the key as `react-hotkeys-hook` reads it, the keys shown, and what it does.
 */
export const INBOX_SHORTCUTS = [
  { hotkey: 'j', keys: ['J'], label: 'Next conversation' },
  { hotkey: 'k', keys: ['K'], label: 'Previous conversation' },
  { hotkey: 'slash', keys: ['/'], label: 'Search conversations' },
  { hotkey: 'r', keys: ['R'], label: 'Reply' },
  { hotkey: 'n', keys: ['N'], label: 'Add a note' },
  { hotkey: 'a', keys: ['A'], label: 'Assign to me' },
  { hotkey: 'e', keys: ['E'], label: 'Close the conversation' },
  { hotkey: 's', keys: ['S'], label: 'Snooze…' },
  { hotkey: 't', keys: ['T'], label: 'Add a tag…' },
  { hotkey: 'i', keys: ['I'], label: 'Show or hide the contact' },
  { hotkey: 'shift+slash', keys: ['?'], label: 'Keyboard shortcuts' },
] as const;

/** What the shortcuts say. */
export const SHORTCUT_COPY = {
  title: 'Keyboard shortcuts',
  description: 'In the inbox, when you are not typing in a field.',
  closed: 'Conversation closed',
  assigned: 'Assigned to you',
} as const;
