/**
 * The emulator's CCP panel page script: authorizes, checks the embedding origin, starts the CCP
 * side of `@x/connect-streams/panel` (worker conduit and softphone) and drives a small softphone UI.
 */
import { Logger } from '@x/connect-streams';
import {
  addNamespaceToLogs,
  authorize,
  AUTHORIZE_RETRY_COUNT_KEY,
  MAX_AUTHORIZE_RETRY_COUNT_FOR_SESSION,
  createLoopbackFarEnd,
  createSignallingFarEnd,
  HttpStatusError,
  initSharedWorker,
  isEmbeddingOriginAllowed,
  ORIGIN_NOT_ALLOWED_MESSAGE,
  PanelRingtones,
  signallingEndpointOf,
  SoftphoneManager,
  startPanelLogPush,
  watchAuthFail,
  watchHostConfigure,
} from '@x/connect-streams/panel';
import { startPanelDisasterRecovery } from '@x/connect-streams/disaster-recovery';
import { startPanelProviderSubject } from '@x/connect-streams/provider';
import {
  PANEL_CONFIG_ELEMENT_ID,
  panelPageConfigSchema,
  type PanelPageConfig,
} from '../panel-config';
import { startGlobalResiliency } from './global-resiliency';
import { $, PanelUi, setMessage, type AgentData } from './panel-ui';

// The same per-session count the worker's authorize failures use (watchAuthFail).
const LOGIN_REDIRECTS_KEY = AUTHORIZE_RETRY_COUNT_KEY;
const MAX_LOGIN_REDIRECTS = MAX_AUTHORIZE_RETRY_COUNT_FOR_SESSION;

