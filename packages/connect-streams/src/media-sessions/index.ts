export { createChatSession, createTaskSession } from './media-sessions';
export type {
  ChatSessionArgs,
  ConnectableSession,
  SessionFactory,
  SessionReporting,
  TaskSessionArgs,
} from './media-sessions';
