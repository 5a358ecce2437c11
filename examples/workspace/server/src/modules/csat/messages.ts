// What the survey says (to customers, in the conversation, in errors), in one place.

export const CSAT_MESSAGES = {
  /** The SMS / WhatsApp survey: the question, then how to answer. */
  replyText: (question: string, scale: number) =>
    `${question}\nReply with a number from 1 to ${scale}.`,
  /** The email survey: the question and one link per score. */
  emailText: (question: string, links: readonly { score: number; url: string }[]) =>
    [
      question,
      '',
      'Choose a score (1 is the lowest):',
      ...links.map((l) => `${l.score}: ${l.url}`),
      '',
      'Thank you for your time.',
    ].join('\n'),
  /** The web-chat survey (the widget shows it as a card with score buttons). */
  chatText: (question: string, scale: number) => `${question} (1 to ${scale})`,
  /** The system line a recorded answer adds to the conversation. */
  answered: (score: number, scale: number) =>
    `The customer answered the satisfaction survey: ${score} / ${scale}.`,
  /** The system line a changed answer adds. */
  changed: (score: number, scale: number) =>
    `The customer changed their satisfaction survey answer to ${score} / ${scale}.`,
  notFound: 'This survey link is not valid.',
  expired: 'This survey has expired.',
  scoreRange: (scale: number) => `Choose a score from 1 to ${scale}.`,
  pageTitle: 'How did we do?',
  pageIntro: (workspace: string) => `${workspace} would like to know how the conversation went.`,
  pageScoreLabel: (score: number, scale: number) => `${score} out of ${scale}`,
  pageLowest: 'Poor',
  pageHighest: 'Excellent',
  pageThanks: 'Thank you, your answer is recorded.',
  pageYourAnswer: (score: number, scale: number) => `Your answer: ${score} / ${scale}.`,
  pageChange: 'You can change it until the survey expires.',
  pageExpiredTitle: 'Survey expired',
  pageNotFoundTitle: 'Survey not found',
} as const;
