/** The lists' framework-free stores: loading, paging, search and live updates, bound by the React hooks. */
export type { ListStatus, ListStoreOptions, StartableStore } from './list-store';
export { AgentListStore, createAgentListStore } from './agent-list-store';
export type { AgentListSnapshot } from './agent-list-store';
export { CallHistoryStore, createCallHistoryStore } from './call-history-store';
export type { CallHistorySnapshot } from './call-history-store';
export { LiveCallsStore, createLiveCallsStore } from './live-calls-store';
export type { LiveCallsSnapshot } from './live-calls-store';
export { QueuesStore, createQueuesStore } from './queues-store';
export type { QueuesSnapshot } from './queues-store';
export { TransferTargetsStore, createTransferTargetsStore } from './transfer-targets-store';
export type { TransferTargetsSnapshot } from './transfer-targets-store';
