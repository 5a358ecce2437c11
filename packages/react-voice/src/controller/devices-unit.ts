/**
 * The devices unit: enumerates audio devices with a 2000 ms
 * time-out, selects the speaker, microphone (only during a voice call) and ringer, and downloads
 * the softphone logs.
 */
import { enumerateMediaDevices } from '@x/connect-streams';
import { AUDIO_DEVICE_ENUMERATION_TIMEOUT_MS } from './constants';
import { messageOf, voiceError } from './errors';
import type { AudioDevice, AudioDeviceRole, DevicesState } from './types';
import type { UnitContext } from './unit-context';

/** The devices slice before enumeration. */
export const INITIAL_DEVICES_STATE: DevicesState = {
  status: 'idle',
  speakers: [],
  microphones: [],
  ringers: [],
  selected: { speaker: null, microphone: null, ringer: null },
  canChangeMicrophone: false,
  error: null,
};

/** What enumerates devices (`navigator.mediaDevices`, or a test double). @public */
export interface MediaDevicesSource {
  /** Lists the media devices, as `navigator.mediaDevices.enumerateDevices` does. */
  enumerateDevices(): Promise<MediaDeviceInfo[]>;
  /**
   * Where it tells of plugged and unplugged devices (`devicechange`); without it, the lists change
   * only on a refresh.
   */
  addEventListener?(type: 'devicechange', listener: () => void): void;
  /** Stops telling a listener of device changes. */
  removeEventListener?(type: 'devicechange', listener: () => void): void;
}

/** The devices unit. @internal */
export class DevicesUnit {
  constructor(
    private readonly ctx: UnitContext,
    private readonly source: () => MediaDevicesSource | undefined,
  ) {}

  private get state(): DevicesState {
    return this.ctx.store.getState().devices;
  }

  private set(patch: Partial<DevicesState>): void {
    this.ctx.store.update('devices', patch);
  }

  /** The microphone can be changed only during a voice call. */
  sync(onCall: boolean): void {
    this.set({ canChangeMicrophone: onCall });
  }

  /** The listing under way: callers at the same time share it (one `enumerateDevices`). */
  private listing: Promise<void> | null = null;
  /** A device changed while a listing was under way. */
  private stale = false;
  /** Stops following `devicechange`, once the lists were read. */
  private unfollow: (() => void) | null = null;

  /**
   * Lists the audio devices; fails after 2000 ms. From the first listing on, a device plugged in
   * or out lists them again.
   */
  refresh(): Promise<void> {
    this.listing ??= this.list().finally(() => {
      this.listing = null;
      if (!this.stale) return;
      this.stale = false;
      void this.refresh();
    });
    return this.listing;
  }

  /** Stops following device changes (the controller is disposed). */
  dispose(): void {
    this.unfollow?.();
    this.unfollow = null;
  }

  private follow(source: MediaDevicesSource | undefined): void {
    if (this.unfollow || !source?.addEventListener) return;
    // A change during a listing may be missed by it: list again once it ends.
    const listener = (): void => {
      if (this.listing) this.stale = true;
      else void this.refresh();
    };
    source.addEventListener('devicechange', listener);
    this.unfollow = () => source.removeEventListener?.('devicechange', listener);
  }

  private async list(): Promise<void> {
    this.set({ status: 'loading', error: null });
    try {
      const source = this.source();
      this.follow(source);
      const list = await enumerateMediaDevices(
        source ? { mediaDevices: source } : undefined,
        AUDIO_DEVICE_ENUMERATION_TIMEOUT_MS,
      );
      const audio = list
        .filter((d) => d.kind === 'audioinput' || d.kind === 'audiooutput')
        .map((d): AudioDevice => ({
          deviceId: d.deviceId,
          kind: d.kind as AudioDevice['kind'],
          label: d.label,
        }));
      const outputs = audio.filter((d) => d.kind === 'audiooutput');
      this.set({
        status: 'ready',
        speakers: outputs,
        ringers: outputs,
        microphones: audio.filter((d) => d.kind === 'audioinput'),
      });
    } catch (error) {
      this.set({ status: 'error', error: messageOf(error) });
    }
  }

  /** Selects a device for a role; the microphone only during a voice call. */
  select(role: AudioDeviceRole, deviceId: string): void {
    const agent = this.ctx.ccp()?.agent;
    if (!agent) throw voiceError('noAgentTo', { action: 'select a device' });
    if (role === 'microphone' && !this.state.canChangeMicrophone)
      throw voiceError('microphoneOnlyDuringCall');
    if (role === 'speaker') agent.setSpeakerDevice(deviceId);
    else if (role === 'microphone') agent.setMicrophoneDevice(deviceId);
    else agent.setRingerDevice(deviceId);
    this.selected(role, deviceId);
  }

  /** A device was selected (here or in another tab: `configuration::set_*_device`). */
  selected(role: AudioDeviceRole, deviceId: string): void {
    this.set({ selected: { ...this.state.selected, [role]: deviceId || null } });
  }

  /** Downloads the softphone logs ('Download logs'). */
  downloadLogs(): void {
    const ccp = this.ctx.ccp();
    if (!ccp) throw voiceError('noAgentTo', { action: 'download logs' });
    ccp.getLog().download();
  }
}
