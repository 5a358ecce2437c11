import { MASTER_TOPICS } from '../../master/master-client';
import {
  RingtoneManager,
  type RingtoneAudio,
  type RingtoneChannel,
  type RingtoneEvents,
} from '../../media/ringtone';
import type { PanelSession } from '../page/init-shared-worker';
import type { PanelRingtoneSettings } from '../page/host-configure';

interface ConnectionLike {
  readonly type?: string;
  readonly softphoneMediaInfo?: unknown;
  readonly monitoringInfo?: unknown;
  readonly monitorStatus?: unknown;
}
interface ContactLike {
  readonly contactId: string;
  readonly type?: string;
  readonly initiationMethod?: string;
  readonly state?: { readonly type?: string };
  readonly connections?: readonly ConnectionLike[];
}

const CHANNELS: readonly RingtoneChannel[] = ['voice', 'queue_callback', 'chat', 'task', 'email'];

/**
 * Whether a contact rings on its channel, as the real ringtone engines decide: an inbound
 * softphone voice call while connecting, a queued callback while incoming, an inbound chat (no
 * silent-monitoring agent), task or email while connecting.
 */
function ringsFor(contact: ContactLike): RingtoneChannel | undefined {
  const state = contact.state?.type;
  const channel = (contact.type ?? 'voice') as RingtoneChannel;
  const inbound = contact.initiationMethod !== 'outbound';
  const agent = contact.connections?.find((c) => c.type === 'agent');
  switch (channel) {
    case 'voice':
      return state === 'connecting' && inbound && agent?.softphoneMediaInfo !== undefined
        ? 'voice'
        : undefined;
    case 'queue_callback':
      return state === 'incoming' ? 'queue_callback' : undefined;
    case 'chat':
      return state === 'connecting' &&
        inbound &&
        !contact.connections?.some(
          (c) => c.type === 'agent' && c.monitorStatus === 'SILENT_MONITOR',
        )
        ? 'chat'
        : undefined;
    case 'task':
    case 'email':
      return state === 'connecting' ? channel : undefined;
    default:
      return undefined;
  }
}

/**
 * Options of {@link PanelRingtones}.
 * @public
 */
export interface PanelRingtonesOptions {
  /** The panel session (agent updates, master topics, broadcasts). */
  readonly session: Pick<PanelSession, 'on' | 'checkMaster' | 'broadcast'>;
  /** Creates the audio element (default `new Audio(url)`). */
  readonly createAudio?: (url: string) => RingtoneAudio;
}

/**
 * The panel's ringtone engines: once set
 * up with the merged settings, rings per channel while a contact is offered (looped, start
 * retried twice then reported exhausted, load proceeding after 1 s), only in the ringtone master
 * tab; stops when the contact is accepted, connected or leaves the offered state; follows
 * `configuration::set_ringer_device` and answers with `configuration::ringer_device_changed`.
 *
 * @example
 * ```ts
 * const ringtones = new PanelRingtones({ session });
 * watchHostConfigure(session, { onRingtone: (settings) => ringtones.setup(settings) });
 * ```
 * @public
 */
export class PanelRingtones {
  private manager: RingtoneManager | undefined;
  private settings: PanelRingtoneSettings | undefined;
  private readonly ringing = new Map<RingtoneChannel, string>();
  private readonly unsubscribers: (() => void)[] = [];
  private readonly handlers: [keyof RingtoneEvents, (...args: never[]) => void][] = [];
  private ringerDeviceId = '';
  private lastContacts: readonly ContactLike[] = [];

