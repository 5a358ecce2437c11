// The sounds the media bridge makes itself, one 20 ms frame at a time: a simulated customer's
// voice (a steady tone), the ringback a caller hears while an agent's phone rings, hold music,
// and DTMF digits played in band.
import {
  DTMF,
  HOLD_MUSIC_NOTE_MS,
  HOLD_MUSIC_NOTES_HZ,
  MEDIA_FRAME_MS,
  MEDIA_FRAME_SAMPLES,
  RECORDING_SAMPLE_RATE,
  RINGBACK,
} from '../constants';

/** Peak of a generated tone (about −12 dBFS, split between its frequencies). */
const TONE_AMPLITUDE = 8000;

/** Something that yields one frame of audio per call. */
export interface FrameSource {
  /** The next 20 ms of audio. */
  next(): Int16Array;
}

/** A frame of silence. */
export const silence = (): Int16Array => new Int16Array(MEDIA_FRAME_SAMPLES);

/** Adds `frame` into `sum` (32-bit, so several voices do not wrap before they are clipped). */
export function addInto(sum: Int32Array, frame: Int16Array): void {
  for (let i = 0; i < sum.length; i++) sum[i]! += frame[i]!;
}

/** A mix clipped back to 16-bit samples. */
export function clipped(sum: Int32Array): Int16Array {
  const out = new Int16Array(sum.length);
  for (let i = 0; i < sum.length; i++) out[i] = Math.max(-32768, Math.min(32767, sum[i]!));
  return out;
}

/**
 * A tone of one or more frequencies, continuous or in a cadence (`onMs` of tone, `offMs` of
 * silence), with its phase kept across frames so it has no clicks.
 */
export class ToneSource implements FrameSource {
  private sample = 0;

  constructor(
    private readonly frequenciesHz: readonly number[],
    private readonly cadence?: { readonly onMs: number; readonly offMs: number },
  ) {}

  next(): Int16Array {
    const frame = new Int16Array(MEDIA_FRAME_SAMPLES);
    const amplitude = TONE_AMPLITUDE / this.frequenciesHz.length;
    for (let i = 0; i < frame.length; i++, this.sample++) {
      if (!this.sounding(this.sample)) continue;
      const t = this.sample / RECORDING_SAMPLE_RATE;
      let value = 0;
      for (const hz of this.frequenciesHz) value += Math.sin(2 * Math.PI * hz * t);
      frame[i] = Math.round(amplitude * value);
    }
    return frame;
  }

  private sounding(sample: number): boolean {
    if (!this.cadence) return true;
    const periodMs = this.cadence.onMs + this.cadence.offMs;
    return ((sample / RECORDING_SAMPLE_RATE) * 1000) % periodMs < this.cadence.onMs;
  }
}

/** The ringback a caller hears while an agent's phone rings. */
export const ringback = (): FrameSource => new ToneSource(RINGBACK.frequenciesHz, RINGBACK);

/** Hold music: a short arpeggio in a loop. */
export class HoldMusic implements FrameSource {
  private readonly notes = HOLD_MUSIC_NOTES_HZ.map((hz) => new ToneSource([hz]));
  private frame = 0;

  next(): Int16Array {
    const framesPerNote = HOLD_MUSIC_NOTE_MS / MEDIA_FRAME_MS;
    const note = Math.floor(this.frame++ / framesPerNote) % this.notes.length;
    return this.notes[note]!.next();
  }
}

/** The row and column frequencies of a DTMF key, or undefined for a key a phone does not have. */
export function dtmfFrequencies(key: string): readonly [number, number] | undefined {
  const row = DTMF.keys.findIndex((keys) => keys.includes(key.toUpperCase()));
  if (row === -1 || key.length !== 1) return undefined;
  return [DTMF.rows[row]!, DTMF.columns[DTMF.keys[row]!.indexOf(key.toUpperCase())]!];
}

/**
 * Digits played in band: each key's two tones for 100 ms, then 60 ms of silence; a `,` is a
 * 500 ms pause. Digits queue behind those still playing.
 */
export class DigitPlayer {
  private readonly frames: Int16Array[] = [];

  /** Queues `digits` (`0-9`, `*`, `#`, `A-D`, `,`; anything else is skipped). */
  play(digits: string): void {
    const framesOf = (ms: number) => Math.round(ms / MEDIA_FRAME_MS);
    for (const key of digits) {
      if (key === ',') {
        for (let i = 0; i < framesOf(DTMF.pauseMs); i++) this.frames.push(silence());
        continue;
      }
      const pair = dtmfFrequencies(key);
      if (!pair) continue;
      const tone = new ToneSource(pair);
      for (let i = 0; i < framesOf(DTMF.toneMs); i++) this.frames.push(tone.next());
      for (let i = 0; i < framesOf(DTMF.gapMs); i++) this.frames.push(silence());
    }
  }

  /** The next frame of digits, or undefined when none are playing. */
  next(): Int16Array | undefined {
    return this.frames.shift();
  }
}
