// The compat names added to match amazon-connect-streams 2.18 beyond agent/contact basics:
// connect.agentApp, connect.storageAccess, QuickResponses, SoftphoneError, EmailConnection,
// media controllers, screen sharing, capability helpers, core.getUpstream/getSDKClientConfig,
// EventBus.unsubscribeAll and the logger's levels. Against the in-memory panel.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestPanel } from '../testing';
import type { AgentUpdate } from '../wire';
import { createConnect, type ConnectGlobal } from './create-connect';

/** `sub.unsubscribe()`: the original declares it a `Function`. */
const unsubscribe = (sub: connect.Subscription): void => (sub.unsubscribe as () => void)();

let panel: TestPanel;
let connect: ConnectGlobal;
let sessions: Record<string, unknown>;
const container = { style: { display: '' }, querySelector: () => null } as unknown as HTMLElement;

beforeEach(() => {
  panel = new TestPanel();
  sessions = {};
  connect = createConnect({
    initCCP: (_c, params) => panel.connect(params),
    mediaSessions: () => sessions,
  });
});
afterEach(() => connect.core.terminate());

async function init(): Promise<void> {
  connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
  await panel.settle();
}

/** Pushes the panel's snapshot with the contact's data (and its connections) changed. */
async function patchContact(
  contactId: string,
  patch: (c: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> {
  const update = panel.instance.snapshot();
  panel.pushAgentUpdate({
    ...update,
    snapshot: {
      ...update.snapshot,
      contacts: update.snapshot.contacts.map((c) =>
        c.contactId === contactId ? patch(c as unknown as Record<string, unknown>) : c,
      ),
    },
  } as AgentUpdate);
  await panel.settle();
}

async function connectedCall(type = 'voice') {
  await init();
  panel.instance.setAgentState('Available');
  const id = panel.instance.incomingCall({ type });
  await panel.settle();
  const contact = new connect.Contact(id);
  contact.accept();
  await panel.settle();
  return { id, contact };
}

describe('connect.core additions', () => {
  it('getUpstream().sendUpstream sends an envelope to the panel; onUpstream receives panel events', async () => {
    await init();
    const seen = vi.fn();
    const off = connect.core.getUpstream().onUpstream('contact::view', seen);
    connect.core.getUpstream().sendUpstream('broadcast', { event: 'x::y', data: 1 });
    panel.emit('contact::view', { contactId: 'c-9' });
    await panel.settle();
    unsubscribe(off);
    panel.emit('contact::view', { contactId: 'c-10' });
    await panel.settle();
    expect(panel.sent('broadcast')).toContainEqual({ event: 'x::y', data: 1 });
    expect(seen.mock.calls).toEqual([[{ contactId: 'c-9' }]]);
    expect(connect.core.upstream).not.toBeNull();
  });

  it("getSDKClientConfig throws 'Provider is not initialized' unless initCCP got a provider", async () => {
    await init();
    expect(() => connect.core.getSDKClientConfig()).toThrow('Provider is not initialized');
    connect.core.terminate();
    panel = new TestPanel();
    const provider = { id: 'p-1' };
    connect.core.initCCP(container, {
      ccpUrl: 'https://test.my.connect.aws/ccp-v2/',
      provider,
    });
    expect(connect.core.getSDKClientConfig()).toEqual({ provider });
  });

  it('getEventBus().unsubscribeAll drops every subscription', async () => {
    await init();
    const f = vi.fn();
    connect.core.getEventBus().subscribe('x', f);
    connect.core.getEventBus().subscribeAll(f);
    connect.core.getEventBus().unsubscribeAll();
    connect.core.getEventBus().trigger('x');
    expect(f).not.toHaveBeenCalled();
  });

  it('getLog().setLogLevel and setEchoLevel set the typed logger levels; unknown names throw', () => {
    connect.getLog().setLogLevel(connect.LogLevel.ERROR);
    connect.getLog().info('dropped');
    connect.getLog().error('kept');
    expect(
      connect
        .getLog()
        .logger.getEntries()
        .map((e) => e.text),
    ).toEqual(['kept']);
    expect(() => connect.getLog().setEchoLevel('NOPE' as connect.LogLevel)).toThrow(
      'Invalid log level: NOPE',
    );
  });
});

describe('Agent, Contact and Connection additions', () => {
  it('setCameraDevice and setBackgroundBlur broadcast the configuration events', async () => {
    await connectedCall();
    new connect.Agent().setCameraDevice('cam-1');
    new connect.Agent().setBackgroundBlur(true);
    await panel.settle();
    expect(panel.sent('broadcast')).toEqual(
      expect.arrayContaining([
        { event: 'configuration::camera_device_changed', data: { deviceId: 'cam-1' } },
        {
          event: 'configuration::background_blur_changed',
          data: { isBackgroundBlurEnabled: true },
        },
      ]),
    );
  });

  it('onCameraDeviceChanged and onBackgroundBlurChanged receive the panel broadcasts', async () => {
    await connectedCall();
    const camera = vi.fn();
    const blur = vi.fn();
    new connect.Agent().onCameraDeviceChanged(camera);
    new connect.Agent().onBackgroundBlurChanged(blur);
    panel.emit('configuration::camera_device_changed', { deviceId: 'cam-2' });
    panel.emit('configuration::background_blur_changed', { isBackgroundBlurEnabled: false });
    await panel.settle();
    expect(camera).toHaveBeenCalledWith({ deviceId: 'cam-2' }, expect.anything());
    expect(blur).toHaveBeenCalledWith({ isBackgroundBlurEnabled: false }, expect.anything());
  });

  it('onWebSocketConnectionLost/Gained and onLocalMediaStreamCreated receive the panel events', async () => {
    await connectedCall();
    const agent = new connect.Agent();
    const seen: string[] = [];
    agent.onWebSocketConnectionLost(() => seen.push('lost'));
    agent.onWebSocketConnectionGained(() => seen.push('gained'));
    agent.onLocalMediaStreamCreated(() => seen.push('stream'));
    panel.emit('agent::websocket_connection_lost', {});
    panel.emit('agent::websocket_connection_gained');
    panel.emit('agent::local_media_stream_created', { connectionId: 'c' });
    await panel.settle();
    expect(seen).toEqual(['lost', 'gained', 'stream']);
  });

  it('video and screen-share capability helpers read the connections’ capabilities', async () => {
    const { id, contact } = await connectedCall();
    expect(contact.hasVideoRTCCapabilities()).toBe(false);
    expect(contact.canAgentSendVideo()).toBe(false);
    await patchContact(id, (c) => ({
      ...c,
      connections: (c['connections'] as Record<string, unknown>[]).map((conn) => ({
        ...conn,
        capabilities:
          conn['type'] === 'agent'
            ? { Video: 'SEND', ScreenShare: 'SEND' }
            : { ScreenShare: 'SEND' },
      })),
    }));
    expect(contact.hasVideoRTCCapabilities()).toBe(true);
    expect(contact.canAgentSendVideo()).toBe(true);
    expect(contact.canAgentReceiveVideo()).toBe(false);
    expect(contact.hasScreenShareCapability()).toBe(true);
    expect(contact.canAgentSendScreenShare()).toBe(true);
    expect(contact.canCustomerSendScreenShare()).toBe(true);
    const agent = contact.getAgentConnection() as InstanceType<ConnectGlobal['VoiceConnection']>;
    expect(agent.canSendVideo()).toBe(true);
    expect(agent.getCapabilities()).toEqual({ Video: 'SEND', ScreenShare: 'SEND' });
    expect(contact.hasTwoActiveParticipants()).toBe(true);
  });

  it('isUnderSupervision is true while a non-agent connection barges; monitor capability helpers', async () => {
    const { id, contact } = await connectedCall();
    expect(contact.isUnderSupervision()).toBe(false);
    await patchContact(id, (c) => ({
      ...c,
      contactMetadata: { name: 'meta' },
      connectSystemEndpoint: { type: 'phone_number', phoneNumber: '+15550000000' },
      connections: (c['connections'] as Record<string, unknown>[]).map((conn) =>
        conn['type'] === 'agent'
          ? conn
          : { ...conn, monitorStatus: 'BARGE', monitorCapabilities: ['SILENT_MONITOR', 'BARGE'] },
      ),
    }));
    expect(contact.isUnderSupervision()).toBe(true);
    expect(contact.getContactMetadata()).toEqual({ name: 'meta' });
    expect(contact.getConnectSystemEndpoint()).toMatchObject({ phoneNumber: '+15550000000' });
    const customer = contact.getInitialConnection() as InstanceType<
      ConnectGlobal['VoiceConnection']
    >;
    expect(customer.isBargeEnabled()).toBe(true);
    expect(customer.isSilentMonitorEnabled()).toBe(true);
  });

  it('startScreenSharing calls the proxy and broadcasts started; onScreenSharingStarted hears it; non-WebRTC contacts are refused', async () => {
    const { id, contact } = await connectedCall();
    await expect(contact.startScreenSharing()).rejects.toThrow(
      'Screen sharing is only supported for WebRTC contacts.',
    );
    await expect(contact.stopScreenSharing()).rejects.toThrow(
      'Screen sharing is only supported for WebRTC contacts.',
    );
    await patchContact(id, (c) => ({
      ...c,
      segmentAttributes: { 'connect:Subtype': { ValueString: 'connect:WebRTC' } },
    }));
    panel.handle('startScreenSharing', () => ({ ok: true }));
    const started = vi.fn();
    contact.onScreenSharingStarted(started);
    await expect(contact.startScreenSharing()).resolves.toEqual({ ok: true });
    expect(panel.requests.find((r) => r.method === 'startScreenSharing')?.params).toMatchObject({
      ContactId: id,
      ParticipantId: `${id}-agent`,
    });
    expect(panel.sent('broadcast')).toContainEqual({
      event: 'contact::screen_sharing_started',
      data: { contactId: id },
    });
    panel.emit('contact::screen_sharing_started', { contactId: id });
    await panel.settle();
    expect(started).toHaveBeenCalledWith({ contactId: id }, 'contact::screen_sharing_started');
    await contact.stopScreenSharing();
    expect(panel.sent('broadcast')).toContainEqual({
      event: 'contact::screen_sharing_stopped',
      data: { contactId: id },
    });
  });

  it('chat connections: getMediaController creates one AGENT session with the web-socket manager; participant names; authentication details', async () => {
    const connectSession = vi.fn(() => Promise.resolve());
    const create = vi.fn(() => ({ connect: connectSession }));
    sessions = { ChatSession: { create, setGlobalConfig: vi.fn() } };
    const { id, contact } = await connectedCall('chat');
    await patchContact(id, (c) => ({
      ...c,
      segmentAttributes: {
        'connect:CustomerAuthentication': {
          ValueMap: { Status: { ValueString: 'AUTHENTICATED' }, Name: { ValueString: 'Pat' } },
        },
      },
      connections: (c['connections'] as Record<string, unknown>[]).map((conn) => ({
        ...conn,
        chatMediaInfo: {
          connectionData: JSON.stringify({ ConnectionAuthenticationToken: 'pt-1' }),
          customerName: 'Pat',
          agentName: 'Jane',
        },
      })),
    }));
    const agent = contact.getAgentConnection() as InstanceType<ConnectGlobal['ChatConnection']>;
    const customer = contact.getInitialConnection() as InstanceType<
      ConnectGlobal['ChatConnection']
    >;
    expect(agent).toBeInstanceOf(connect.ChatConnection);
    const controller: unknown = await agent.getMediaController();
    expect(await agent.getMediaController()).toBe(controller);
    expect(create).toHaveBeenCalledOnce();
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'AGENT', websocketManager: expect.anything() as unknown }),
    );
    // The chat details are the original's: what amazon-connect-chatjs's agent session reads.
    const details = (
      create.mock.calls[0] as unknown as [{ chatDetails: Record<string, unknown> }]
    )[0].chatDetails;
    expect(details).toMatchObject({
      contactId: id,
      initialContactId: contact.getInitialContactId(),
      participantId: agent.getConnectionId(),
      participantToken: 'pt-1',
      originalInfo: { customerName: 'Pat' },
    });
    expect(typeof details['getConnectionToken']).toBe('function');
    expect(customer.getParticipantName()).toBe('Pat');
    expect(agent.getParticipantName()).toBe(new connect.Agent().getName());
    expect(customer.getAuthenticationDetails()).toEqual({ Status: 'AUTHENTICATED', Name: 'Pat' });
    expect(customer.isAuthenticated()).toBe(true);
    expect(() => agent.getAuthenticationDetails()).toThrow(
      'Authentication details are available only for customer connection',
    );
  });

  it('a chat media controller without amazon-connect-chatjs rejects; an ended connection’s is refused', async () => {
    const { id, contact } = await connectedCall('chat');
    await patchContact(id, (c) => ({
      ...c,
      connections: (c['connections'] as Record<string, unknown>[]).map((conn) => ({
        ...conn,
        chatMediaInfo: { contactId: id },
      })),
    }));
    const agent = contact.getAgentConnection() as InstanceType<ConnectGlobal['ChatConnection']>;
    await expect(agent.getMediaController()).rejects.toThrow(
      'connect.ChatSession is not available: load amazon-connect-chatjs first',
    );
    panel.instance.customerHangsUp(id);
    await panel.settle();
    await expect(agent.getMediaController()).rejects.toThrow(
      'Media Controller is no longer available for this connection',
    );
  });

  it('email contacts get EmailConnection objects; SoftphoneError keeps its fields', async () => {
    const { contact } = await connectedCall('email');
    expect(contact.getAgentConnection()).toBeInstanceOf(connect.EmailConnection);
    const agent = contact.getAgentConnection() as InstanceType<ConnectGlobal['EmailConnection']>;
    expect(agent.getMediaType()).toBe('email');
    const error = new connect.SoftphoneError('webrtc_error', 'failed', 'wss://x');
    expect([error.getErrorType(), error.getErrorMessage(), error.getEndPointUrl()]).toEqual([
      'webrtc_error',
      'failed',
      'wss://x',
    ]);
  });

  it('QuickResponses.isEnabled and searchQuickResponses go through the panel proxy with the contact attributes', async () => {
    const { id } = await connectedCall();
    panel.handle('qrIntegrationExists', () => ({ exists: true }));
    panel.handle('qrSearchQuickResponses', () => ({ results: [] }));
    await expect(connect.QuickResponses.isEnabled()).resolves.toEqual({ exists: true });
    await expect(
      connect.QuickResponses.searchQuickResponses({ query: 'hi', contactId: id }),
    ).resolves.toEqual({ results: [] });
    expect(panel.requests.find((r) => r.method === 'qrSearchQuickResponses')?.params).toMatchObject(
      { query: 'hi', contactId: id, attributes: {} },
    );
  });
});

