/** The voice panel ('Voice calls') and its tabs: Agent list, Call history, Live calls. */
export { VoicePanel, isVoicePanelTab } from './voice-panel';
export type { VoicePanelProps } from './voice-panel';
export { AgentListTab } from './agent-list-tab';
export type { AgentConversationTarget, AgentListTabProps } from './agent-list-tab';
export { CallHistoryTab } from './call-history-tab';
export type { CallHistoryTabProps } from './call-history-tab';
export { LiveCallsTab } from './live-calls-tab';
export type { LiveCallsTabProps } from './live-calls-tab';
export { QueuesTab } from './queues-tab';
export type { QueuesTabProps } from './queues-tab';
export type { VoicePanelNavigation, VoicePanelNotice } from './panel-shared';
