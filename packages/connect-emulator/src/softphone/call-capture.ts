// The live recording of one call, as the media bridge mixes it and as the service lays out its
// recordings: the customer and every other incoming audio on the left (the phone parties, held or
// not, and the hold music a held customer hears), the agents on the right, 20 ms at a time from
// the moment an agent is on the call.
import { MAX_LIVE_RECORDING_MS, MEDIA_FRAME_MS, MEDIA_FRAME_SAMPLES } from '../media-constants';

/**
 * Samples of one side kept in one block (5 s): frames are copied into blocks, so a long call holds
 * a few large arrays, not two small ones per 20 ms for the garbage collector to trace.
 */
const BLOCK_SAMPLES = 8000 * 5;

/** A call's recorded audio: two channels of 16-bit samples at 8 kHz, the same length. */
export interface LiveRecording {
  /** The phone parties and the hold music a held customer hears (the left channel). */
  readonly customer: Int16Array;
  /** The agents, as heard on the call (the right channel). */
  readonly agent: Int16Array;
}

/** The audio of one call's recording so far. */
export class CallCapture {
  private readonly blocks: { readonly customer: Int16Array; readonly agent: Int16Array }[] = [];
  /** Samples recorded (both sides have as many). */
  private samples = 0;
  /** Whether a phone party spoke through media of its own (not a simulated customer). */
  live = false;

  /** Adds one frame of each side (nothing past the longest recording kept). */
  add(customer: Int16Array, agent: Int16Array): void {
    const at = this.advance(1);
    if (at === undefined) return;
    const block = this.blocks[Math.floor(at / BLOCK_SAMPLES)]!;
    block.customer.set(customer, at % BLOCK_SAMPLES);
    block.agent.set(agent, at % BLOCK_SAMPLES);
  }

  /** Adds `frames` frames of silence to both sides (time the bridge could not mix). */
  pad(frames: number): void {
    for (let i = 0; i < frames; i++) if (this.advance(1) === undefined) return;
  }

  /** The recording as two channels. */
  recording(): LiveRecording {
    return { customer: this.joined('customer'), agent: this.joined('agent') };
  }

  /** Makes room for `frames` frames (blocks start silent); where they start, if kept. */
  private advance(frames: number): number | undefined {
    const at = this.samples;
    if ((at / MEDIA_FRAME_SAMPLES) * MEDIA_FRAME_MS >= MAX_LIVE_RECORDING_MS) return undefined;
    this.samples += frames * MEDIA_FRAME_SAMPLES;
    while (this.blocks.length * BLOCK_SAMPLES < this.samples)
      this.blocks.push({
        customer: new Int16Array(BLOCK_SAMPLES),
        agent: new Int16Array(BLOCK_SAMPLES),
      });
    return at;
  }

  private joined(side: 'customer' | 'agent'): Int16Array {
    const out = new Int16Array(this.samples);
    this.blocks.forEach((block, i) =>
      out.set(
        block[side].subarray(0, Math.min(BLOCK_SAMPLES, this.samples - i * BLOCK_SAMPLES)),
        i * BLOCK_SAMPLES,
      ),
    );
    return out;
  }
}
