import * as z from 'zod/mini';
import { ConnectError } from '../errors';
import { LOG_LEVELS, type LogLevel } from '../log/logger';
import { MESSAGES } from '../messages';
import { storageAccessParamsSchema } from '../storage-access/storage-access';
import type { StorageAccessParams } from '@x/connect-streams/services';

const ringtoneEntry = z.object({
  ringtoneUrl: z.optional(z.string()),
  disabled: z.optional(z.boolean()),
});

const timeout = z.optional(z.number().check(z.positive()));

// Typed by name so the public declaration does not print an anonymous literal union, whose member
// order TypeScript does not keep stable between builds (it made the API report flap).
const logLevel = z.custom<LogLevel>(
  (value) => typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value),
);

/** Schema of the {@link InitCcpParams}. @internal */
export const initCcpParamsSchema = z.object({
  ccpUrl: z
    .string({ error: MESSAGES.ccpUrlRequired })
    .check(z.minLength(1, MESSAGES.ccpUrlRequired)),
  loginUrl: z.optional(z.string()),
  region: z.optional(z.string()),
  style: z.optional(z.string()),
  iframeTitle: z.optional(z.string()),
  softphone: z.optional(
    z.looseObject({
      allowFramedSoftphone: z.optional(z.boolean()),
      disableRingtone: z.optional(z.boolean()),
      ringtoneUrl: z.optional(z.string()),
      disableStoringParamsInLocalStorage: z.optional(z.boolean()),
    }),
  ),
  chat: z.optional(z.record(z.string(), z.unknown())),
  task: z.optional(z.record(z.string(), z.unknown())),
  pageOptions: z.optional(z.record(z.string(), z.unknown())),
  ringtone: z.optional(
    z.object({
      voice: z.optional(ringtoneEntry),
      queue_callback: z.optional(ringtoneEntry),
      chat: z.optional(ringtoneEntry),
      task: z.optional(ringtoneEntry),
      email: z.optional(ringtoneEntry),
    }),
  ),
  loginPopup: z.optional(z.boolean()),
  loginOptions: z.optional(
    z.object({
      autoClose: z.optional(z.boolean()),
      height: z.optional(z.number()),
      width: z.optional(z.number()),
      top: z.optional(z.number()),
      left: z.optional(z.number()),
    }),
  ),
  loginPopupAutoClose: z.optional(z.boolean()),
  ccpSynTimeout: timeout,
  ccpAckTimeout: timeout,
  ccpLoadTimeout: timeout,
  shouldAddNamespaceToLogs: z.optional(z.boolean()),
  disasterRecoveryOn: z.optional(z.boolean()),
  /** Disaster recovery: whether this panel's region is the primary (else a stand-by). */
  isPrimary: z.optional(z.boolean()),
  /** Disaster recovery: the panel's worker polls for the active region instead. */
  pollForFailover: z.optional(z.boolean()),
  /** Disaster recovery: this region's instance ARN. */
  instanceArn: z.optional(z.string()),
  /** Disaster recovery: the other region's instance ARN. */
  otherArn: z.optional(z.string()),
  enableGlobalResiliency: z.optional(z.boolean()),
  secondaryCCPUrl: z.optional(z.string()),
  storageAccess: z.optional(storageAccessParamsSchema),
  logLevel: z.optional(logLevel),
  consoleLevel: z.optional(logLevel),
});

/** One channel's ringtone: a URL to play, or `disabled: true`. @public */
export interface RingtoneEntry {
  /** The audio file played (looped) while a contact of this channel rings. */
  ringtoneUrl?: string;
  /** No ringtone for this channel. */
  disabled?: boolean;
}

/**
 * Ringtone settings per channel. `voice` and `queue_callback` each need a `ringtoneUrl` or
 * `disabled: true`; `chat`, `task` and `email` are disabled when left out.
 * @public
 */
export interface RingtoneSettings {
  /** Inbound voice calls. */
  voice?: RingtoneEntry;
  /** Queued callbacks. */
  queue_callback?: RingtoneEntry;
  /** Chat contacts. */
  chat?: RingtoneEntry;
  /** Task contacts. */
  task?: RingtoneEntry;
  /** Email contacts. */
  email?: RingtoneEntry;
}

