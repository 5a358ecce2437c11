import { RECORDING_SAMPLE_RATE } from '../constants';

/** Who speaks a segment. */
export type SpeakerRole = 'CUSTOMER' | 'AGENT' | 'SYSTEM';

/** A spoken segment of the call, offsets in ms from the start of the talk. */
export interface SpeechSegment {
  role: SpeakerRole;
  text: string;
  beginMs: number;
  endMs: number;
}

/** A hold period, offsets in ms from the start of the talk. */
export interface HoldPeriod {
  beginMs: number;
  endMs: number;
}

/** What the recording of one call is made of. */
export interface CallAudioPlan {
  durationMs: number;
  segments: readonly SpeechSegment[];
  holds: readonly HoldPeriod[];
}

/** Vowel formants (F1, F2 in Hz) that words are voiced with. */
const VOWELS: readonly (readonly [number, number])[] = [
  [730, 1090],
  [270, 2290],
  [300, 870],
  [530, 1840],
  [570, 840],
  [660, 1720],
  [440, 1020],
  [490, 1350],
];
/** Fundamental frequency per role (Hz). */
const PITCH: Record<SpeakerRole, number> = { CUSTOMER: 190, AGENT: 125, SYSTEM: 160 };
const AMPLITUDE = 6000;
const HOLD_MUSIC_AMPLITUDE = 3000;
/** A short repeating arpeggio (Hz) for hold music. */
const HOLD_NOTES = [261.63, 329.63, 392.0, 523.25, 392.0, 329.63];
const HOLD_NOTE_MS = 300;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Milliseconds a line takes to say (about 2.9 words a second, at least 600 ms). */
export function speakingTimeMs(text: string): number {
  const words = text.split(/\s+/).filter((w) => w !== '').length;
  return Math.max(600, words * 350);
}

/**
 * Synthesizes one spoken segment into `out` (adds to it): each word is a voiced sound, a
 * harmonic series on the role's pitch shaped by two formants picked from the word, with a
 * short attack and release and a gap between words.
 */
function voiceSegment(out: Float32Array, seg: SpeechSegment, sampleRate: number): void {
  const words = seg.text.split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return;
  const start = Math.round((seg.beginMs / 1000) * sampleRate);
  const end = Math.min(out.length, Math.round((seg.endMs / 1000) * sampleRate));
  const total = end - start;
  if (total <= 0) return;
  const perWord = total / words.length;
  const f0Base = PITCH[seg.role];
  const harmonics = Math.floor(3400 / f0Base);
  for (let w = 0; w < words.length; w++) {
    const h = hash(words[w]!.toLowerCase());
    const [f1, f2] = VOWELS[h % VOWELS.length]!;
    const f0 = f0Base * (0.92 + ((h >>> 8) % 16) / 100);
    const wStart = start + Math.round(w * perWord);
    const voiced = Math.round(perWord * 0.8);
    const ramp = Math.max(1, Math.round(sampleRate * 0.02));
    const weights: number[] = [];
    for (let k = 1; k <= harmonics; k++) {
      const f = k * f0;
      const g1 = Math.exp(-(((f - f1) / 120) ** 2));
      const g2 = 0.6 * Math.exp(-(((f - f2) / 160) ** 2));
      weights.push((g1 + g2 + 0.02) / Math.sqrt(k));
    }
    const norm = weights.reduce((a, b) => a + b, 0) || 1;
    for (let i = 0; i < voiced && wStart + i < end; i++) {
      const t = i / sampleRate;
      const env = Math.min(1, i / ramp, (voiced - i) / ramp);
      let s = 0;
      for (let k = 0; k < weights.length; k++)
        s += weights[k]! * Math.sin(2 * Math.PI * (k + 1) * f0 * t);
      out[wStart + i]! += (AMPLITUDE * env * s) / norm;
    }
  }
}

function holdMusic(out: Float32Array, hold: HoldPeriod, sampleRate: number): void {
  const start = Math.max(0, Math.round((hold.beginMs / 1000) * sampleRate));
  const end = Math.min(out.length, Math.round((hold.endMs / 1000) * sampleRate));
  const noteLen = Math.round((HOLD_NOTE_MS / 1000) * sampleRate);
  for (let i = start; i < end; i++) {
    const n = Math.floor((i - start) / noteLen);
    const f = HOLD_NOTES[n % HOLD_NOTES.length]!;
    const inNote = (i - start) % noteLen;
    const env = Math.exp(-inNote / (noteLen * 0.6));
    const t = i / sampleRate;
    out[i]! +=
      HOLD_MUSIC_AMPLITUDE *
      env *
      (Math.sin(2 * Math.PI * f * t) + 0.3 * Math.sin(4 * Math.PI * f * t));
  }
}

function toPcm(samples: Float32Array): Int16Array {
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++)
    pcm[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i]!)));
  return pcm;
}

/**
 * Synthesizes the two channels of a call: the customer (and hold music, which the customer
 * hears while on hold) on the left, the agent on the right; exactly `durationMs` long.
 */
export function synthesizeCall(
  plan: CallAudioPlan,
  sampleRate = RECORDING_SAMPLE_RATE,
): { left: Int16Array; right: Int16Array } {
  const frames = Math.round((plan.durationMs / 1000) * sampleRate);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (const seg of plan.segments)
    voiceSegment(seg.role === 'AGENT' ? right : left, seg, sampleRate);
  for (const hold of plan.holds) holdMusic(left, hold, sampleRate);
  return { left: toPcm(left), right: toPcm(right) };
}

/** Root-mean-square level of a span of samples (for tests and diagnostics). */
export function rms(
  samples: Int16Array,
  fromMs: number,
  toMs: number,
  sampleRate = RECORDING_SAMPLE_RATE,
): number {
  const a = Math.max(0, Math.round((fromMs / 1000) * sampleRate));
  const b = Math.min(samples.length, Math.round((toMs / 1000) * sampleRate));
  if (b <= a) return 0;
  let sum = 0;
  for (let i = a; i < b; i++) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / (b - a));
}
