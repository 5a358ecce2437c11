import { IframeConduit } from '../conduit/iframe-conduit';
import { ConnectError } from '../errors';
import { PARAMS_STORAGE_MODULES } from '../constants';
import { MESSAGES } from '../messages';
import { Ccp } from './ccp';
import { CcpIframe } from './frame';
import type { InitCcpParams } from './params';
import { validateInitParams } from './params';
import { StorageAccess } from '../storage-access/storage-access';

const live = new WeakMap<HTMLElement, Ccp>();

/**
 * Removes the softphone and ringtone params a panel of this origin keeps for a refresh without
 * `configure` (`SoftphoneParamsStorage::<origin>`, `RingtoneParamsStorage::<origin>`).
 */
function cleanStoredPanelParams(view: Window): void {
  try {
    for (const module of PARAMS_STORAGE_MODULES) {
      view.localStorage.removeItem(`${module}ParamsStorage::${view.location.origin}`);
    }
  } catch {
    // storage denied: nothing stored either
  }
}

/**
 * Whether anything answers at the panel URL: a `no-cors` GET without credentials (its answer is
 * opaque; only a network failure, refused connection or unknown host, rejects).
 */
function probePanel(view: Window, url: string): Promise<boolean> {
  if (typeof view.fetch !== 'function') return Promise.resolve(true);
  return view.fetch(url, { mode: 'no-cors', credentials: 'omit', cache: 'no-store' }).then(
    () => true,
    () => false,
  );
}

/**
 * Embeds the panel in `container` and returns its {@link Ccp}. Parameters are validated.
 * Calling it again for a container whose Ccp is still live creates no second iframe: the live Ccp is
 * returned (React StrictMode double mounts are safe). After `terminate()` a new call starts afresh.
 * Start-up never hangs silently: `startState` (and its event) says when the agent must sign in,
 * the panel refuses this page's origin, nothing answers at `ccpUrl`, or the refreshes ran out.
 *
 * @example
 * ```ts
 * const ccp = initCCP(document.getElementById('ccp')!, { ccpUrl: 'https://x.my.connect.aws/ccp-v2/' });
 * ccp.agent.on('stateChange', ({ newState }) => console.log(newState));
 * ccp.contacts.on('incoming', (contact) => void contact.accept());
 * ccp.on('startState', (state) => {
 *   if (state.status === 'signInNeeded')
 *     document.querySelector('#sign-in')?.addEventListener('click', () => ccp.openLoginPopup());
 * });
 * ```
 * @public
 */
export function initCCP(container: HTMLElement, params: InitCcpParams | string): Ccp {
  const validated = validateInitParams(container, params);
  const existing = live.get(container);
  if (existing && !existing.isTerminated) {
    existing.getLog().error(MESSAGES.alreadyInitialized);
    return existing;
  }
  const { ccpUrl } = validated.params;
  let origin: string;
  try {
    origin = new URL(ccpUrl, container.ownerDocument.baseURI).origin;
  } catch {
    throw new ConnectError('invalidParams', MESSAGES.ccpUrlRequired);
  }
  const view = container.ownerDocument.defaultView;
  if (!view) throw new ConnectError('containerRequired', MESSAGES.containerRequired);
  // Like the original: start from fresh softphone and ringtone params (the ones a refreshed panel
  // of this origin would fall back to), unless the softphone asks to keep them.
  if (!validated.params.softphone?.disableStoringParamsInLocalStorage) {
    cleanStoredPanelParams(view);
  }
  // Storage access (opt-in): the frame first loads the instance's request page, which
  // navigates on to the panel once the browser grants the frame its storage.
  const late: { frame?: CcpIframe; ccp?: Ccp } = {};
  const storageAccess = new StorageAccess(ccpUrl, container, validated.params.storageAccess, {
    getIframe: () => late.frame?.element,
    window: view,
    isInitialized: () => late.ccp?.isInitialized ?? false,
    log: (level, message) => late.ccp?.getLog()[level](message),
  });
  const requestUrl = storageAccess.canRequest
    ? storageAccess.getRequestStorageAccessUrl()
    : undefined;
  const frame = new CcpIframe(container, {
    ccpUrl,
    style: validated.params.style,
    iframeTitle: validated.params.iframeTitle,
    ...(requestUrl ? { requestUrl, onLoad: () => storageAccess.request() } : {}),
  });
  const conduit = new IframeConduit(view, origin, () => frame.window());
  const ccp: Ccp = new Ccp(
    validated.params,
    {
      conduit,
      frame,
      ...(storageAccess.canRequest ? { storageAccess } : {}),
      popupHost: view,
      probe: (url) => probePanel(view, url),
      hostOrigin: view.location.origin,
      onTerminate: () => {
        if (live.get(container) === ccp) live.delete(container);
      },
    },
    { configureErrors: validated.configureErrors, ringtone: validated.ringtone },
  );
  late.frame = frame;
  late.ccp = ccp;
  live.set(container, ccp);
  return ccp;
}
