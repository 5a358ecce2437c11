export {
  RECORDING_BITS_PER_SAMPLE,
  RECORDING_CHANNELS,
  RECORDING_SAMPLE_RATE,
  encodeStereoWav,
  readWavInfo,
} from './wav';
export type { WavInfo } from './wav';
export { rms, speakingTimeMs, synthesizeCall } from './synth';
export type { CallAudioPlan, HoldPeriod, SpeakerRole, SpeechSegment } from './synth';
export {
  AGENT_REPLIES,
  CallRecorder,
  MediaStore,
  RECORDINGS_PATH,
  SCRIPT_GAP_MS,
  TRANSCRIPTS_PATH,
  recordingBucket,
  recordingKey,
} from './media-store';
export type { MediaInstance, StoredMedia } from './media-store';
