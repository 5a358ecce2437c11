export { VoiceProvider } from './voice-provider';
export type { VoiceProviderProps } from './voice-provider';
export { useVoiceController, useVoiceSelector } from './context';
export {
  useAgent,
  useAgentStatus,
  useAudioDevices,
  useCall,
  useCallControls,
  useMonitoring,
  useParticipants,
  useVoiceSession,
} from './hooks';
export type {
  CallControls,
  UseAgentResult,
  UseAgentStatusResult,
  UseAudioDevicesResult,
  UseMonitoringResult,
  UseParticipantsResult,
} from './hooks';
export { useAgentList, useCallHistory, useLiveCalls, useTransferTargets } from './list-hooks';
export type {
  ListStatus,
  UseAgentListResult,
  UseCallHistoryResult,
  UseLiveCallsResult,
  UseTransferTargetsResult,
} from './list-hooks';
export { useQueues } from './list-hooks';
export type { UseQueuesResult } from './list-hooks';
