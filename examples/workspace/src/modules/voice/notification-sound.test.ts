import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  isNotificationSoundEnabled,
  playNotificationSound,
  setNotificationSoundEnabled,
} from './notification-sound';

/** The tones started on the stand-in for Web Audio (the module keeps one audio context). */
const started: number[] = [];

function fakeAudio() {
  class FakeAudioContext {
    currentTime = 0;
    destination = {};
    createOscillator() {
      return {
        frequency: { value: 0 },
        connect: (node: unknown) => node,
        start: (at: number) => started.push(at),
        stop: () => undefined,
      };
    }
    createGain() {
      const gain = {
        gain: {
          setValueAtTime: () => undefined,
          exponentialRampToValueAtTime: () => undefined,
        },
        connect: (node: unknown) => node,
      };
      return gain;
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
}

beforeAll(fakeAudio);
afterAll(() => vi.unstubAllGlobals());
afterEach(() => {
  setNotificationSoundEnabled(true);
  started.length = 0;
});

describe('notification sound', () => {
  it('plays its two tones while enabled', () => {
    playNotificationSound();
    expect(started).toHaveLength(2);
  });

  it('is silent while disabled (the voice add-on disables it during a connected call, §4)', () => {
    setNotificationSoundEnabled(false);
    expect(isNotificationSoundEnabled()).toBe(false);
    playNotificationSound();
    expect(started).toHaveLength(0);
    setNotificationSoundEnabled(true);
    playNotificationSound();
    expect(started).toHaveLength(2);
  });
});
