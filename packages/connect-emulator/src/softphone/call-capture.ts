// The live recording of one call, as the media bridge mixes it and as the service lays out its
// recordings: the customer and every other incoming audio on the left (the phone parties, held or
// not, and the hold music a held customer hears), the agents on the right, 20 ms at a time from
// the moment an agent is on the call.
import { MAX_LIVE_RECORDING_MS, MEDIA_FRAME_MS, MEDIA_FRAME_SAMPLES } from '../media-constants';

/** One frame of silence, shared (frames are never written after they are added). */
const SILENT_FRAME = new Int16Array(MEDIA_FRAME_SAMPLES);

/** A call's recorded audio: two channels of 16-bit samples at 8 kHz, the same length. */
export interface LiveRecording {
  /** The phone parties and the hold music a held customer hears (the left channel). */
  readonly customer: Int16Array;
  /** The agents, as heard on the call (the right channel). */
  readonly agent: Int16Array;
}

/** The frames of one call's recording so far. */
export class CallCapture {
  private readonly customer: Int16Array[] = [];
  private readonly agent: Int16Array[] = [];
  /** Whether a phone party spoke through media of its own (not a simulated customer). */
  live = false;

  /** Adds one frame of each side (nothing past the longest recording kept). */
  add(customer: Int16Array, agent: Int16Array): void {
    if (this.customer.length * MEDIA_FRAME_MS >= MAX_LIVE_RECORDING_MS) return;
    this.customer.push(customer);
    this.agent.push(agent);
  }

  /** Adds `frames` frames of silence to both sides (time the bridge could not mix). */
  pad(frames: number): void {
    for (let i = 0; i < frames; i++) this.add(SILENT_FRAME, SILENT_FRAME);
  }

  /** The recording as two channels. */
  recording(): LiveRecording {
    return { customer: joined(this.customer), agent: joined(this.agent) };
  }
}

function joined(frames: readonly Int16Array[]): Int16Array {
  const out = new Int16Array(frames.reduce((sum, frame) => sum + frame.length, 0));
  let offset = 0;
  for (const frame of frames) {
    out.set(frame, offset);
    offset += frame.length;
  }
  return out;
}
