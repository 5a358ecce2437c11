export {
  RECORDING_BITS_PER_SAMPLE,
  RECORDING_CHANNELS,
  RECORDING_SAMPLE_RATE,
  AGENT_REPLIES,
  RECORDINGS_PATH,
  SCRIPT_GAP_MS,
  TRANSCRIPTS_PATH,
} from '../constants';
export { encodeStereoWav, readWavInfo } from './wav';
export type { WavInfo } from './wav';
export { rms, speakingTimeMs, synthesizeCall } from './synth';
export type { CallAudioPlan, HoldPeriod, SpeakerRole, SpeechSegment } from './synth';
export { CallRecorder, MediaStore, recordingBucket, recordingKey } from './media-store';
export type { MediaInstance, StoredMedia } from './media-store';
