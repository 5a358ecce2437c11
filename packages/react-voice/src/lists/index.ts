/** The screens' list rules: agent list, transfer targets, call history, live calls. */
export {
  AGENT_CONTACT_STATE_BADGES,
  CONVERSATION_BADGE_STATES,
  agentBadge,
  compareAgents,
  countAgents,
  filterLiveCalls,
  filterTransferGroups,
  filterTransferQuickConnects,
  formatMediumDate,
  groupAgentsByStatus,
  groupAgentsByTeam,
  groupHistoryByDay,
  historyContactName,
  liveCallIcon,
  liveCallRow,
  matchesAgentSearch,
  matchesTeamSearch,
  statusItemAgent,
  transferAgentLike,
  visibleAgents,
  voiceRoutes,
} from './lists';
export type {
  AgentGroup,
  AgentGrouping,
  AgentLike,
  AgentRow,
  CallHistoryDay,
  LiveCallIcon,
  LiveCallRow,
} from './lists';
export { queueIdOfArn, queueRow } from './queues';
export type { QueueRow } from './queues';
