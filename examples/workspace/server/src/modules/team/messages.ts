// User-facing messages of invitations and password resets, and the mails they send.

export const TEAM_MESSAGES = {
  alreadyMember: 'This person is already a member of the workspace.',
  roleNeedsAdmin: 'Only admins can invite an admin.',
  invitationNotFound: 'Invitation not found.',
  invitationGone:
    'This invitation link is no longer valid: it was used, revoked or replaced. Ask an admin of the workspace to invite you again.',
  invitationExpired:
    'This invitation link has expired. Ask an admin of the workspace to send it again.',
  wrongPassword:
    'An account with this email already exists: enter its password to join the workspace.',
  nameRequired: 'Enter your name.',
  resetGone:
    'This password reset link is no longer valid: it was used, it expired, or a newer one was sent. Ask for a new one.',
  tooManyResets: 'Too many password reset requests. Try again later.',
  mailNotConnected:
    'The server cannot send email (SMTP_URL is not configured), so no invitation mail went out.',
  mailFailed: (reason: string) => `The invitation mail could not be sent: ${reason}`,
} as const;

/** The invitation mail. */
export const invitationMail = (p: { workspace: string; inviter: string; link: string }) => ({
  subject: `${p.inviter} invited you to ${p.workspace}`,
  body: [
    `${p.inviter} invited you to join ${p.workspace}.`,
    '',
    `Accept the invitation: ${p.link}`,
    '',
    'The link works for 7 days. If you did not expect this invitation, ignore this mail.',
  ].join('\n'),
});

/** The password-reset mail. */
export const resetMail = (p: { link: string }) => ({
  subject: 'Reset your password',
  body: [
    'Someone asked to reset the password of your account.',
    '',
    `Choose a new password: ${p.link}`,
    '',
    'The link works once, for 1 hour. If you did not ask for it, ignore this mail: your password stays as it is.',
  ].join('\n'),
});

/** The sender of account mails when the workspace has no email channel address. */
export const ACCOUNT_MAIL_FROM = 'no-reply@workspace.invalid';