  /** The panel's ringtones with these options. */
  constructor(private readonly options: PanelRingtonesOptions) {
    const { session } = options;
    this.unsubscribers.push(
      session.on('agent::update', (data) => {
        const contacts = (data as { snapshot?: { contacts?: unknown } } | null)?.snapshot?.contacts;
        this.lastContacts = Array.isArray(contacts) ? (contacts as ContactLike[]) : [];
        this.drive();
      }),
      session.on('contact::accepted', (data) => {
        const id = (data as { contactId?: unknown } | null)?.contactId;
        for (const [channel, contactId] of this.ringing) {
          if (contactId === id) this.stop(channel);
        }
      }),
      session.on('configuration::set_ringer_device', (data) => {
        const deviceId = (data as { deviceId?: unknown } | null)?.deviceId;
        if (typeof deviceId !== 'string' || deviceId === '') return;
        this.ringerDeviceId = deviceId;
        this.manager?.setOutputDevice(deviceId);
        if (this.manager) {
          session.broadcast('configuration::ringer_device_changed', { deviceId });
        }
      }),
    );
  }

  /** The settings in use, once set up. */
  get currentSettings(): PanelRingtoneSettings | undefined {
    return this.settings;
  }

  /** Whether a channel is ringing. */
  isPlaying(channel: RingtoneChannel): boolean {
    return this.manager?.isPlaying(channel) ?? false;
  }

  /** Subscribes to a ringtone event (started, stopped, exhausted); returns the unsubscribe function. */
  on<K extends keyof RingtoneEvents>(
    event: K,
    handler: (...args: RingtoneEvents[K]) => void,
  ): () => void {
    if (this.manager) return this.manager.on(event, handler);
    const entry: [keyof RingtoneEvents, (...args: never[]) => void] = [
      event,
      handler as unknown as (...args: never[]) => void,
    ];
    this.handlers.push(entry);
    return () => {
      const i = this.handlers.indexOf(entry);
      if (i >= 0) this.handlers.splice(i, 1);
    };
  }

  /**
   * Starts the engines with these settings (once; later calls are ignored, as the real engine
   * setup runs once). Voice and queue_callback need a ringtoneUrl or `disabled`.
   */
  setup(settings: PanelRingtoneSettings): void {
    if (this.manager) return;
    this.settings = settings;
    this.manager = new RingtoneManager(settings, {
      ...(this.options.createAudio ? { createAudio: this.options.createAudio } : {}),
    });
    for (const [event, handler] of this.handlers.splice(0)) {
      this.manager.on(event, handler as never);
    }
    if (this.ringerDeviceId) this.manager.setOutputDevice(this.ringerDeviceId);
    // Load every enabled channel now (the 1 s load rule applies).
    for (const channel of CHANNELS) {
      const entry = settings[channel];
      if (!entry.disabled && entry.ringtoneUrl) void this.manager.load(channel).catch(() => null);
    }
    this.drive();
  }

  /** Stops ringing and listening. */
  dispose(): void {
    for (const off of this.unsubscribers.splice(0)) off();
    this.manager?.dispose();
    this.ringing.clear();
  }

  private drive(): void {
    const manager = this.manager;
    const settings = this.settings;
    if (!manager || !settings) return;
    const wanted = new Map<RingtoneChannel, string>();
    for (const contact of this.lastContacts) {
      const channel = ringsFor(contact);
      if (channel && !wanted.has(channel)) wanted.set(channel, contact.contactId);
    }
    for (const [channel, contactId] of this.ringing) {
      if (wanted.get(channel) !== contactId) this.stop(channel);
    }
    for (const [channel, contactId] of wanted) {
      const entry = settings[channel];
      if (this.ringing.has(channel) || entry.disabled || !entry.ringtoneUrl) continue;
      this.ringing.set(channel, contactId);
      void this.options.session
        .checkMaster(MASTER_TOPICS.ringtone)
        .then(async (status) => {
          if (!status.isMaster || this.ringing.get(channel) !== contactId) return;
          const started = await manager.start(channel, contactId);
          // Stopped while starting: silence it.
          if (started && this.ringing.get(channel) !== contactId) manager.stop(channel);
        })
        .catch(() => undefined);
    }
  }

  private stop(channel: RingtoneChannel): void {
    this.ringing.delete(channel);
    this.manager?.stop(channel);
  }
}
