/**
 * UI texts of the voice panel (Agent list, Call history and Live calls tabs). English; the spec's
 * strings verbatim (the panel 'Voice calls' and its tabs). The panel
 * title, tab names, 'Refresh', 'Close', 'Search' and 'No call teams' are in the common texts.
 */
export const PANEL_MESSAGES = {
  // panel
  panelTabs: 'Voice panel sections',

  // agent list
  agentSearchLabel: 'Search agents by name or email',
  agentGrouping: 'Group agents',
  groupByStatus: 'By status',
  groupByTeam: 'By team',
  agentListLabel: 'Agents',
  agentGroupCount: '{count} agents',
  agentDetails: 'Details of {name}',
  agentDetailsStatus: 'Status',
  agentDetailsTeam: 'Team',
  agentDetailsCall: 'Call',
  agentDetailsEmail: 'Email',
  openConversation: 'Open conversation',
  openAgentConversation: '{badge}: open the conversation of {name}',
  agentListEmptyTitle: 'No call agents',
  agentListEmptyDescription:
    'Call permission must be enabled for agents to show them in the agent list.',
  agentListNoResults: 'No agents found',
  agentListNoResultsDescription: 'No agent name or email matches your search.',
  noCallTeamsDescription:
    'Group the agents who take calls into teams to see who is free in each team.',
  requestInfo: 'Request info',
  requestInfoMessage:
    'Hello! I would like to know more about call teams for the voice add-on: how can we set them up in our workspace?',

  // call history
  historySearchLabel: 'Search calls',
  historyType: 'Call type',
  historyTypeAll: 'All',
  historyTypeMissed: 'Missed',
  historyTypeInbound: 'Inbound',
  historyTypeOutbound: 'Outbound',
  historyTypeTransferred: 'Transferred',
  historyListLabel: 'Calls',
  historyRowActions: 'Actions for the call with {contact}',
  historyRowOpen: 'Call with {contact}, {type}, {time}',
  historyDuration: 'Recording length {duration}',
  historyAgent: 'Agent: {name}',
  callTo: 'Call to {contact}',
  openContactPage: 'Open contact page',
  openUserProfile: 'Open user profile',
  listenToRecording: 'Listen to recording',
  readCallTranscript: 'Read call transcript',
  download: 'Download',
  downloadRecording: 'Recording (.wav)',
  downloadTranscript: 'Transcript (.csv)',
  viewMoreDetails: 'View more details',
  noVoiceCalls: 'No voice calls',
  noVoiceCallsDescription:
    'Call your customers to get closer to them and speed up the resolution of conversations',
  users: 'Users',
  noResultsFound: 'No results found',
  noResultsFoundDescription: 'Try other words or another call type.',
  loadingMore: 'Loading more calls',
  dismiss: 'Dismiss',

  // live calls
  liveSearchPlaceholder: 'Search agent or contact',
  liveCallsListLabel: 'Live calls',
  liveInbound: 'Inbound call',
  liveOutbound: 'Outbound call',
  liveTransfer: 'Transferred call',
  liveElapsed: 'Elapsed time {elapsed}',
  liveRinging: 'Ringing',
  liveJoin: 'Join',
  liveJoinCall: 'Join the call with {contact}',
  liveJoinBlocked: 'You cannot join a call while you are on a call.',
  noLiveCalls: 'No live calls',
  noLiveCallsDescription: "Monitor other agents' calls in real time to help them.",
  noLiveCallsFound: 'No live calls found',
  noLiveCallsFoundDescription: 'No agent or contact name matches your search.',
  // call history: CSV download and after-call work
  historyDownloadCsv: 'Download call history (.csv)',
  historyDownloadFailed: 'The call history could not be downloaded.',
  historyDispositionNotes: 'Disposition: {disposition}. Notes: {notes}',
} as const;
