/**
 * `@x/react-voice/api`: the product voice API contract (zod schemas and types of every
 * `/ws/{slug}/addons/voice/...` route) and its typed client ({@link createVoiceApiClient}).
 * @packageDocumentation
 */
export * from './contract';
export { createVoiceApiClient } from './client';
export type {
  HistoryPageQuery,
  StartedConversation,
  TranscriptQuery,
  TransferConnections,
  VoiceApi,
  VoiceApiClientOptions,
} from './client';
export { VoiceApiError } from './errors';
export {
  TRANSCRIPT_NOT_READY_NOTIFICATION,
  downloadCallRecording,
  downloadCallTranscript,
  recordingFileName,
  saveBlob,
  transcriptFileName,
} from './downloads';
export type { DownloadOptions, DownloadResult, SaveFile, VoiceNotification } from './downloads';
export { VOICE_MESSAGES, formatVoiceMessage } from '../controller/messages';
export type { VoiceMessage, VoiceMessageKey } from '../controller/messages';
