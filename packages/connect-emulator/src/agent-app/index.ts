export {
  AGENT_APP_PATHS,
  TASK_TEMPLATES_CSRF,
  TASK_TEMPLATES_PREFIXES,
  AUTHENTICATION_DECISIONS,
  FRAUD_DECISIONS,
  SPEAKER_STATUSES,
  ENROLLMENT_STATUSES,
} from '../constants';
export { bearerToken, createAgentAppRouter, createVoiceIdControlRouter } from './agent-app-router';
export type { AgentAppBackend, QuickResponse, TaskTemplate } from './agent-app-router';
export {
  DEFAULT_VOICE_ID_SETTINGS,
  VoiceIdServiceError,
  voiceIdCustomerSchema,
  voiceIdSettingsSchema,
} from './voice-id-model';
export type {
  VoiceIdContactView,
  VoiceIdCustomer,
  VoiceIdSessionView,
  VoiceIdSettings,
} from './voice-id-model';
export { VoiceIdSimulator } from './voice-id-simulator';
export type { VoiceIdSimulatorOptions } from './voice-id-simulator';
