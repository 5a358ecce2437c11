/**
 * `@x/react-voice/controller`: the voice module's rules without React. One
 * {@link VoiceController} over a `Ccp` of `@x/connect-streams`, its state as immutable slices
 * (agent status, call, participants, monitoring, transfer, devices) for `useSyncExternalStore`, the
 * messages of the specification keyed for translation, and the screens' list rules.
 * @packageDocumentation
 */
export { VoiceController } from './voice-controller';
export type { VoiceControllerOptions } from './voice-controller';
export { VoiceError } from './errors';
export { VOICE_MESSAGES, formatVoiceMessage, voiceMessage } from './messages';
export type { VoiceMessage, VoiceMessageKey } from './messages';
export * from './constants';
export type * from './types';
export { sameValue } from './store';
export type { VoiceStoreListener } from './store';
export {
  agentStatusKind,
  agentStatusLabel,
  derivedStatusOf,
  describeAgentStatus,
  formatElapsed,
  formatMinutesSeconds,
} from './agent-status';
export type { AgentStatusFacts } from './agent-status';
export {
  CALL_STATE_TRANSITIONS,
  CALL_TRANSITION_TABLE,
  callTransitionDuties,
  isCallTransition,
} from './call-machine';
export type { CallCondition, CallDuty, CallFacts, CallTransitionRow } from './call-machine';
export {
  CrossTabLock,
  cleanVoiceCommunicationKeys,
  crossTabLockKey,
  sharedCommunicationKey,
} from './cross-tab';
export type {
  CrossTabAction,
  CrossTabLockManager,
  CrossTabLockOptions,
  CrossTabStorage,
  SharedCommunication,
  StorageChangeSource,
} from './cross-tab';
export type { MediaDevicesSource } from './devices-unit';
/** The product API's types (the controller's options and lists use them). */
export type * from '../api';
