import { RINGTONE_FALLBACK_MS } from '../../constants';
import { REQUEST_CONFIGURE_DELAY_MS } from '../constants';
import type { PanelSession } from './init-shared-worker';

/** One channel's ringtone settings. @public */
export interface PanelRingtoneChannelSettings {
  /** The ringtone to play. */
  readonly ringtoneUrl?: string;
  /** No ringtone on this channel. */
  readonly disabled?: boolean;
}

/** Ringtone settings per channel, as the panel's ringtone engines take them. @public */
export interface PanelRingtoneSettings {
  /** Inbound voice calls. */
  readonly voice: PanelRingtoneChannelSettings;
  /** Queued callbacks. */
  readonly queue_callback: PanelRingtoneChannelSettings;
  /** Chat contacts. */
  readonly chat: PanelRingtoneChannelSettings;
  /** Task contacts. */
  readonly task: PanelRingtoneChannelSettings;
  /** Email contacts. */
  readonly email: PanelRingtoneChannelSettings;
}

/** The softphone part of the host's `configure`. @public */
export interface HostSoftphoneParams {
  /** Run the softphone in the framed panel. */
  readonly allowFramedSoftphone?: boolean;
  /** No voice and queue-callback ringtone. */
  readonly disableRingtone?: boolean;
  /** The voice and queue-callback ringtone. */
  readonly ringtoneUrl?: string;
  /** Do not keep these parameters for a panel refreshed without `configure`. */
  readonly disableStoringParamsInLocalStorage?: boolean;
  /** Any other option of the channel. */
  readonly [key: string]: unknown;
}

/** The channel part of the host's `configure` (chat, task, email). @public */
export interface HostChannelParams {
  /** Turns off the softphone's ringtone. */
  readonly disableRingtone?: boolean;
  /** The softphone's ringtone. */
  readonly ringtoneUrl?: string;
  /** Any other softphone option. */
  readonly [key: string]: unknown;
}

/**
 * What the embedding page sends in `configure`:
 * softphone, chat, task, pageOptions, shouldAddNamespaceToLogs, disasterRecoveryOn.
 * @public
 */
export interface HostConfigure {
  /** Softphone options. */
  readonly softphone?: HostSoftphoneParams;
  /** Chat options. */
  readonly chat?: HostChannelParams;
  /** Task options. */
  readonly task?: HostChannelParams;
  /** Email options. */
  readonly email?: HostChannelParams;
  /** Ringtones per channel. */
  readonly ringtone?: Partial<Record<keyof PanelRingtoneSettings, PanelRingtoneChannelSettings>>;
  /** Page options (audio-device and phone-type settings). */
  readonly pageOptions?: {
    readonly enableAudioDeviceSettings?: boolean;
    readonly enableVideoDeviceSettings?: boolean;
    readonly enablePhoneTypeSettings?: boolean;
    readonly showInactivityModal?: boolean;
    readonly [key: string]: unknown;
  };
  /** Prefix the panel's console lines with a namespace. */
  readonly shouldAddNamespaceToLogs?: boolean;
  /** Disaster recovery is on. */
  readonly disasterRecoveryOn?: boolean;
  /** Any other option the host sent. */
  readonly [key: string]: unknown;
}

/** The part of `Storage` the params store uses. @public */
export type ParamsStorageBackend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Parameters kept in localStorage for a panel that is refreshed without a new `configure` (the
 * real `BaseParamsStorage`): key `<module>ParamsStorage::<origin>`, JSON value; storage failures
 * are ignored (a frame may be denied storage).
 * @public
 */
export class ParamsStorage<T> {
  /** The localStorage key. */
  readonly key: string;
  private readonly storage: () => ParamsStorageBackend | undefined;

  /** Parameters kept in `backend` (the panel's local storage by default). */
  constructor(
    moduleName: 'Softphone' | 'Ringtone',
    options: { readonly origin?: string; readonly storage?: ParamsStorageBackend } = {},
  ) {
    this.key = `${moduleName}ParamsStorage::${options.origin ?? globalThis.location?.origin ?? ''}`;
    this.storage = () => {
      if (options.storage) return options.storage;
      try {
        return globalThis.localStorage;
      } catch {
        return undefined;
      }
    };
  }

  /** The stored value, or `null`. */
  get(): T | null {
    try {
      const item = this.storage()?.getItem(this.key);
      return item ? (JSON.parse(item) as T) : null;
    } catch {
      return null;
    }
  }

