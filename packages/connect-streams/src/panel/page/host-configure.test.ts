import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSession } from '../testing-support/fake-session';
import {
  mergeRingtoneParams,
  ParamsStorage,
  watchHostConfigure,
  type HostConfigureSource,
  type HostSoftphoneParams,
  type PanelRingtoneSettings,
} from './host-configure';

const ORIGIN = 'https://ccp.example';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

function watch(storage = memoryStorage(), framed = true) {
  const session = new FakeSession();
  const softphone: [HostSoftphoneParams, HostConfigureSource][] = [];
  const ringtone: [PanelRingtoneSettings, HostConfigureSource][] = [];
  const refreshed: number[] = [];
  const stop = watchHostConfigure(session, {
    framed,
    origin: ORIGIN,
    storage,
    ringtone: {
      voice: { ringtoneUrl: 'ring.wav' },
      queue_callback: { ringtoneUrl: 'ring.wav' },
    },
    onSoftphone: (p, s) => softphone.push([p, s]),
    onRingtone: (r, s) => ringtone.push([r, s]),
    onRefreshedWithoutConfigure: () => refreshed.push(Date.now()),
  });
  return { session, softphone, ringtone, refreshed, storage, stop };
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('configure from the embedding page (reference §1.4; spec §7 panel messages)', () => {
  it('a framed panel waits for configure and starts the softphone only with allowFramedSoftphone', async () => {
    const w = watch();
    w.session.acknowledge();
    await vi.advanceTimersByTimeAsync(1000);
    expect(w.softphone).toEqual([]);
    expect(w.ringtone).toEqual([]);
    w.session.emitDownstream('configure', { softphone: { allowFramedSoftphone: false } });
    expect(w.softphone).toEqual([]);
    w.session.emitDownstream('configure', {
      softphone: { allowFramedSoftphone: true, ringtoneUrl: 'custom.mp3' },
    });
    expect(w.softphone).toEqual([
      [{ allowFramedSoftphone: true, ringtoneUrl: 'custom.mp3' }, 'configure'],
    ]);
    // the ringtone engines are set up once, from the first configure
    expect(w.ringtone).toHaveLength(1);
    expect(w.ringtone[0]?.[0].voice).toEqual({ ringtoneUrl: 'ring.wav' });
  });

  it('disableRingtone and ringtoneUrl of softphone, chat and task reach the ringtone settings', () => {
    const w = watch();
    w.session.emitDownstream('configure', {
      softphone: { allowFramedSoftphone: true, disableRingtone: true },
      chat: { ringtoneUrl: 'chat.mp3' },
      task: { disableRingtone: true },
    });
    expect(w.ringtone[0]).toEqual([
      {
        voice: { ringtoneUrl: 'ring.wav', disabled: true },
        queue_callback: { ringtoneUrl: 'ring.wav', disabled: true },
        chat: { disabled: true, ringtoneUrl: 'chat.mp3' },
        task: { disabled: true },
        email: { disabled: true },
      },
      'configure',
    ]);
  });

  it('stores the softphone and ringtone params in localStorage under <module>ParamsStorage::<origin>', () => {
    const w = watch();
    w.session.emitDownstream('configure', {
      softphone: { allowFramedSoftphone: true, ringtoneUrl: 'x.mp3' },
    });
    expect(JSON.parse(w.storage.items.get(`SoftphoneParamsStorage::${ORIGIN}`) ?? 'null')).toEqual({
      allowFramedSoftphone: true,
      ringtoneUrl: 'x.mp3',
    });
    const stored = JSON.parse(
      w.storage.items.get(`RingtoneParamsStorage::${ORIGIN}`) ?? 'null',
    ) as PanelRingtoneSettings;
    expect(stored.voice).toEqual({ ringtoneUrl: 'x.mp3' });
  });
});

describe('refreshed without configure: the 100 ms localStorage fallback (spec §9)', () => {
  function refreshedPanel() {
    const storage = memoryStorage();
    const first = watch(storage);
    first.session.emitDownstream('configure', {
      softphone: { allowFramedSoftphone: true, ringtoneUrl: 'stored.mp3' },
    });
    first.stop();
    return watch(storage);
  }

  it('applies the stored params 100 ms after the worker acknowledges when no configure came', async () => {
    const w = refreshedPanel();
    w.session.acknowledge();
    await vi.advanceTimersByTimeAsync(99);
    expect(w.softphone).toEqual([]);
    expect(w.ringtone).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(w.refreshed).toHaveLength(1);
    expect(w.softphone).toEqual([
      [{ allowFramedSoftphone: true, ringtoneUrl: 'stored.mp3' }, 'localStorage'],
    ]);
    expect(w.ringtone.map(([r, s]) => [r.voice.ringtoneUrl, s])).toEqual([
      ['stored.mp3', 'localStorage'],
    ]);
  });

  it('a configure within the 100 ms cancels the fallback', async () => {
    const w = refreshedPanel();
    w.session.acknowledge();
    await vi.advanceTimersByTimeAsync(50);
    w.session.emitDownstream('configure', {
      softphone: { allowFramedSoftphone: true, ringtoneUrl: 'fresh.mp3' },
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(w.refreshed).toEqual([]);
    expect(w.softphone.map(([p, s]) => [p.ringtoneUrl, s])).toEqual([['fresh.mp3', 'configure']]);
    expect(w.ringtone.map(([r, s]) => [r.voice.ringtoneUrl, s])).toEqual([
      ['fresh.mp3', 'configure'],
    ]);
  });

  it('does nothing without stored params, and waits for the acknowledge', async () => {
    const w = watch();
    w.session.acknowledge();
    await vi.advanceTimersByTimeAsync(10_000);
    expect([w.softphone, w.ringtone, w.refreshed]).toEqual([[], [], []]);
    const r = refreshedPanel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(r.softphone).toEqual([]);
  });

  it('stored params without allowFramedSoftphone set up the ringtone but not the softphone', async () => {
    const storage = memoryStorage();
    new ParamsStorage<HostSoftphoneParams>('Softphone', { origin: ORIGIN, storage }).set({
      allowFramedSoftphone: false,
    });
    const w = watch(storage);
    w.session.acknowledge();
    await vi.advanceTimersByTimeAsync(100);
    expect(w.refreshed).toHaveLength(1);
    expect(w.softphone).toEqual([]);
  });
});

describe('request_configure (reference §1.5 [2.28])', () => {
  it('asks the embedding page for configure 1000 ms after the acknowledgement when none came', async () => {
    const w = watch();
    await vi.advanceTimersByTimeAsync(5000);
    expect(w.session.sentDownstream).toEqual([]);
    w.session.acknowledge();
    await vi.advanceTimersByTimeAsync(999);
    expect(w.session.sentDownstream).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(w.session.sentDownstream).toEqual([{ event: 'request_configure', data: undefined }]);
  });

  it('does not ask when configure arrived', async () => {
    const w = watch();
    w.session.acknowledge();
    await vi.advanceTimersByTimeAsync(10);
    w.session.emitDownstream('configure', { softphone: { allowFramedSoftphone: true } });
    await vi.advanceTimersByTimeAsync(5000);
    expect(w.session.sentDownstream).toEqual([]);
  });
});

describe('unframed panel', () => {
  it('starts the softphone and ringtone at once with its own params', () => {
    const w = watch(memoryStorage(), false);
    expect(w.softphone).toEqual([[{}, 'unframed']]);
    expect(w.ringtone[0]?.[1]).toBe('unframed');
  });
});

describe('mergeRingtoneParams', () => {
  it('a ringtone block overrides, its voice entry also applies to queue_callback', () => {
    const merged = mergeRingtoneParams(
      { voice: { ringtoneUrl: 'a' }, queue_callback: { ringtoneUrl: 'a' } },
      { ringtone: { voice: { ringtoneUrl: 'b' }, chat: { ringtoneUrl: 'c', disabled: false } } },
    );
    expect(merged.voice).toEqual({ ringtoneUrl: 'b' });
    expect(merged.queue_callback).toEqual({ ringtoneUrl: 'b' });
    expect(merged.chat).toEqual({ ringtoneUrl: 'c', disabled: false });
    expect(merged.task).toEqual({ disabled: true });
  });
});
