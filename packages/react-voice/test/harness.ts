/**
 * Test harness of the voice controller: the in-memory panel of `@x/connect-streams/testing`, a fake
 * product API, and a local storage shared by simulated tabs (with the `storage` event other tabs
 * get).
 */
import { TestPanel } from '@x/connect-streams/testing';
import type { VoiceApi } from '../src/api/client';
import type { CrossTabStorage, StorageChangeSource } from '../src/controller/cross-tab';
import type { MediaDevicesSource } from '../src/controller/devices-unit';
import { VoiceController } from '../src/controller/voice-controller';
import type { FakeApi } from './fake-api';
import { fakeApi } from './fake-api';

/** One browser's local storage, seen by several tabs. */
export class SharedStorage {
  readonly map = new Map<string, string>();
  private readonly tabs = new Set<TabStorage>();

  /** A tab's view: writes fire the `storage` event in every other tab. */
  tab(): TabStorage {
    const tab = new TabStorage(this);
    this.tabs.add(tab);
    return tab;
  }

  /** @internal */
  changed(from: TabStorage, key: string | null): void {
    for (const tab of this.tabs) if (tab !== from) tab.fire(key);
  }

  keys(): string[] {
    return [...this.map.keys()];
  }
}

export class TabStorage implements CrossTabStorage {
  private readonly listeners = new Set<(key: string | null) => void>();

  constructor(private readonly shared: SharedStorage) {}

  get length(): number {
    return this.shared.map.size;
  }
  key(index: number): string | null {
    return [...this.shared.map.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.shared.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.shared.map.set(key, value);
    this.shared.changed(this, key);
  }
  removeItem(key: string): void {
    this.shared.map.delete(key);
    this.shared.changed(this, key);
  }

  readonly changes: StorageChangeSource = (listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** @internal */
  fire(key: string | null): void {
    for (const l of [...this.listeners]) l(key);
  }
}

export interface Tab {
  readonly panel: TestPanel;
  readonly controller: VoiceController;
  readonly api: FakeApi;
  readonly storage: TabStorage;
  readonly sounds: boolean[];
  readonly errors: { what: string; error: unknown }[];
}

export interface TabOptions {
  readonly api?: Partial<VoiceApi> | FakeApi;
  readonly storage?: SharedStorage;
  /** The panel to share (tabs of one browser see the same panel state). */
  readonly panel?: TestPanel;
  readonly random?: () => number;
  readonly idAgent?: string | null;
  readonly mediaDevices?: MediaDevicesSource;
}

/** A tab: its controller started over a panel (its own, or a shared one). */
export async function openTab(options: TabOptions = {}): Promise<Tab> {
  const panel = options.panel ?? new TestPanel();
  const api = options.api && 'calls' in options.api ? options.api : fakeApi(options.api);
  const storage = (options.storage ?? new SharedStorage()).tab();
  const sounds: boolean[] = [];
  const errors: Tab['errors'] = [];
  const controller = new VoiceController({
    api,
    storage,
    storageChanges: storage.changes,
    random: options.random ?? (() => 0),
    idAgent: options.idAgent ?? null,
    connect: () => panel.connect(),
    onNotificationSoundChange: (enabled) => sounds.push(enabled),
    onError: (what, error) => errors.push({ what, error }),
    ...(options.mediaDevices ? { mediaDevices: options.mediaDevices } : {}),
  });
  await controller.start();
  return { panel, controller, api, storage, sounds, errors };
}

/** Lets queued panel messages, promises and timers up to `ms` run (under fake timers). */
export async function flush(
  vi: { advanceTimersByTimeAsync(ms: number): Promise<unknown> },
  ms = 600,
): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}
