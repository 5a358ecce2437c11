import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RingtoneAudio } from '../../media/ringtone';
import { FakeSession } from '../testing-support/fake-session';
import type { PanelRingtoneSettings } from '../page/host-configure';
import { PanelRingtones } from './panel-ringtones';

class FakeAudio implements RingtoneAudio {
  loop = false;
  currentTime = 0;
  playing = false;
  plays = 0;
  sinkId = '';
  failPlay = false;
  private readonly listeners = new Map<string, (() => void)[]>();
  constructor(readonly url: string) {}
  play(): Promise<void> {
    this.plays += 1;
    if (this.failPlay) return Promise.reject(new Error('NotAllowedError: autoplay'));
    this.playing = true;
    return Promise.resolve();
  }
  pause(): void {
    this.playing = false;
  }
  setSinkId(id: string): Promise<void> {
    this.sinkId = id;
    return Promise.resolve();
  }
  addEventListener(type: 'canplay' | 'error', listener: () => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
}

const SETTINGS: PanelRingtoneSettings = {
  voice: { ringtoneUrl: 'voice.wav' },
  queue_callback: { ringtoneUrl: 'callback.wav' },
  chat: { disabled: true },
  task: { ringtoneUrl: 'task.wav' },
  email: { disabled: true },
};

const softphoneAgent = {
  connectionId: 'a-1',
  type: 'agent',
  state: { type: 'connecting' },
  softphoneMediaInfo: { callType: 'audio_only' },
};
const voice = (state: string, extra: Record<string, unknown> = {}) => ({
  contactId: 'c-1',
  type: 'voice',
  initiationMethod: 'inbound',
  state: { type: state },
  connections: [
    softphoneAgent,
    { connectionId: 'i-1', type: 'inbound', state: { type: 'connected' } },
  ],
  ...extra,
});
const update = (contacts: unknown[]) => ({ snapshot: { contacts }, configuration: {} });

function setup(failPlay = false) {
  const session = new FakeSession();
  const audios: FakeAudio[] = [];
  const ringtones = new PanelRingtones({
    session,
    createAudio: (url) => {
      const audio = new FakeAudio(url);
      audio.failPlay = failPlay;
      audios.push(audio);
      return audio;
    },
  });
  return { session, audios, ringtones };
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('panel ringtone engines (spec §4 "Ringtone", §9)', () => {
  it('rings nothing before setup, then loops the voice ringtone for an inbound softphone call while connecting', async () => {
    const { session, audios, ringtones } = setup();
    session.emitUpstream('agent::update', update([voice('connecting')]));
    await vi.advanceTimersByTimeAsync(0);
    expect(audios).toEqual([]);
    ringtones.setup(SETTINGS);
    // the voice, queue_callback and task ringtones are loaded at setup; the load proceeds after 1 s
    expect(audios.map((a) => a.url)).toEqual(['voice.wav', 'callback.wav', 'task.wav']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(ringtones.isPlaying('voice')).toBe(true);
    expect(session.masterChecks).toContain('connect::ringtone');
    const playing = audios.filter((a) => a.playing);
    expect(playing.map((a) => [a.url, a.loop])).toEqual([['voice.wav', true]]);
    session.emitUpstream('agent::update', update([voice('connected')]));
    expect(ringtones.isPlaying('voice')).toBe(false);
    expect(audios.some((a) => a.playing)).toBe(false);
  });

  it('does not ring for an outbound call or a call without softphone media', async () => {
    const { session, ringtones } = setup();
    ringtones.setup(SETTINGS);
    session.emitUpstream(
      'agent::update',
      update([voice('connecting', { initiationMethod: 'outbound' })]),
    );
    await vi.advanceTimersByTimeAsync(2000);
    expect(ringtones.isPlaying('voice')).toBe(false);
    session.emitUpstream(
      'agent::update',
      update([voice('connecting', { connections: [{ connectionId: 'a', type: 'agent' }] })]),
    );
    await vi.advanceTimersByTimeAsync(2000);
    expect(ringtones.isPlaying('voice')).toBe(false);
  });

  it('rings a queued callback while incoming and stops on the accepted broadcast', async () => {
    const { session, ringtones } = setup();
    ringtones.setup(SETTINGS);
    session.emitUpstream('agent::update', update([voice('incoming', { type: 'queue_callback' })]));
    await vi.advanceTimersByTimeAsync(1000);
    expect(ringtones.isPlaying('queue_callback')).toBe(true);
    session.emitUpstream('contact::accepted', { contactId: 'c-1' });
    expect(ringtones.isPlaying('queue_callback')).toBe(false);
  });

  it('only the ringtone master tab rings', async () => {
    const { session, ringtones } = setup();
    session.isMaster = false;
    ringtones.setup(SETTINGS);
    session.emitUpstream('agent::update', update([voice('connecting')]));
    await vi.advanceTimersByTimeAsync(2000);
    expect(ringtones.isPlaying('voice')).toBe(false);
  });

  it('a disabled channel never rings', async () => {
    const { session, ringtones } = setup();
    ringtones.setup({ ...SETTINGS, voice: { disabled: true } });
    session.emitUpstream('agent::update', update([voice('connecting')]));
    await vi.advanceTimersByTimeAsync(2000);
    expect(ringtones.isPlaying('voice')).toBe(false);
  });

  it('retries a blocked start twice, then reports the ringtone exhausted', async () => {
    const { session, audios, ringtones } = setup(true);
    const exhausted: unknown[] = [];
    ringtones.on('exhausted', (channel, errors) => exhausted.push([channel, errors.length]));
    ringtones.setup(SETTINGS);
    session.emitUpstream('agent::update', update([voice('connecting')]));
    await vi.advanceTimersByTimeAsync(5000);
    expect(exhausted).toEqual([['voice', 3]]);
    expect(audios.filter((a) => a.url === 'voice.wav').reduce((n, a) => n + a.plays, 0)).toBe(3);
  });

  it('routes the ringtone to the ringer device and tells every tab', async () => {
    const { session, audios, ringtones } = setup();
    ringtones.setup(SETTINGS);
    await vi.advanceTimersByTimeAsync(1000);
    session.emitUpstream('configuration::set_ringer_device', { deviceId: 'ringer-2' });
    expect(audios.every((a) => a.sinkId === 'ringer-2')).toBe(true);
    expect(session.broadcasts).toContainEqual({
      event: 'configuration::ringer_device_changed',
      data: { deviceId: 'ringer-2' },
    });
  });
});
