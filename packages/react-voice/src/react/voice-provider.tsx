import { useEffect, useRef, useState } from 'react';
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { HOST_TIMEOUTS, initCCP } from '@x/connect-streams';
import type { Ccp, InitCcpParams } from '@x/connect-streams';
import type { HostSoftphone } from '@x/connect-streams/softphone';
import type { VoiceApi } from '../api/client';
import type { VoiceConfig } from '../api/contract';
import { SOFTPHONE_FRAME_HEIGHT, SOFTPHONE_FRAME_WIDTH } from '../controller/constants';
import { VoiceController } from '../controller/voice-controller';
import type { VoiceTranslation } from '../i18n/catalogue';
import { VoiceI18nProvider } from '../i18n/context';
import type { VoiceLocale } from '../i18n/locales';
import { VoiceControllerContext } from './context';

/** Props of {@link VoiceProvider}. @public */
export interface VoiceProviderProps {
  /** The product voice API (`createVoiceApiClient`). Required unless `controller` is given. */
  readonly api?: VoiceApi;
  /**
   * A controller the host created and drives itself (`start`/`dispose`); the provider then only
   * makes it available to the hooks and embeds nothing.
   */
  readonly controller?: VoiceController;
  /** The signed-in user's product agent id (the agent list leaves it out). */
  readonly idAgent?: string | null;
  /** Extra `initCCP` parameters, over the defaults (framed softphone, no login popup). */
  readonly ccpParams?: Partial<InitCcpParams>;
  /**
   * Where the call audio runs: `framed` (the default) in the hidden panel frame, or `host` in this
   * page (`allowFramedSoftphone: false`, with `startHostSoftphone` of
   * `@x/connect-streams/softphone`, loaded only then): of the open tabs, the one that wins the
   * softphone topic runs the microphone and speaker, and another takes over when it closes.
   */
  readonly softphone?: 'framed' | 'host';
  /** Notification sound is disabled while a call is connected, enabled otherwise. */
  readonly onNotificationSoundChange?: (enabled: boolean) => void;
  /** Failures of background duties (conversation start, connection refresh, ...). */
  readonly onError?: (what: string, error: unknown) => void;
  /** The language of the voice components: one of the ten softphone locales (default `en_US`). */
  readonly locale?: VoiceLocale;
  /**
   * The translation for `locale` (from `@x/react-voice/locales`, or the host's own); keys it lacks
   * show in English.
   */
  readonly messages?: VoiceTranslation;
  /** The app (or the part of it) that uses the voice components and hooks. */
  readonly children?: ReactNode;
}

/** The hidden softphone area: 1200 × 300, out of sight, not focusable. */
const FRAMES_STYLE: CSSProperties = {
  position: 'fixed',
  left: -10_000,
  top: 0,
  width: SOFTPHONE_FRAME_WIDTH,
  height: SOFTPHONE_FRAME_HEIGHT,
  overflow: 'hidden',
  opacity: 0,
  pointerEvents: 'none',
};

/**
 * Loads the single-sign-on URL in a hidden frame and waits for it to load (or for the panel load
 * time-out), so that the panel finds the agent signed in.
 */
function signOn(host: HTMLElement, loginUrl: string): Promise<void> {
  return new Promise((resolve) => {
    const frame = host.ownerDocument.createElement('iframe');
    frame.src = loginUrl;
    frame.title = 'Voice sign-on';
    frame.setAttribute('data-voice-sign-on', '');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.style.display = 'none';
    const done = (): void => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, HOST_TIMEOUTS.ccpLoadTimeout);
    frame.addEventListener('load', done, { once: true });
    host.appendChild(frame);
  });
}

/**
 * Embeds the hidden sign-on frame, then the hidden softphone frame (`initCCP`); in `host` mode
 * starts the host-side softphone and hands it to `onHostSoftphone`.
 */
async function embedPanel(
  host: HTMLElement,
  config: VoiceConfig,
  params: Partial<InitCcpParams> | undefined,
  mode: 'framed' | 'host',
  onHostSoftphone: (softphone: HostSoftphone) => void,
): Promise<Ccp> {
  if (config.loginUrl) await signOn(host, config.loginUrl);
  const container = host.ownerDocument.createElement('div');
  container.setAttribute('data-voice-softphone', '');
  container.style.width = `${SOFTPHONE_FRAME_WIDTH}px`;
  container.style.height = `${SOFTPHONE_FRAME_HEIGHT}px`;
  host.appendChild(container);
  const ccp = initCCP(container, {
    ccpUrl: config.ccpUrl,
    loginUrl: config.loginUrl,
    loginPopup: false,
    region: config.connect.region || undefined,
    style: 'width: 100%; height: 100%; border: 0;',
    ...params,
    softphone: { allowFramedSoftphone: mode === 'framed', ...params?.softphone },
  });
  if (mode === 'host') {
    const { startHostSoftphone } = await import('@x/connect-streams/softphone');
    onHostSoftphone(startHostSoftphone(ccp));
  }
  return ccp;
}

/**
 * Runs the voice module for its children: creates a `VoiceController`, reads the voice
 * configuration, embeds the hidden single-sign-on frame (`config.loginUrl`) and the hidden
 * 1200 × 300 softphone frame (`initCCP` of `@x/connect-streams`), and terminates both on unmount.
 * StrictMode-safe: a double mount leaves one softphone frame.
 * @example
 * ```tsx
 * const api = createVoiceApiClient({ baseUrl: '/api', slug, getToken });
 * <VoiceProvider api={api} idAgent={session.profile.idAgent}>
 *   <App />
 * </VoiceProvider>
 * ```
 * @public
 */
export function VoiceProvider(props: VoiceProviderProps): ReactElement {
  const { api, controller: external, idAgent, children } = props;
  const hostRef = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const [controller] = useState(() => {
    if (external) return external;
    if (!api) throw new Error('VoiceProvider needs an `api` or a `controller`.');
    return new VoiceController({ api, idAgent: idAgent ?? null });
  });
  const owned = controller !== external;

  useEffect(() => {
    if (!owned) return;
    const host = hostRef.current;
    const offError = controller.onError((what, error) => latest.current.onError?.(what, error));
    let sound = controller.getState().call.notificationSoundEnabled;
    const offSound = controller.subscribe(() => {
      const enabled = controller.getState().call.notificationSoundEnabled;
      if (enabled === sound) return;
      sound = enabled;
      latest.current.onNotificationSoundChange?.(enabled);
    });
    let hostSoftphone: HostSoftphone | undefined;
    let unmounted = false;
    const keepSoftphone = (softphone: HostSoftphone): void => {
      if (unmounted) void softphone.dispose();
      else hostSoftphone = softphone;
    };
    void controller.start({
      connect: (config) =>
        host
          ? embedPanel(
              host,
              config,
              latest.current.ccpParams,
              latest.current.softphone ?? 'framed',
              keepSoftphone,
            )
          : Promise.reject(new Error('VoiceProvider is not mounted.')),
    });
    return () => {
      unmounted = true;
      void hostSoftphone?.dispose();
      offSound();
      offError();
      controller.dispose();
      host?.replaceChildren();
    };
  }, [controller, owned]);

  return (
    <VoiceControllerContext.Provider value={controller}>
      {owned && (
        <div ref={hostRef} data-testid="voice-frames" aria-hidden="true" style={FRAMES_STYLE} />
      )}
      <VoiceI18nProvider locale={props.locale} messages={props.messages}>
        {children}
      </VoiceI18nProvider>
    </VoiceControllerContext.Provider>
  );
}
