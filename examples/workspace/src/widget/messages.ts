// The widget's visitor-facing strings, in one place.
export const WIDGET_TEXT = {
  open: 'Open chat',
  close: 'Close chat',
  title: (name: string) => `Chat with ${name}`,
  intro: 'Ask us anything: the team answers here.',
  placeholder: 'Write a message…',
  message: 'Message',
  send: 'Send',
  sending: 'Sending…',
  notSent: 'Not sent. Check your connection and try again.',
  you: 'You',
  team: 'Team',
  delivered: 'Delivered',
  read: 'Read',
  awayTitle: 'Nobody is here right now.',
  awayBody: 'Leave your email so the team can get back to you.',
  email: 'Your email',
  emailSave: 'Leave email',
  emailSaved: (email: string) => `Thanks, the team will see your email (${email}).`,
  emailInvalid: 'Enter a valid email address.',
  expired: 'This chat session has ended. Reload the page to start again.',
} as const;

/** The satisfaction survey card's strings (survey-card.ts). */
export const SURVEY_TEXT = {
  scoreLabel: (score: number, scale: number) => `${score} out of ${scale}`,
  lowest: 'Poor',
  highest: 'Excellent',
  thanks: (score: number, scale: number) => `Thank you! Your answer: ${score} / ${scale}.`,
  expired: 'This survey has expired.',
  notSent: 'Your answer was not sent. Try again.',
} as const;

/** The attach control's and file list's strings (attachments.ts). */
export const ATTACH_TEXT = {
  attach: 'Attach a file',
  uploading: (name: string, size: string) => `Sending ${name} (${size})…`,
  notSent: 'The file was not sent. Check your connection and try again.',
  unavailable: (name: string) => `${name} (not available)`,
  download: (name: string, size: string) => `${name} (${size})`,
} as const;
