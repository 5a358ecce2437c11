import { describe, expect, it } from 'vitest';
import { MEDIA_FRAME_SAMPLES } from '../media-constants';
import { CallCapture } from './call-capture';

const frame = (value: number) => new Int16Array(MEDIA_FRAME_SAMPLES).fill(value);

describe('CallCapture', () => {
  it('keeps both sides frame by frame, across its 5 s blocks, with silence where it padded', () => {
    const capture = new CallCapture();
    // 5 s is 250 frames: write past the first block.
    for (let i = 0; i < 300; i++) capture.add(frame(i + 1), frame(-(i + 1)));
    capture.pad(2);
    capture.add(frame(7), frame(8));
    const { customer, agent } = capture.recording();
    expect(customer.length).toBe(303 * MEDIA_FRAME_SAMPLES);
    expect(agent.length).toBe(customer.length);
    for (const i of [0, 249, 250, 299]) {
      expect(customer[i * MEDIA_FRAME_SAMPLES]).toBe(i + 1);
      expect(agent[(i + 1) * MEDIA_FRAME_SAMPLES - 1]).toBe(-(i + 1));
    }
    expect(
      customer.subarray(300 * MEDIA_FRAME_SAMPLES, 302 * MEDIA_FRAME_SAMPLES).every((s) => s === 0),
    ).toBe(true);
    expect(customer[302 * MEDIA_FRAME_SAMPLES]).toBe(7);
    expect(agent[303 * MEDIA_FRAME_SAMPLES - 1]).toBe(8);
  });

  it('an empty capture is an empty recording', () => {
    expect(new CallCapture().recording()).toEqual({
      customer: new Int16Array(0),
      agent: new Int16Array(0),
    });
  });
});