/**
 * Parameters of {@link initCCP}. Only `ccpUrl` is required.
 *
 * @example
 * ```ts
 * const params: InitCcpParams = {
 *   ccpUrl: 'https://example.my.connect.aws/ccp-v2/',
 *   loginPopup: true,
 *   loginOptions: { autoClose: true },
 *   softphone: { allowFramedSoftphone: true },
 *   ringtone: { voice: { ringtoneUrl: '/ring.mp3' }, queue_callback: { disabled: true } },
 * };
 * ```
 * @public
 */
export interface InitCcpParams {
  /** The panel's URL, e.g. `https://<instance>.my.connect.aws/ccp-v2/` (the emulator's is printed by its CLI). */
  ccpUrl: string;
  /** Where the login popup goes when the panel is not signed in (defaults to the panel's login page). */
  loginUrl?: string;
  /** The instance's region (default `us-west-2`). */
  region?: string;
  /** CSS text for the panel iframe (default `width: 100%; height: 100%;`). */
  style?: string;
  /** The iframe's title (default 'Amazon Connect CCP'). */
  iframeTitle?: string;
  /** Softphone options passed to the panel. */
  softphone?: {
    /** Lets the panel run the softphone inside the iframe. */
    allowFramedSoftphone?: boolean;
    /** Turns off the softphone's own ringtone. */
    disableRingtone?: boolean;
    /** The softphone's ringtone, used for voice and callbacks when `ringtone` does not say otherwise. */
    ringtoneUrl?: string;
    /** The panel does not keep these options in its local storage. */
    disableStoringParamsInLocalStorage?: boolean;
    /** Any other option the panel understands, passed through. */
    [option: string]: unknown;
  };
  /** Chat options passed to the panel. */
  chat?: Record<string, unknown>;
  /** Task options passed to the panel. */
  task?: Record<string, unknown>;
  /** Page options passed to the panel (e.g. `enableAudioDeviceSettings`). */
  pageOptions?: Record<string, unknown>;
  /** Host-side ringtones per channel; played only in the master tab. */
  ringtone?: RingtoneSettings;
  /** Whether a login popup opens when the panel does not acknowledge in time (default true). */
  loginPopup?: boolean;
  /** Login popup options: `autoClose` closes it after sign-in; size and position in pixels (default 578 × 433). */
  loginOptions?: {
    /** Close the login window once the panel acknowledges. */
    autoClose?: boolean;
    /** Popup height in pixels. */
    height?: number;
    /** Popup width in pixels. */
    width?: number;
    /** Popup top position in pixels. */
    top?: number;
    /** Popup left position in pixels. */
    left?: number;
  };
  /** Older spelling of `loginOptions.autoClose`. */
  loginPopupAutoClose?: boolean;
  /** Milliseconds between handshake attempts (default 1000). */
  ccpSynTimeout?: number;
  /** Milliseconds to wait for the panel's acknowledgement before the login popup (default 3000). */
  ccpAckTimeout?: number;
  /** Milliseconds to wait for the panel to load before refreshing the iframe (default 5000). */
  ccpLoadTimeout?: number;
  /** Prefixes the panel's log lines with a namespace. */
  shouldAddNamespaceToLogs?: boolean;
  /** Turns on disaster recovery (see `@x/connect-streams/disaster-recovery`). */
  disasterRecoveryOn?: boolean;
  /** Disaster recovery: whether this panel's region is the primary (else a stand-by). */
  isPrimary?: boolean;
  /** Disaster recovery: the panel's worker polls for the active region instead. */
  pollForFailover?: boolean;
  /** Disaster recovery: this region's instance ARN. */
  instanceArn?: string;
  /** Disaster recovery: the other region's instance ARN. */
  otherArn?: string;
  /** Turns on global resiliency; needs `secondaryCCPUrl` and `loginUrl` (see `@x/connect-streams/global-resiliency`). */
  enableGlobalResiliency?: boolean;
  /** Global resiliency: the second region's panel URL. */
  secondaryCCPUrl?: string;
  /** The storage-access request flow for browsers that block third-party cookies. */
  storageAccess?: StorageAccessParams;
  /** The lowest level kept in the log (default `INFO`). */
  logLevel?: LogLevel;
  /** The lowest level echoed to the console (default `ERROR`). */
  consoleLevel?: LogLevel;
}

// The schema and the interface describe the same object: a change to one fails this check.
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: SameShape<InitCcpParams, z.infer<typeof initCcpParamsSchema>> = true;
void sameShape;

