/**
 * UI texts shared by every voice component (both the call components and the voice panel): actions,
 * list chrome, and the spec strings that more than one screen shows. English, verbatim from
 * `workspace-voice.md` where the spec gives the text.
 */
export const COMMON_MESSAGES = {
  close: 'Close',
  cancel: 'Cancel',
  refresh: 'Refresh',
  search: 'Search',
  clearSearch: 'Clear search',
  loading: 'Loading',
  retry: 'Try again',
  loadFailed: 'Something went wrong while loading.',
  moreActions: 'More actions',
  // Status dropdown items and the voice panel's tabs
  audioSettings: 'Audio settings',
  agentList: 'Agent list',
  callHistory: 'Call history',
  liveCalls: 'Live calls',
  voiceCalls: 'Voice calls',
  // Transfer modal and agent list (team mode) empty state
  noCallTeams: 'No call teams',
  // Call panel (mobile) and call history (mobile menu)
  viewConversationInInbox: 'View conversation in inbox',
  unknownContact: 'Unknown contact',
  // Start-up problems (the status chip while the softphone panel has not started)
  startSignInNeeded: 'Sign in to the contact centre to use voice calls.',
  startSignInTimeout:
    'The softphone has not answered yet. If you are not signed in to the contact centre, sign in. Also check that {origin} is an approved origin.',
  startSignIn: 'Sign in',
  startSignInTitle: 'Sign in to the contact centre',
  startSignInHint: 'Voice calls start once you are signed in. If no sign-in page shows here:',
  startSignInWindow: 'Open the sign-in window',
  startOriginNotAllowed:
    'The contact centre does not allow this page. Add {origin} to its approved origins, then try again.',
  startUnreachable: 'The softphone cannot be reached at {url}.',
  startRetriesExhausted: 'The softphone did not start ({url}).',
} as const;
