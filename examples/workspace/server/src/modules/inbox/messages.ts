// What the inbox answers about channels' rules, in one place.

export const INBOX_MESSAGES = {
  notWhatsapp: 'This conversation is not on WhatsApp.',
  templatesUnavailable: (reason: string) =>
    `The WhatsApp templates could not be listed (${reason}).`,
  templateNotApproved: (name: string, language: string) =>
    `There is no approved template ${name} (${language}).`,
  templateVariables: (n: number) =>
    n === 1 ? 'The template needs 1 value.' : `The template needs ${n} values.`,
} as const;
