import { EventEmitter } from 'eventemitter3';
import { RINGTONE_LOAD_TIMEOUT_MS, RINGTONE_START_RETRIES } from '../constants';
import type { Contact } from '../contact/contact';
import { ConnectError } from '../errors';
import { MESSAGES } from '../messages';
import type { ContactsEvents } from '../events/agent-data-store';

/** Ringtone channels. @public */
export type RingtoneChannel = 'voice' | 'queue_callback' | 'chat' | 'task' | 'email';

/** The part of `HTMLAudioElement` a ringtone uses. @public */
export interface RingtoneAudio {
  /** Whether playback loops. */
  loop: boolean;
  /** Playback position in seconds. */
  currentTime: number;
  /** Starts playback. */
  play(): Promise<void>;
  /** Pauses playback. */
  pause(): void;
  /** Sends the audio to an output device. */
  setSinkId?(deviceId: string): Promise<void>;
  /** Listens for `canplay` and `error`. */
  addEventListener(type: 'canplay' | 'error', listener: () => void): void;
}

/** Events of a `RingtoneManager`. @public */
export interface RingtoneEvents {
  /** A ringtone started for a contact. */
  started: [channel: RingtoneChannel, contactId: string];
  /** A ringtone stopped. */
  stopped: [channel: RingtoneChannel];
  /** Playback failed after the start retries (autoplay blocked, for instance). */
  exhausted: [channel: RingtoneChannel, errors: readonly string[]];
}

/** Options of a `RingtoneManager`. @public */
export interface RingtoneManagerOptions {
  /** Creates the audio element (default `new Audio(url)`). */
  readonly createAudio?: (url: string) => RingtoneAudio;
  /** Whether this tab is the ringtone master (only the master rings). */
  readonly isMaster?: () => boolean | Promise<boolean>;
}

/** Which contact events start the ringtone of each channel. */
const START_ON: Record<RingtoneChannel, 'connecting' | 'incoming'> = {
  voice: 'connecting',
  queue_callback: 'incoming',
  chat: 'connecting',
  task: 'connecting',
  email: 'connecting',
};

/**
 * Looped ringtones per channel (voice, queue_callback, chat, task, email). A start is retried twice
 * (reloading the audio) and then reported as `exhausted`; a load proceeds after 1 s without a
 * `canplay`. Only the ringtone master rings.
 * @public
 */
export class RingtoneManager {
  private readonly emitter = new EventEmitter<RingtoneEvents>();
  private readonly audios = new Map<RingtoneChannel, RingtoneAudio>();
  private readonly playing = new Set<RingtoneChannel>();
  private readonly unsubscribers: (() => void)[] = [];
  private deviceId = '';
  private readonly createAudio: (url: string) => RingtoneAudio;

  constructor(
    private readonly settings: Partial<
      Record<RingtoneChannel, { ringtoneUrl?: string; disabled?: boolean }>
    >,
    private readonly options: RingtoneManagerOptions = {},
  ) {
    this.createAudio = options.createAudio ?? ((url) => new Audio(url));
  }

  /** Subscribes to a ringtone event; returns the unsubscribe function. */
  on<K extends keyof RingtoneEvents>(
    event: K,
    handler: (...args: RingtoneEvents[K]) => void,
  ): () => void {
    this.emitter.on(event, handler);
    return () => {
      this.emitter.off(event, handler);
    };
  }

  /** Rings for contacts of the given collection (a {@link Ccp}'s `contacts`). */
  attach(contacts: {
    on<K extends keyof ContactsEvents>(
      event: K,
      handler: (...args: ContactsEvents[K]) => void,
    ): () => void;
  }): void {
    const ring = (event: 'connecting' | 'incoming') => (contact: Contact) => {
      const channel = contact.getType() as RingtoneChannel;
      if (START_ON[channel] !== event) return;
      // As the original voice engine: inbound softphone calls only.
      if (channel === 'voice' && (!contact.isInbound() || !contact.isSoftphoneCall())) return;
      void this.ringFor(channel, contact);
    };
    this.unsubscribers.push(contacts.on('connecting', ring('connecting')));
    this.unsubscribers.push(contacts.on('incoming', ring('incoming')));
  }

  /** Loads the audio of a channel; resolves on `canplay` or after 1 s, rejects on a load error. */
  load(channel: RingtoneChannel): Promise<RingtoneAudio> {
    const url = this.settings[channel]?.ringtoneUrl;
    if (!url)
      return Promise.reject(new ConnectError('ringtoneUrlRequired', MESSAGES.ringtoneUrlRequired));
    const audio = this.createAudio(url);
    audio.loop = true;
    if (this.deviceId && audio.setSinkId)
      void audio.setSinkId(this.deviceId).catch(() => undefined);
    this.audios.set(channel, audio);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve(audio), RINGTONE_LOAD_TIMEOUT_MS);
      audio.addEventListener('canplay', () => {
        clearTimeout(timer);
        resolve(audio);
      });
      audio.addEventListener('error', () => {
        clearTimeout(timer);
        reject(new Error(`Ringtone load error: ${url}`));
      });
    });
  }

  /** Starts the ringtone of a channel with up to 2 retries; emits `exhausted` when all fail. */
  async start(channel: RingtoneChannel, contactId = ''): Promise<boolean> {
    if (this.settings[channel]?.disabled) return false;
    const errors: string[] = [];
    for (let attempt = 0; attempt <= RINGTONE_START_RETRIES; attempt++) {
      let audio = this.audios.get(channel);
      try {
        if (!audio || attempt > 0)
          audio = await this.load(channel).catch(() => this.audios.get(channel));
        if (!audio) throw new Error('No audio object found');
        await audio.play();
        this.playing.add(channel);
        this.emitter.emit('started', channel, contactId);
        return true;
      } catch (e) {
        errors.push(String(e));
      }
    }
    this.emitter.emit('exhausted', channel, errors);
    return false;
  }

  /** Stops the ringtone of a channel. */
  stop(channel: RingtoneChannel): void {
    const audio = this.audios.get(channel);
    if (!audio || !this.playing.has(channel)) return;
    audio.pause();
    audio.currentTime = 0;
    this.playing.delete(channel);
    this.emitter.emit('stopped', channel);
  }

  /** Whether a channel is ringing. */
  isPlaying(channel: RingtoneChannel): boolean {
    return this.playing.has(channel);
  }

  /** Routes every ringtone to the ringer device. */
  setOutputDevice(deviceId: string): void {
    this.deviceId = deviceId;
    for (const a of this.audios.values())
      if (a.setSinkId) void a.setSinkId(deviceId).catch(() => undefined);
  }

  dispose(): void {
    for (const c of [...this.playing]) this.stop(c);
    for (const u of this.unsubscribers.splice(0)) u();
    this.emitter.removeAllListeners();
    this.audios.clear();
  }

  private async ringFor(channel: RingtoneChannel, contact: Contact): Promise<void> {
    if (this.settings[channel]?.disabled || !this.settings[channel]?.ringtoneUrl) return;
    if (this.options.isMaster && !(await this.options.isMaster())) return;
    const started = await this.start(channel, contact.contactId);
    if (!started) return;
    const stop = (): void => {
      this.stop(channel);
      offs.forEach((o) => o());
    };
    const offs = [
      contact.on('connected', stop),
      contact.on('accepted', stop),
      contact.on('ended', stop),
      contact.on('destroyed', stop),
      contact.on('refresh', (c) => {
        const t = c.getState().type;
        if (t !== 'connecting' && t !== 'incoming') stop();
      }),
    ];
  }
}