describe('connect.storageAccess', () => {
  it('initCCP inits it with the panel URL and params.storageAccess: request URL, params; canRequest is opt-in', () => {
    connect.core.initCCP(container, {
      ccpUrl: 'https://test.my.connect.aws/ccp-v2/',
      storageAccess: { canRequest: true, mode: 'custom' },
    });
    expect(connect.storageAccess.canRequest()).toBe(true);
    expect(connect.storageAccess.getRequestStorageAccessUrl()).toBe(
      'https://test.my.connect.aws/request-storage-access',
    );
    expect(connect.storageAccess.getStorageAccessParams()).toMatchObject({
      canRequest: true,
      mode: 'custom',
    });
    expect(connect.storageAccess.storageAccessEvents.GRANTED).toBe('storageAccess::granted');
    expect(connect.storageAccess.getOnGrantCallbackInvoked()).toBe(false);
    connect.core.terminate();
    panel = new TestPanel();
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    expect(connect.storageAccess.canRequest()).toBe(false);
    connect.core.terminate();
    connect.storageAccess.optInForRequestAccess();
    panel = new TestPanel();
    connect.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    expect(connect.storageAccess.canRequest()).toBe(true);
    connect.storageAccess.optOutFromRequestAccess();
  });

  it('initCCP hands the core the storage-access params with the opt-in applied (the core runs the request flow)', () => {
    const seen: unknown[] = [];
    const spied = createConnect({
      initCCP: (_c, params) => {
        seen.push((params as { storageAccess?: unknown }).storageAccess);
        return panel.connect(params);
      },
    });
    spied.core.initCCP(container, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
    spied.core.terminate();
    spied.storageAccess.optInForRequestAccess();
    panel = new TestPanel();
    spied.core.initCCP(container, {
      ccpUrl: 'https://test.my.connect.aws/ccp-v2/',
      storageAccess: { mode: 'custom' },
    });
    spied.core.terminate();
    expect(seen).toEqual([{ canRequest: false }, { canRequest: true, mode: 'custom' }]);
  });

  it('onRequest before init throws; after init it returns { unsubscribe }', async () => {
    expect(() => connect.storageAccess.onRequest({})).toThrow(
      'connect.storageAccess.init has not been called',
    );
    await init();
    const sub = connect.storageAccess.onRequest({ onGrant: vi.fn() });
    expect(typeof sub.unsubscribe).toBe('function');
    unsubscribe(sub);
  });
});

describe('connect.agentApp', () => {
  it('has the 2.18 members; initCCP is core.initCCP and isInitialized returns undefined', () => {
    expect(Object.keys(connect.agentApp)).toEqual(
      expect.arrayContaining([
        'initCCP',
        'isInitialized',
        'initAppCommunication',
        'initApp',
        'stopApp',
        'AppRegistry',
      ]),
    );
    expect(connect.agentApp.isInitialized()).toBeUndefined();
  });

  it('initAppCommunication relays the panel’s contact::view (and the other app events) to the app iframe once it loaded', async () => {
    await init();
    let onLoad: (() => void) | undefined;
    const postMessage = vi.fn();
    const iframe = {
      id: 'app-frame',
      contentWindow: { postMessage },
      addEventListener: (type: string, f: () => void) => {
        if (type === 'load') onLoad = f;
      },
    };
    vi.stubGlobal('document', {
      getElementById: (id: string) => (id === 'app-frame' ? iframe : null),
    });
    try {
      connect.agentApp.initAppCommunication('app-frame', 'https://app.example.com/view/');
      panel.emit('contact::view', { contactId: 'before-load' });
      await panel.settle();
      onLoad?.();
      panel.emit('contact::view', { contactId: 'c-7' });
      await panel.settle();
      expect(postMessage.mock.calls).toEqual([
        [{ event: 'contact::view', data: { contactId: 'c-7' } }, 'https://app.example.com'],
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('AppRegistry.register/start/get/stop run the creator’s init and destroy and add/remove the iframe', () => {
    const appended: unknown[] = [];
    const iframe = { id: '', src: '', setAttribute: vi.fn(), allow: '' };
    const containerDOM = {
      appendChild: (el: unknown) => appended.push(el),
      removeChild: (el: unknown) => appended.splice(appended.indexOf(el), 1),
      querySelector: () => appended[0] ?? null,
    } as unknown as HTMLElement;
    const doc = { createElement: () => iframe } as unknown as Document;
    vi.stubGlobal('document', doc);
    try {
      const init = vi.fn(() => 'started');
      const destroy = vi.fn(() => 'stopped');
      connect.agentApp.AppRegistry.register('app1', { endpoint: 'https://app/' }, containerDOM);
      expect(connect.agentApp.AppRegistry.start('app1', () => ({ init, destroy }))).toBe('started');
      expect(iframe.id).toBe('app1');
      expect(iframe.src).toBe('https://app/');
      expect(appended).toEqual([iframe]);
      expect(
        (connect.agentApp.AppRegistry.get('app1') as { endpoint: string } | undefined)?.endpoint,
      ).toBe('https://app/');
      expect(connect.agentApp.stopApp('app1')).toBe('stopped');
      expect(appended).toEqual([]);
      expect(destroy).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