  /** Stores a value (nothing for a falsy one). */
  set(value: T | null | undefined): void {
    try {
      if (value) this.storage()?.setItem(this.key, JSON.stringify(value));
    } catch {
      // storage denied or full: the fallback simply will not run
    }
  }

  /** Removes the stored value. */
  clean(): void {
    try {
      this.storage()?.removeItem(this.key);
    } catch {
      // storage denied
    }
  }
}

type MutableRingtone = Record<keyof PanelRingtoneSettings, PanelRingtoneChannelSettings>;

/**
 * Merges `configure` data into ringtone settings as the real `initRingtoneEngines` does: chat,
 * task and email default to disabled; `softphone.disableRingtone` / `ringtoneUrl` apply to voice
 * and queue_callback, `chat`/`task`/`email` likewise to their channel; then a `ringtone` block is
 * merged in (its `voice` entry also into queue_callback).
 * @public
 */
export function mergeRingtoneParams(
  base: Partial<Record<keyof PanelRingtoneSettings, PanelRingtoneChannelSettings>>,
  other: HostConfigure,
): PanelRingtoneSettings {
  const r: MutableRingtone = {
    voice: { ...base.voice },
    queue_callback: { ...base.queue_callback },
    chat: { ...(base.chat ?? { disabled: true }) },
    task: { ...(base.task ?? { disabled: true }) },
    email: { ...(base.email ?? { disabled: true }) },
  };
  const apply = (
    channels: readonly (keyof PanelRingtoneSettings)[],
    params: HostChannelParams | undefined,
  ): void => {
    if (!params) return;
    for (const channel of channels) {
      if (params.disableRingtone) r[channel] = { ...r[channel], disabled: true };
      if (params.ringtoneUrl) r[channel] = { ...r[channel], ringtoneUrl: params.ringtoneUrl };
    }
  };
  apply(['voice', 'queue_callback'], other.softphone);
  apply(['chat'], other.chat);
  apply(['task'], other.task);
  apply(['email'], other.email);
  if (other.ringtone) {
    r.voice = { ...r.voice, ...other.ringtone.voice };
    r.queue_callback = { ...r.queue_callback, ...other.ringtone.voice };
    r.chat = { ...r.chat, ...other.ringtone.chat };
    r.task = { ...r.task, ...other.ringtone.task };
    r.email = { ...r.email, ...other.ringtone.email };
  }
  return r;
}

/** Where the panel's settings came from. @public */
export type HostConfigureSource = 'configure' | 'localStorage' | 'unframed';

/**
 * Options of {@link watchHostConfigure}.
 * @public
 */
export interface WatchHostConfigureOptions {
  /** Whether the page is framed (default: `window.parent !== window`). */
  readonly framed?: boolean;
  /** The panel's own softphone parameters (used as is when not framed). */
  readonly softphone?: HostSoftphoneParams;
  /** The panel's own ringtone settings (e.g. its default ringtone URL). */
  readonly ringtone?: Partial<Record<keyof PanelRingtoneSettings, PanelRingtoneChannelSettings>>;
  /** Where the parameters are kept (default: localStorage). */
  readonly storage?: ParamsStorageBackend;
  /** The origin the storage keys name (default: this page's origin). */
  readonly origin?: string;
  /** Every `configure` from the embedding page. */
  readonly onConfigure?: (data: HostConfigure) => void;
  /**
   * The softphone may run with these parameters: on `configure` with `allowFramedSoftphone`, on
   * the refresh fallback with stored parameters allowing it, or at once when not framed.
   */
  readonly onSoftphone?: (params: HostSoftphoneParams, source: HostConfigureSource) => void;
  /** The ringtone engines may start with these settings (same three sources). */
  readonly onRingtone?: (settings: PanelRingtoneSettings, source: HostConfigureSource) => void;
  /** The panel was refreshed without `configure` and stored parameters were applied. */
  readonly onRefreshedWithoutConfigure?: () => void;
  /**
   * Ask the embedding page for `configure` (`request_configure`) when none came this long after
   * the worker's acknowledgement (default 1000 ms; `false` never asks).
   */
  readonly requestConfigureAfterMs?: number | false;
}

