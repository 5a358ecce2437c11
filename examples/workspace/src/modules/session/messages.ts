/** User-facing messages of sign-in, session and workspace screens. */
export const SESSION_MESSAGES = {
  signInFailed: 'Sign-in failed. Try again.',
  tooManyAttempts: 'Too many sign-in attempts. Wait a moment and try again.',
  tooManyAttemptsIn: (seconds: number) =>
    `Too many sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  signedOut: 'You are signed out.',
  accountDeactivated:
    'This account is deactivated. Ask an admin of your workspace to reactivate it.',
} as const;

/** User-facing messages of the invitation, forgot-password and reset-password pages. */
export const ACCOUNT_MESSAGES = {
  forgotTitle: 'Reset your password',
  forgotIntro: 'Enter the email of your account. We will send you a link to choose a new password.',
  forgotSent:
    'If an account with this email exists, a link to reset its password is on its way. Check your inbox.',
  forgotLink: 'Forgot password?',
  sendLink: 'Send reset link',
  backToSignIn: 'Back to sign in',
  resetTitle: 'Choose a new password',
  resetSubmit: 'Set password and sign in',
  newPassword: 'New password',
  passwordHint: 'At least 8 characters.',
  inviteTitle: (workspace: string) => `Join ${workspace}`,
  inviteIntro: (email: string) => `You were invited as ${email}.`,
  inviteExisting: 'You already have an account: enter its password to join.',
  inviteSubmit: 'Join workspace',
  linkInvalidTitle: 'This link no longer works',
  failed: 'Something went wrong. Try again.',
} as const;
