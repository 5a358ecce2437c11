import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestPanel } from '../testing/test-panel';
import { enumerateMediaDevices } from './devices';
import { RingtoneManager } from './ringtone';
import type { RingtoneAudio } from './ringtone';
import { SoftphoneError, softphoneErrorMessage } from './softphone-error';
import { createMetric } from '../metrics/metrics';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function fakeAudio(failures: number) {
  const created: (RingtoneAudio & { playing: boolean })[] = [];
  let left = failures;
  const factory = (): RingtoneAudio => {
    const a = {
      loop: false,
      currentTime: 0,
      playing: false,
      play() {
        if (left > 0) {
          left--;
          return Promise.reject(new Error('NotAllowedError'));
        }
        a.playing = true;
        return Promise.resolve();
      },
      pause() {
        a.playing = false;
      },
      addEventListener(type: string, l: () => void) {
        if (type === 'canplay') queueMicrotask(l);
      },
    };
    created.push(a);
    return a;
  };
  return { factory, created };
}

describe('ringtone manager (spec §4 "Ringtone")', () => {
  it('loops, and a start is retried twice before it succeeds', async () => {
    const { factory, created } = fakeAudio(2);
    const r = new RingtoneManager({ voice: { ringtoneUrl: 'ring.mp3' } }, { createAudio: factory });
    await expect(r.start('voice')).resolves.toBe(true);
    expect(created).toHaveLength(3);
    expect(created.at(-1)!.loop).toBe(true);
    expect(r.isPlaying('voice')).toBe(true);
    r.stop('voice');
    expect(created.at(-1)!.playing).toBe(false);
  });

  it('after 2 failed retries (autoplay blocked) reports exhausted', async () => {
    const { factory } = fakeAudio(3);
    const r = new RingtoneManager({ voice: { ringtoneUrl: 'ring.mp3' } }, { createAudio: factory });
    const exhausted = vi.fn();
    r.on('exhausted', exhausted);
    await expect(r.start('voice')).resolves.toBe(false);
    expect(exhausted).toHaveBeenCalledWith(
      'voice',
      expect.arrayContaining([expect.stringContaining('NotAllowedError')]),
    );
  });

  it('load proceeds after 1 s without canplay', async () => {
    const audio: RingtoneAudio = {
      loop: false,
      currentTime: 0,
      play: () => Promise.resolve(),
      pause: () => undefined,
      addEventListener: () => undefined,
    };
    const r = new RingtoneManager({ chat: { ringtoneUrl: 'c.mp3' } }, { createAudio: () => audio });
    let loaded = false;
    void r.load('chat').then(() => (loaded = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(loaded).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(loaded).toBe(true);
  });

  it('rings for an inbound voice contact in the master tab and stops when it connects', async () => {
    vi.useRealTimers();
    const { factory, created } = fakeAudio(0);
    const panel = new TestPanel({ createAudio: factory });
    const ccp = panel.connect({
      ringtone: { voice: { ringtoneUrl: 'v.mp3' }, queue_callback: { disabled: true } },
    });
    await panel.settle();
    panel.instance.setAgentState('Available');
    panel.instance.incomingCall({ contactId: 'c-1' });
    await panel.settle(30);
    expect(ccp.ringtones?.isPlaying('voice')).toBe(true);
    await ccp.contacts.get('c-1')!.accept();
    await panel.settle(30);
    expect(ccp.ringtones?.isPlaying('voice')).toBe(false);
    expect(created[0]!.playing).toBe(false);
    ccp.terminate();
  });

  it('does not ring in a tab that is not the ringtone master', async () => {
    vi.useRealTimers();
    const { factory } = fakeAudio(0);
    const panel = new TestPanel({ createAudio: factory, master: false });
    const ccp = panel.connect({
      ringtone: { voice: { ringtoneUrl: 'v.mp3' }, queue_callback: { disabled: true } },
    });
    await panel.settle();
    panel.instance.incomingCall({ contactId: 'c-1' });
    await panel.settle(30);
    expect(ccp.ringtones?.isPlaying('voice')).toBe(false);
    ccp.terminate();
  });
});

describe('media devices (spec §9)', () => {
  it('fails without navigator.mediaDevices', async () => {
    await expect(enumerateMediaDevices({})).rejects.toThrow(
      'No navigator or navigator.mediaDevices object found',
    );
  });
  it('times out after 1000 ms', async () => {
    const p = enumerateMediaDevices({
      mediaDevices: { enumerateDevices: () => new Promise(() => undefined) },
    }).catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(p).resolves.toBe('Timeout exceeded');
  });
  it('getFrameMediaDevices asks the panel and times out after 1000 ms', async () => {
    const panel = new TestPanel();
    const ccp = panel.connect();
    const p = ccp.getFrameMediaDevices().catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(p).resolves.toBe('Timeout exceeded');
    expect(panel.received.map((m) => m.event)).toContain('media_device_request');
    ccp.terminate();
  });
});

describe('softphone errors and metrics (spec §8)', () => {
  it('uses the catalogue messages verbatim', () => {
    expect(softphoneErrorMessage('microphone_not_shared')).toBe(
      'Your microphone is not enabled in your browser. ',
    );
    expect(softphoneErrorMessage('unsupported_browser')).toBe(
      'Connect does not support this browser. Some functionality may not work. ',
    );
    expect(softphoneErrorMessage('ice_collection_timeout')).toBe('Ice collection timedout. ');
    expect(softphoneErrorMessage('user_busy_error')).toBe('Softphone call UserBusy error. ');
    expect(softphoneErrorMessage('webrtc_error')).toBe('webrtc system error. ');
    expect(softphoneErrorMessage('signalling_handshake_failure', 'wss://s')).toBe(
      'Handshaking with Signalling Server wss://s failed. ',
    );
    expect(softphoneErrorMessage('signalling_connection_failure', 'wss://s')).toBe(
      'URL wss://s cannot be reached. ',
    );
    expect(softphoneErrorMessage('realtime_communication_error')).toBe(
      'Number of active sessions are more then allowed limit.',
    );
    expect(new SoftphoneError('other').errorType).toBe('other');
  });
  it('a metric may carry at most 30 dimensions', () => {
    const dims = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ name: `d${i}`, value: 'v' }));
    expect(createMetric('M', { count: 1 }, dims(30)).dimensions).toHaveLength(30);
    expect(() => createMetric('M', { count: 1 }, dims(31))).toThrow(
      'Cannot add more than 30 dimensions to a metric',
    );
  });
});