/**
 * Honours the embedding page's `configure` as the real CCP page does (its softphone manager and
 * ringtone engine setup): when framed it waits for `configure`, stores the softphone and ringtone
 * parameters in localStorage, and starts the softphone only with `allowFramedSoftphone`. A panel
 * refreshed after an earlier `configure` (none comes again from a 2.18 host) uses the stored
 * parameters 100 ms after the worker's first acknowledgement, unless `configure` arrives first.
 * A framed panel without `configure` 1 s after the acknowledgement asks for it with
 * `request_configure` (as the 2.28 CCP does). Not framed, it starts at once with the panel's own
 * parameters. Returns a stop function.
 *
 * @example
 * ```ts
 * watchHostConfigure(session, {
 *   ringtone: { voice: { ringtoneUrl: './ringtone.wav' }, queue_callback: { ringtoneUrl: './ringtone.wav' } },
 *   onSoftphone: () => softphone.start(),
 *   onRingtone: (settings) => ringtones.setup(settings),
 * });
 * ```
 * @public
 */
export function watchHostConfigure(
  session: Pick<PanelSession, 'onDownstream' | 'ready' | 'sendDownstream'>,
  options: WatchHostConfigureOptions = {},
): () => void {
  const framed = options.framed ?? globalThis.window?.parent !== globalThis.window;
  const storageOptions = {
    ...(options.origin !== undefined ? { origin: options.origin } : {}),
    ...(options.storage ? { storage: options.storage } : {}),
  };
  const softphoneStore = new ParamsStorage<HostSoftphoneParams>('Softphone', storageOptions);
  const ringtoneStore = new ParamsStorage<PanelRingtoneSettings>('Ringtone', storageOptions);
  const own: HostConfigure = {
    ...(options.softphone ? { softphone: options.softphone } : {}),
  };
  const ownRingtone = mergeRingtoneParams(options.ringtone ?? {}, own);
  if (!framed) {
    options.onSoftphone?.(options.softphone ?? {}, 'unframed');
    options.onRingtone?.(ownRingtone, 'unframed');
    return () => undefined;
  }
  let stopped = false;
  let configured = false;
  let softphoneStarted = false;
  let fallback: ReturnType<typeof setTimeout> | undefined;
  let requestTimer: ReturnType<typeof setTimeout> | undefined;
  let received = false;
  const off = session.onDownstream('configure', (raw) => {
    if (stopped || typeof raw !== 'object' || raw === null) return;
    const data = raw as HostConfigure;
    received = true;
    if (requestTimer !== undefined) clearTimeout(requestTimer);
    requestTimer = undefined;
    if (fallback !== undefined) clearTimeout(fallback);
    fallback = undefined;
    options.onConfigure?.(data);
    // Always overwrite the stored softphone parameters on configure.
    softphoneStore.set(data.softphone);
    if (data.softphone?.allowFramedSoftphone && !softphoneStarted) {
      softphoneStarted = true;
      options.onSoftphone?.({ ...options.softphone, ...data.softphone }, 'configure');
    }
    if (!configured) {
      configured = true;
      const ringtone = mergeRingtoneParams(ownRingtone, data);
      ringtoneStore.set(ringtone);
      options.onRingtone?.(ringtone, 'configure');
    }
  });
  const requestAfter = options.requestConfigureAfterMs ?? REQUEST_CONFIGURE_DELAY_MS;
  if (requestAfter !== false) {
    void session.ready.then(() => {
      if (stopped || received) return;
      requestTimer = setTimeout(() => {
        requestTimer = undefined;
        if (!stopped && !received) session.sendDownstream('request_configure');
      }, requestAfter);
    });
  }
  const storedSoftphone = softphoneStore.get();
  const storedRingtone = ringtoneStore.get();
  if (storedSoftphone || storedRingtone) {
    void session.ready.then(() => {
      if (stopped || configured || softphoneStarted) return;
      fallback = setTimeout(() => {
        fallback = undefined;
        if (stopped) return;
        options.onRefreshedWithoutConfigure?.();
        if (storedSoftphone?.allowFramedSoftphone && !softphoneStarted) {
          softphoneStarted = true;
          options.onSoftphone?.({ ...options.softphone, ...storedSoftphone }, 'localStorage');
        }
        if (storedRingtone && !configured) {
          configured = true;
          options.onRingtone?.(storedRingtone, 'localStorage');
        }
      }, RINGTONE_FALLBACK_MS);
    });
  }
  return () => {
    stopped = true;
    off();
    if (fallback !== undefined) clearTimeout(fallback);
    if (requestTimer !== undefined) clearTimeout(requestTimer);
  };
}
