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
