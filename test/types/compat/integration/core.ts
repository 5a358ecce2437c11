// A TypeScript integration typed against amazon-connect-streams 2.18.7 (its src/index.d.ts): the
// panel set-up, connect.core, the logger, storage access, global resiliency and agent apps. It
// imports nothing: the global `connect` comes from the entry each compilation adds
// (entries/real.ts, entries/compat.ts or entries/voice-id.ts), and must compile unchanged with each.

export function embedPanel(container: HTMLElement, ccpUrl: string): void {
  const options: connect.InitCCPOptions = {
    ccpUrl,
    region: 'us-east-1',
    loginPopup: true,
    loginPopupAutoClose: true,
    loginOptions: { autoClose: true, height: 600, width: 400, top: 0, left: 0 },
    loginUrl: `${ccpUrl}/login`,
    softphone: {
      allowFramedSoftphone: true,
      disableRingtone: false,
      ringtoneUrl: './ring.mp3',
      disableEchoCancellation: false,
      allowFramedVideoCall: true,
      allowFramedScreenSharing: false,
      allowFramedScreenSharingPopUp: false,
      allowEarlyGum: true,
    },
    chat: { disableRingtone: false, ringtoneUrl: './chat.mp3' },
    task: { disableRingtone: true },
    iframeTitle: 'Contact Control Panel',
    pageOptions: {
      enableAudioDeviceSettings: true,
      enableVideoDeviceSettings: false,
      enablePhoneTypeSettings: true,
    },
    ccpAckTimeout: 5000,
    ccpSynTimeout: 1000,
    ccpLoadTimeout: 10000,
    storageAccess: {
      canRequest: true,
      mode: 'custom',
      custom: { hideCCP: false, title: 'Allow access', header: 'Storage' },
    },
  };
  connect.core.initCCP(container, options);

  const subscriptions: connect.Subscription[] = [
    connect.core.onInitialized(() => console.log('initialized')),
    connect.core.onAuthFail(() => console.log('auth fail')),
    connect.core.onAccessDenied(() => console.log('access denied')),
    connect.core.onAuthorizeSuccess(() => console.log('authorized')),
    connect.core.onIframeRetriesExhausted(() => console.log('iframe retries exhausted')),
    connect.core.onAuthorizeRetriesExhausted(() => console.log('authorize retries exhausted')),
    connect.core.onCTIAuthorizeRetriesExhausted(() => console.log('cti retries exhausted')),
    connect.core.onViewContact((event: connect.ViewContactEvent) => console.log(event.contactId)),
    connect.core.onSoftphoneSessionInit((session) => console.log(session)),
  ];
  connect.onWebsocketInitFailure(() => console.log('web socket init failure'));

  const bus: connect.EventBus = connect.core.getEventBus();
  subscriptions.push(bus.subscribe(connect.EventType.TERMINATED, () => console.log('terminated')));
  subscriptions.push(bus.subscribeAll((data: unknown) => console.log(data)));
  bus.trigger(connect.EventType.ACK_TIMEOUT);

  connect.core.viewContact('contact-1');
  void connect.core.getFrameMediaDevices(1000).then((devices: MediaDeviceInfo[]) => {
    for (const device of devices) console.log(device.kind, device.label);
  });
  const config: { provider: unknown } = connect.core.getSDKClientConfig();
  console.log(config.provider, connect.core.upstream);

  window.addEventListener('unload', () => {
    for (const sub of subscriptions) sub.unsubscribe();
    connect.core.terminate();
  });
}

export function logging(): void {
  const log: connect.Logger = connect.getLog();
  log.setLogLevel(connect.LogLevel.INFO);
  log.setEchoLevel(connect.LogLevel.WARN);
  const entry: connect.LogEntry = log.info('agent %s ready', 'jane');
  entry.withObject({ at: Date.now() }).withException(new Error('x'));
  log.debug('debug').withObject({});
  log.warn('warn %s', 1);
  log.error('error');
  log.download();
}

export function bind(): () => void {
  const owner = { name: 'owner' };
  return connect.hitch(owner, function (this: { name: string }) {
    console.log(this.name);
  });
}

export function storage(): void {
  const callbacks: connect.StorageAccessCallbacks = {
    onInit: (data: connect.StorageAccessCallbackData) =>
      console.log(data.event, data.data.hasAccess),
    onRequest: (data) => console.log(data.event),
    onDeny: () => console.log('denied'),
    onGrant: () => console.log('granted'),
  };
  const { unsubscribe } = connect.storageAccess.onRequest(callbacks);
  unsubscribe();
}

export function resiliency(): void {
  connect.globalResiliency.onFailoverPending((data: unknown) => console.log(data));
  connect.globalResiliency.onFailoverCompleted((data: unknown) => console.log(data));
  connect.globalResiliency.onConfigureError((data: unknown) => console.log(data));
  console.log(connect.globalResiliency.getActiveRegion().toString());
}

export function apps(container: HTMLElement): void {
  connect.agentApp.initCCP(container, { ccpUrl: 'https://example.my.connect.aws/ccp-v2/' });
  const appOptions: connect.AppOptions = {
    ccpParams: { softphone: { allowFramedSoftphone: false }, loginPopup: false },
    customViewsParams: {
      contact: 'contact-1',
      contactFlowId: 'flow-1',
      iframeSuffix: 'side',
      disableAutoDestroy: false,
      terminateCustomViewOptions: { resolveIframe: true, timeout: 5000, hideIframe: true },
    },
    style: 'width: 100%',
  };
  connect.agentApp.initApp('guides', 'guides-container', 'https://example.com/guides', appOptions);
  connect.agentApp.initAppCommunication('guides', 'https://example.com/guides');
  connect.agentApp.stopApp();
  const registry: connect.AppRegistry = connect.agentApp.AppRegistry;
  const creator: connect.AppCreator = (data: connect.AppData): connect.AppMethods => ({
    init: () => console.log(data.endpoint, data.containerDOM.id),
    destroy: () => console.log('destroyed'),
  });
  registry.register('app', { endpoint: 'https://example.com/app', style: '' }, container);
  registry.start('app', creator);
  registry.stop();
}

// The checker really runs against the declarations: these must be errors with both.
// @ts-expect-error initCCP needs the options object
connect.core.initCCP(document.body);
// @ts-expect-error an options object without ccpUrl
connect.core.initCCP(document.body, { region: 'us-east-1' });
