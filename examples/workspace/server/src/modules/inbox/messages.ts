// What the inbox answers about channels' rules, in one place.

export const INBOX_MESSAGES = {
  notWhatsapp: 'This conversation is not on WhatsApp.',
  templatesUnavailable: (reason: string) =>
    `The WhatsApp templates could not be listed (${reason}).`,
  templateNotApproved: (name: string, language: string) =>
    `There is no approved template ${name} (${language}).`,
  templateVariables: (n: number) =>
    n === 1 ? 'The template needs 1 value.' : `The template needs ${n} values.`,
  noAddress: (channel: 'email' | 'sms' | 'whatsapp') =>
    channel === 'email'
      ? 'This contact has no email address. Add one to their profile first.'
      : 'This contact has no phone number. Add one to their profile first.',
  channelOff: (label: string) =>
    `${label} is off for this workspace. An admin can turn it on in Settings → Channels.`,
  openElsewhere:
    'This contact already has an open conversation on that channel, assigned to another agent.',
  snoozeInPast: 'Choose a time in the future.',
  snoozeTooFar: (days: number) => `A conversation can be snoozed for at most ${days} days.`,
  unknownAgent: 'Unknown agent',
  unknownTag: 'Unknown tag',
} as const;

/** Channel names as the screens show them. */
export const CHANNEL_LABEL = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' } as const;