/** sessionStorage, or nothing where a cross-site frame is denied storage. */
function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The embedding page's origin, where the browser tells it (else the referrer's). */
function embeddingOrigin(): string | undefined {
  const ancestor = location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A start-up notice to the embedding page before the panel runs (no conduit yet): the wire's
 * `{event, data}` envelope, posted to the embedding origin when known.
 */
function tellEmbeddingPage(event: 'auth_fail' | 'access_denied', data?: unknown): void {
  if (window.parent === window) return;
  const origin = embeddingOrigin();
  if (!origin || origin === 'null') return;
  window.parent.postMessage(data === undefined ? { event } : { event, data }, origin);
}

/**
 * The panel's sign-in at start: an access token from the authorize endpoint (else the sign-in
 * redirect, at most 3 a session), and, in a frame, the embedding origin checked against the
 * whitelisted origins. Undefined when the panel must stop (the page then says why).
 */
async function signIn(
  config: PanelPageConfig,
  root: HTMLElement,
): Promise<{ accessToken: string; expiration: string | number } | undefined> {
  let token: { accessToken: string; expiration: string | number };
  try {
    token = await authorize(config.authorizeEndpoint);
    tabStorage()?.setItem(LOGIN_REDIRECTS_KEY, '0');
  } catch (error) {
    root.dataset['state'] = 'unauthorized';
    setMessage('Sign-in required.');
    // The embedding page hears it at once (its start-up reports that the agent must sign in)
    // instead of waiting out its load timeout.
    if (error instanceof HttpStatusError && error.status === 401) tellEmbeddingPage('auth_fail');
    // Like the real CCP: a 401 from authorize sends the agent to sign in, at most 3 times a session.
    const redirects = Number(tabStorage()?.getItem(LOGIN_REDIRECTS_KEY) ?? '0');
    if (
      error instanceof HttpStatusError &&
      error.status === 401 &&
      redirects < MAX_LOGIN_REDIRECTS
    ) {
      tabStorage()?.setItem(LOGIN_REDIRECTS_KEY, String(redirects + 1));
      location.assign(`${config.loginUrl}?redirect=${encodeURIComponent(location.pathname)}`);
    }
    return undefined;
  }
  const framed = window.parent !== window;
  if (framed && !config.anyOrigin) {
    const allowed = await isEmbeddingOriginAllowed({
      endpoint: config.whitelistedOriginsEndpoint,
      authToken: token.accessToken,
      // The embedding page's origin: the referrer, as the real check uses; a reloaded frame's
      // referrer is the panel itself, so the parent origin (where the browser tells it) wins.
      referrer: location.ancestorOrigins?.[0] ?? document.referrer,
    }).catch(() => false);
    if (!allowed) {
      root.dataset['state'] = 'refused';
      setMessage(ORIGIN_NOT_ALLOWED_MESSAGE);
      // The refused page is told which origin to approve (its start-up reports it).
      tellEmbeddingPage('access_denied', { origin: embeddingOrigin() });
      return undefined;
    }
  }
  return token;
}

async function main(): Promise<void> {
  const element = document.getElementById(PANEL_CONFIG_ELEMENT_ID);
  const config = panelPageConfigSchema.parse(JSON.parse(element?.textContent ?? '{}'));
  const root = $('ccp');
  const token = await signIn(config, root);
  if (token === undefined) return;
  const framed = window.parent !== window;
  const session = initSharedWorker({
    sharedWorkerUrl: config.sharedWorkerUrl,
    authToken: token.accessToken,
    refreshToken: token.accessToken,
    authTokenExpiration: token.expiration,
    region: config.region,
    endpoint: new URL(config.ctiEndpoint, location.href).href,
    authorizeEndpoint: config.authorizeEndpoint,
    agentAppEndpoint: config.agentAppEndpoint,
    authCookieName: config.authCookieName,
  });
  // The page's own logs: softphone entries go up as send_logs (master only), the rest in
  // client-log batches; worker and host `log` entries are kept (as the real CCP page).
  const logger = new Logger({ component: 'ccp', contextLayer: 'CCP' });
  const softphoneLogger = new Logger({ component: 'softphone', contextLayer: 'CCP' });
  startPanelLogPush({ session, logger });
  startPanelLogPush({
    session,
    logger: softphoneLogger,
    acceptHostServerBoundLogs: false,
    handleDownloadRequests: false,
  });
  // The worker's auth failures: sign-in redirect (at most 3 a session) or re-authorize (at most 10).
  watchAuthFail(session, {
    authorizeEndpoint: config.authorizeEndpoint,
    loginUrl: `${config.loginUrl}?redirect=${encodeURIComponent(location.pathname)}`,
  });
  const softphone = new SoftphoneManager({
    session,
    // The emulator's media server when the call names its signalling endpoint; a far end inside
    // the page (a tone) otherwise.
    createFarEnd: (contactId, media) =>
      media && signallingEndpointOf(media)
        ? createSignallingFarEnd(contactId, media)
        : createLoopbackFarEnd(),
    metricsFlushIntervalMs: config.metricsFlushIntervalMs,
    statsIntervalMs: config.statsIntervalMs,
    logger: softphoneLogger,
  });
  const ringtones = new PanelRingtones({ session });
  ringtones.on('started', (channel) => (root.dataset['ringing'] = channel));
  ringtones.on('stopped', () => root.removeAttribute('data-ringing'));
  ringtones.on('exhausted', (channel) => (root.dataset['ringtoneExhausted'] = channel));
  let softphoneStarted = false;
  let checkedMicrophone = false;
  let lastAgent: AgentData | undefined;
  const checkMicrophone = (): void => {
    if (
      !softphoneStarted ||
      checkedMicrophone ||
      lastAgent?.configuration.softphoneEnabled !== true
    )
      return;
    checkedMicrophone = true;
    void softphone
      .requestMicrophone()
      .then((stream) => stream?.getTracks().forEach((t) => t.stop()));
  };
  // The softphone runs only in the softphone master tab, competing on every agent update until
  // it is master (the real competeForMasterOnAgentUpdate).
  let softphoneAllowed = false;
  const competeForSoftphone = (): void => {
    if (!softphoneAllowed || softphoneStarted) return;
    void session.checkMaster('connect::softphone').then((status) => {
      if (!status.isMaster || softphoneStarted) return;
      softphoneStarted = true;
      root.dataset['softphone'] = 'running';
      logger.info('Softphone manager started');
      softphone.start();
      checkMicrophone();
    });
  };
  session.on('agent::update', (data) => {
    lastAgent = data as AgentData;
    competeForSoftphone();
    checkMicrophone();
  });
  const ui = new PanelUi(session, softphone);
  ui.applyPageOptions(undefined);
  let namespaced = false;
  watchHostConfigure(session, {
    ringtone: {
      voice: { ringtoneUrl: config.ringtoneUrl },
      queue_callback: { ringtoneUrl: config.ringtoneUrl },
    },
    onConfigure: (data) => {
      ui.applyPageOptions(data.pageOptions);
      if (data.shouldAddNamespaceToLogs && !namespaced) {
        namespaced = true;
        addNamespaceToLogs('CCP');
        root.dataset['namespacedLogs'] = 'true';
      }
    },
    onSoftphone: (_params, source) => {
      root.dataset['softphoneSource'] = source;
      softphoneAllowed = true;
      competeForSoftphone();
    },
    onRingtone: (settings, source) => {
      root.dataset['ringtoneSource'] = source;
      root.dataset['ringtoneVoice'] = settings.voice.disabled
        ? 'disabled'
        : (settings.voice.ringtoneUrl ?? '');
      ringtones.setup(settings);
    },
    onRefreshedWithoutConfigure: () => logger.info('Embedded CCP refreshed without configure'),
  });
  ui.bind();
  // The agent's chat items (topic aws/chat) on the worker's agent web socket, for the chat cards.
  const subscribeChat = () => session.sendUpstream('webSocket::subscribe', ['aws/chat']);
  session.on('webSocket::connection_gain', subscribeChat);
  session.on('webSocket::all_message', (data) => ui.webSocketMessage(data));
  void session.ready.then(subscribeChat);
  // The subject side of the message-port (Amazon Connect SDK) channel, for the contact and voice
  // namespaces: the embedding page's provider accepts the port only from this iframe.
  if (framed) startPanelProviderSubject(session, window.parent);
  // Disaster recovery: the CCP side's duties once the embedding page sends init_disaster_recovery
  // (suppression, force-offline, soft and hard failover).
  if (framed) startPanelDisasterRecovery(session, window);
  // Two regions: the global-resiliency messages to the embedding page.
  if (framed && config.globalResiliency)
    startGlobalResiliency(session, config.globalResiliency, (state) => {
      root.dataset['instanceState'] = state;
    });
  (window as unknown as { xPanel?: unknown }).xPanel = {
    session,
    softphone,
    ringtones,
    logger,
    softphoneLogger,
  };
  window.addEventListener('pagehide', () => {
    ringtones.dispose();
    void softphone.dispose();
  });
}

void main();
