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
  HttpStatusError,
  initSharedWorker,
  isEmbeddingOriginAllowed,
  ORIGIN_NOT_ALLOWED_MESSAGE,
  PanelRingtones,
  SoftphoneManager,
  startPanelLogPush,
  watchAuthFail,
  watchHostConfigure,
  type HostConfigure,
  type PanelSession,
} from '@x/connect-streams/panel';
import { startPanelDisasterRecovery } from '@x/connect-streams/disaster-recovery';
import { startPanelProviderSubject } from '@x/connect-streams/provider';
import {
  PANEL_CONFIG_ELEMENT_ID,
  panelPageConfigSchema,
  type PanelPageConfig,
} from '../panel-config';
import { startGlobalResiliency } from './global-resiliency';
import {
  ContactList,
  type ChatItem,
  type PanelContact,
  type TransferEndpoint,
} from './contact-list';

interface StateDef {
  readonly agentStateARN?: string | null;
  readonly type: string;
  readonly name: string;
}
interface Connection {
  readonly connectionId: string;
  readonly type: string;
  readonly state: { readonly type: string };
  readonly endpoint?: { readonly phoneNumber?: string; readonly name?: string };
}
interface Contact extends PanelContact {
  readonly connections: readonly Connection[];
}
interface AgentData {
  readonly snapshot: { readonly state: StateDef; readonly contacts: readonly Contact[] };
  readonly configuration: {
    readonly name?: string;
    readonly softphoneEnabled?: boolean;
    readonly softphoneAutoAccept?: boolean;
    readonly extension?: string;
    readonly agentPreferences?: unknown;
    readonly agentStates?: readonly StateDef[];
    readonly routingProfile?: {
      readonly name?: string;
      readonly routingProfileARN?: string;
      readonly defaultOutboundQueue?: { readonly queueARN?: string; readonly name?: string };
    };
  };
}

const $ = <T extends HTMLElement>(testId: string): T => {
  const element = document.querySelector<T>(`[data-testid="${testId}"]`);
  if (!element) throw new Error(`missing element ${testId}`);
  return element;
};

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

const ENDED_STATES: ReadonlySet<string> = new Set(['ended', 'missed', 'error', 'rejected']);

function show(testId: string, visible: boolean): void {
  $(testId).hidden = !visible;
}

function setMessage(text: string): void {
  $('panel-message').textContent = text;
}

function customerOf(contact: Contact): Connection | undefined {
  return contact.connections.find((c) => c.type === 'inbound' || c.type === 'outbound');
}

function agentOf(contact: Contact): Connection | undefined {
  return contact.connections.find((c) => c.type === 'agent');
}

function numberOf(contact: Contact): string {
  const endpoint = customerOf(contact)?.endpoint;
  return endpoint?.phoneNumber ?? endpoint?.name ?? '';
}

class PanelUi {
  private agent: AgentData | undefined;
  private busy = false;
  private readonly contactList: ContactList;
  private endpoints: Promise<readonly TransferEndpoint[]> | undefined;