/** Result of {@link validateInitParams}: the parameters and any configure errors. @public */
export interface ValidatedInitParams {
  readonly params: InitCcpParams;
  /** Global-resiliency problems; when non-empty, global resiliency is not enabled. */
  readonly configureErrors: readonly string[];
  /** Merged ringtone settings, when ringtones are configured. */
  readonly ringtone: RingtoneSettings | undefined;
}

/**
 * Host ringtones are configured by `ringtone` or by the softphone's `ringtoneUrl`/`disableRingtone`.
 * Merges softphone ringtone options into the ringtone settings, as the original does for backwards
 * compatibility, then requires voice and queue_callback entries each with a ringtoneUrl or
 * disabled true.
 * @public
 */
export function mergeRingtoneSettings(params: InitCcpParams): RingtoneSettings | undefined {
  const soft = params.softphone ?? {};
  if (!params.ringtone && soft.ringtoneUrl === undefined && soft.disableRingtone === undefined) {
    return undefined;
  }
  const fromSoftphone = {
    ...(soft.ringtoneUrl ? { ringtoneUrl: soft.ringtoneUrl } : {}),
    ...(soft.disableRingtone ? { disabled: true } : {}),
  };
  const r = params.ringtone ?? {};
  const merged: RingtoneSettings = {
    voice: { ...fromSoftphone, ...r.voice },
    queue_callback: { ...fromSoftphone, ...r.queue_callback },
    chat: r.chat ?? { disabled: true },
    task: r.task ?? { disabled: true },
    email: r.email ?? { disabled: true },
  };
  if (!merged.voice?.ringtoneUrl && !merged.voice?.disabled) {
    throw new ConnectError('invalidRingtoneSettings', MESSAGES.ringtoneSettings);
  }
  if (!merged.queue_callback?.ringtoneUrl && !merged.queue_callback?.disabled) {
    throw new ConnectError(
      'invalidRingtoneSettings',
      MESSAGES.ringtoneSettings.replaceAll('.voice.', '.queue_callback.'),
    );
  }
  return merged;
}

/**
 * Validates `initCCP` parameters with the spec's messages: a container element and ccpUrl are
 * required ('A container element is required', 'ccpUrl is required'); ringtone settings as
 * {@link mergeRingtoneSettings}; global resiliency needs secondaryCCPUrl and loginUrl, otherwise it is
 * not enabled and a configure error is reported. A string is taken as the ccpUrl.
 * @public
 */
export function validateInitParams(
  container: unknown,
  input: InitCcpParams | string,
  requireContainer = true,
): ValidatedInitParams {
  if (
    requireContainer &&
    (typeof container !== 'object' || container === null || !('appendChild' in container))
  ) {
    throw new ConnectError('containerRequired', MESSAGES.containerRequired);
  }
  const raw = typeof input === 'string' ? { ccpUrl: input } : input;
  const result = initCcpParamsSchema.safeParse(raw ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    const path = issue?.path.join('.') ?? '';
    const message =
      path === 'ccpUrl' ? MESSAGES.ccpUrlRequired : `${path}: ${issue?.message ?? 'invalid'}`;
    throw new ConnectError('invalidParams', message);
  }
  const params = result.data;
  const configureErrors: string[] = [];
  if (params.enableGlobalResiliency) {
    if (!params.secondaryCCPUrl) configureErrors.push(MESSAGES.grSecondaryMissing);
    if (!params.loginUrl) configureErrors.push(MESSAGES.grLoginUrlMissing);
  }
  return { params, configureErrors, ringtone: mergeRingtoneSettings(params) };
}

/**
 * The `configure` data the host sends the panel (softphone, chat, task, page options, log namespace,
 * disaster recovery), or `undefined` when the host set none of them.
 */
export function configurePayload(p: InitCcpParams): Record<string, unknown> | undefined {
  if (!(
    p.softphone ||
    p.chat ||
    p.task ||
    p.pageOptions ||
    p.shouldAddNamespaceToLogs ||
    p.disasterRecoveryOn
  )) {
    return undefined;
  }
  return {
    softphone: p.softphone,
    chat: p.chat,
    task: p.task,
    pageOptions: p.pageOptions,
    shouldAddNamespaceToLogs: p.shouldAddNamespaceToLogs,
    disasterRecoveryOn: p.disasterRecoveryOn,
  };
}
