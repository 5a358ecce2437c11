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
} as const;