  constructor(
    private readonly session: PanelSession,
    private readonly softphone: SoftphoneManager,
  ) {
    this.contactList = new ContactList($('contacts'), $('contact-list'), {
      run: (action) => this.run(action),
      call: (method, params) => this.session.call(method, params),
      destinations: () => (this.endpoints ??= this.loadEndpoints()),
      participant: async (path, connectionToken, body) => {
        const res = await fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-amz-bearer': connectionToken },
          body: JSON.stringify(body),
        });
        const json = (await res.json().catch(() => ({}))) as { Message?: string };
        if (!res.ok) throw new Error(json.Message ?? res.statusText);
        return json;
      },
    });
  }

  /** A frame of the agent's web socket: chat items go to their chat's card. */
  webSocketMessage(data: unknown): void {
    const frame = data as { topic?: unknown; content?: unknown } | null;
    if (frame?.topic !== 'aws/chat' || typeof frame.content !== 'string') return;
    try {
      this.contactList.chatItem(JSON.parse(frame.content) as ChatItem);
    } catch {
      // Not an item: ignored, as chatjs ignores it.
    }
  }

  /**
   * The quick connects of the agent's default outbound queue (GetEndpoints, every page), as the
   * real CCP lists transfer destinations; asked once, again after a failure.
   */
  private async loadEndpoints(): Promise<readonly TransferEndpoint[]> {
    const queueARN = this.agent?.configuration.routingProfile?.defaultOutboundQueue?.queueARN;
    const endpoints: TransferEndpoint[] = [];
    try {
      let nextToken: string | undefined;
      do {
        const page = (await this.session.call('getEndpoints', {
          queueARNs: queueARN ? [queueARN] : [],
          maxResults: 100,
          ...(nextToken ? { nextToken } : {}),
        })) as { endpoints?: TransferEndpoint[]; nextToken?: string | null };
        endpoints.push(...(page.endpoints ?? []));
        nextToken = page.nextToken ?? undefined;
      } while (nextToken && endpoints.length < 1000);
    } catch (error) {
      this.endpoints = undefined;
      throw error;
    }
    return endpoints;
  }

  private current(): Contact | undefined {
    const contacts = this.agent?.snapshot.contacts ?? [];
    return contacts.find(
      (c) => c.type === undefined || c.type === 'voice' || c.type === 'queue_callback',
    );
  }

  private async run(action: () => Promise<unknown>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      await action();
      setMessage('');
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      this.busy = false;
    }
  }

  bind(): void {
    $<HTMLSelectElement>('agent-status').addEventListener('change', (event) => {
      const name = (event.target as HTMLSelectElement).value;
      const state = this.agent?.configuration.agentStates?.find((s) => s.name === name);
      if (state)
        void this.run(() => this.session.call('putAgentState', { state, enqueueNextState: false }));
    });
    $('accept-call').addEventListener('click', () => {
      const contact = this.current();
      if (contact)
        void this.run(() => this.session.call('acceptContact', { contactId: contact.contactId }));
    });
    $('reject-call').addEventListener('click', () => {
      const contact = this.current();
      if (contact)
        void this.run(() => this.session.call('rejectContact', { contactId: contact.contactId }));
    });
    $('hold-call').addEventListener('click', () => {
      const contact = this.current();
      const customer = contact && customerOf(contact);
      if (!contact || !customer) return;
      const method = customer.state.type === 'hold' ? 'resumeConnection' : 'holdConnection';
      void this.run(() =>
        this.session.call(method, {
          contactId: contact.contactId,
          connectionId: customer.connectionId,
        }),
      );
    });
    $('mute-call').addEventListener('click', () => {
      this.softphone.setMuted(!this.softphone.isMuted);
      this.render();
    });
    $('hang-up').addEventListener('click', () => {
      const contact = this.current();
      const agent = contact && agentOf(contact);
      if (contact && agent) {
        void this.run(() =>
          this.session.call('destroyConnection', {
            contactId: contact.contactId,
            connectionId: agent.connectionId,
          }),
        );
      }
    });
    $('close-contact').addEventListener('click', () => {
      const contact = this.current();
      if (contact)
        void this.run(() => this.session.call('clearContact', { contactId: contact.contactId }));
    });
    for (const button of $('keypad').querySelectorAll<HTMLButtonElement>('button[data-digit]')) {
      button.addEventListener('click', () => {
        const contact = this.current();
        const agent = contact && agentOf(contact);
        const digits = button.dataset['digit'] ?? '';
        if (contact && agent) {
          void this.run(() =>
            this.session.call('sendDigits', {
              contactId: contact.contactId,
              connectionId: agent.connectionId,
              digits,
            }),
          );
        }
      });
    }
    $('quick-dial').addEventListener('submit', (event) => {
      event.preventDefault();
      const phoneNumber = $<HTMLInputElement>('dial-number').value.trim();
      const queueARN = this.agent?.configuration.routingProfile?.defaultOutboundQueue?.queueARN;
      if (phoneNumber === '') return;
      void this.run(() =>
        this.session.call('createOutboundContact', {
          endpoint: { type: 'phone_number', phoneNumber },
          queueARN,
        }),
      );
    });
    this.softphone.on('muteToggle', () => this.render());
    this.softphone.on('error', (error) => {
      $('softphone-error').textContent = error.errorMessage;
      $('softphone-error').dataset['errorType'] = error.errorType;
      show('softphone-error', true);
    });
    this.session.on('agent::update', (data) => {
      this.agent = data as AgentData;
      this.render();
    });
    const device = (testId: string, event: string) =>
      $<HTMLSelectElement>(testId).addEventListener('change', (e) => {
        const deviceId = (e.target as HTMLSelectElement).value;
        this.session.broadcast(event, { deviceId });
      });
    device('speaker-device', 'configuration::set_speaker_device');
    device('ringer-device', 'configuration::set_ringer_device');
    for (const type of ['softphone', 'deskphone'] as const) {
      $<HTMLInputElement>(`phone-type-${type}`).addEventListener('change', () => {
        const configuration = this.agent?.configuration;
        if (!configuration) return;
        // The real CCP sends the updatable part of the configuration (`configure` envelope).
        void this.run(() =>
          this.session.call('updateAgentConfiguration', {
            configuration: {
              name: configuration.name,
              softphoneEnabled: type === 'softphone',
              softphoneAutoAccept: configuration.softphoneAutoAccept,
              extension: configuration.extension,
              routingProfile: configuration.routingProfile,
              agentPreferences: configuration.agentPreferences,
            },
          }),
        );
      });
    }
  }

  /**
   * Page options from the host's configure (the real defaults: audio device settings hidden,
   * phone type settings shown).
   */
  applyPageOptions(options: HostConfigure['pageOptions']): void {
    const audio = options?.enableAudioDeviceSettings === true;
    const phoneType = options?.enablePhoneTypeSettings !== false;
    show('audio-device-settings', audio);
    show('ringer-device-settings', audio);
    show('phone-type-settings', phoneType);
    show('settings', audio || phoneType);
    if (audio) void this.fillDevices();
  }

  private async fillDevices(): Promise<void> {
    const devices = await navigator.mediaDevices?.enumerateDevices().catch(() => []);
    const outputs = (devices ?? []).filter((d) => d.kind === 'audiooutput');
    for (const testId of ['speaker-device', 'ringer-device']) {
      $<HTMLSelectElement>(testId).replaceChildren(
        ...outputs.map((d, i) => {
          const option = document.createElement('option');
          option.value = d.deviceId;
          option.textContent = d.label || `Speaker ${i + 1}`;
          return option;
        }),
      );
    }
  }

  render(): void {
    const agent = this.agent;
    const root = $('ccp');
    if (!agent) {
      root.dataset['state'] = 'loading';
      return;
    }
    $('agent-name').textContent = agent.configuration.name ?? '';
    const select = $<HTMLSelectElement>('agent-status');
    const states = agent.configuration.agentStates ?? [];
    const current = agent.snapshot.state;
    const names = states.map((s) => s.name);
    if (!names.includes(current.name)) names.unshift(current.name);
    if (
      select.options.length !== names.length ||
      [...select.options].some((o, i) => o.value !== names[i])
    ) {
      select.replaceChildren(
        ...names.map((name) => {
          const option = document.createElement('option');
          option.value = name;
          option.textContent = name;
          option.disabled = !states.some((s) => s.name === name);
          return option;
        }),
      );
    }
    select.value = current.name;
    select.dataset['stateType'] = current.type;
    const softphoneEnabled = agent.configuration.softphoneEnabled === true;
    $<HTMLInputElement>('phone-type-softphone').checked = softphoneEnabled;
    $<HTMLInputElement>('phone-type-deskphone').checked = !softphoneEnabled;

    const contact = this.current();
    const agentConnection = contact && agentOf(contact);
    const contactState = contact?.state.type;
    const outbound = contact?.initiationMethod === 'outbound';
    const ringing =
      contact !== undefined &&
      !outbound &&
      (contactState === 'incoming' || contactState === 'connecting') &&
      agentConnection?.state.type !== 'connected';
    const ended =
      contact !== undefined && contactState !== undefined && ENDED_STATES.has(contactState);
    const onCall = contact !== undefined && !ringing && !ended;
    root.dataset['state'] = ringing
      ? 'ringing'
      : onCall
        ? 'on-call'
        : ended
          ? 'after-call'
          : 'idle';
    show('incoming-call', ringing);
    show('on-call', onCall);
    show('after-call', ended);
    show('quick-dial', contact === undefined);
    if (contact) {
      $('incoming-number').textContent = numberOf(contact);
      $('call-number').textContent = numberOf(contact);
      const customer = customerOf(contact);
      $('call-state').textContent = customer?.state.type ?? contactState ?? '';
      $('hold-call').textContent = customer?.state.type === 'hold' ? 'Resume' : 'Hold';
    }
    this.contactList.render(agent.snapshot.contacts);
    const mute = $('mute-call');
    mute.textContent = this.softphone.isMuted ? 'Unmute' : 'Mute';
    mute.setAttribute('aria-pressed', String(this.softphone.isMuted));
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
    createFarEnd: () => createLoopbackFarEnd(),
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
