// Forwards the typed panel's events to the compat event bus under the original's event names,
// with the payloads the original hands its handlers (compat agents, contacts and snapshots).
import type { Ccp } from '../ccp/ccp';
import type { Contact as CoreContact } from '../contact/contact';
import type { ContactsEvents } from '../events/agent-data-store';
import type { ContactData } from '../wire';
import type { CompatApi } from './api';
import * as enums from './enums';
import type { CompatEventBus } from './event-bus';

const CONTACT_EVENT_NAMES: Record<keyof ContactsEvents, string> = {
  init: enums.ContactEvents.INIT,
  incoming: enums.ContactEvents.INCOMING,
  pending: enums.ContactEvents.PENDING,
  connecting: enums.ContactEvents.CONNECTING,
  connected: enums.ContactEvents.CONNECTED,
  acw: enums.ContactEvents.ACW,
  ended: enums.ContactEvents.ENDED,
  missed: enums.ContactEvents.MISSED,
  error: enums.ContactEvents.ERROR,
  refresh: enums.ContactEvents.REFRESH,
  accepted: enums.ContactEvents.ACCEPTED,
  destroyed: enums.ContactEvents.DESTROYED,
  invalidStateTransition: enums.ContactEvents.INVALID_STATE_TRANSITION,
  view: enums.ContactEvents.VIEW,
};

const RAW_PREFIXES = [
  'agent::websocket_connection_',
  'agent::local_media_stream_created',
  'contact::screen_sharing_',
  'configuration::camera_device_changed',
  'configuration::background_blur_changed',
  'webSocket::',
  'voiceId::',
  'taskList::',
  'task::',
  'email::',
  'connection::',
];

/** Where the panel's events go, and the `connect` object's state they update. */
export interface CompatEventSink {
  /** The `connect` object's current event bus. */
  bus(): CompatEventBus;
  /** The `connect.*` classes handed to handlers. */
  readonly api: CompatApi;
  /** Keeps a removal, called when the panel is terminated. */
  keep(off: () => void): void;
  /** The panel reported `initialized`. */
  panelInitialized(): void;
  /** The agent's first data arrived. */
  agentInitialized(): void;
}

/** Forwards the panel's, the agent's and the contacts' events of `ccp` until terminate. */
export function forwardCcpEvents(ccp: Ccp, sink: CompatEventSink): void {
  forwardPanelEvents(ccp, sink);
  forwardAgentEvents(ccp, sink);
  forwardContactEvents(ccp, sink);
}

/** Panel lifecycle, authorization and raw wire events. */
function forwardPanelEvents(ccp: Ccp, sink: CompatEventSink): void {
  const on = (off: () => void): void => sink.keep(off);
  const bus = () => sink.bus();
  on(
    ccp.on('initialized', () => {
      sink.panelInitialized();
      bus().trigger(enums.EventType.INIT);
    }),
  );
  on(ccp.on('ackTimeout', () => bus().trigger(enums.EventType.ACK_TIMEOUT)));
  on(
    ccp.on('iframeRetriesExhausted', () => bus().trigger(enums.EventType.IFRAME_RETRIES_EXHAUSTED)),
  );
  on(ccp.on('authFail', (d) => bus().trigger(enums.EventType.AUTH_FAIL, d)));
  on(ccp.on('accessDenied', (d) => bus().trigger(enums.EventType.ACCESS_DENIED, d)));
  on(ccp.on('authorizeSuccess', (d) => bus().trigger(enums.EventType.AUTHORIZE_SUCCESS, d)));
  on(
    ccp.on('authorizeRetriesExhausted', (d) =>
      bus().trigger(enums.EventType.AUTHORIZE_RETRIES_EXHAUSTED, d),
    ),
  );
  on(
    ccp.on('ctiAuthorizeRetriesExhausted', (d) =>
      bus().trigger(enums.EventType.CTI_AUTHORIZE_RETRIES_EXHAUSTED, d),
    ),
  );
  on(ccp.on('terminated', (d) => bus().trigger(enums.EventType.TERMINATED, d)));
  on(ccp.on('connectedCcps', (d) => bus().trigger(enums.EventType.UPDATE_CONNECTED_CCPS, d)));
  on(
    ccp.on('configureError', (m) =>
      bus().trigger(enums.GlobalResiliencyEvents.CONFIGURE_ERROR, { message: m }),
    ),
  );
  on(
    ccp.on('message', (m) => {
      if (RAW_PREFIXES.some((p) => m.event.startsWith(p))) bus().trigger(m.event, m.data);
    }),
  );
}

/** The agent's events, each with a compat `Agent`. */
function forwardAgentEvents(ccp: Ccp, sink: CompatEventSink): void {
  const on = (off: () => void): void => sink.keep(off);
  const bus = () => sink.bus();
  const wrapAgent = () => new sink.api.Agent();
  const agent = ccp.agent;
  on(
    agent.on('init', () => {
      sink.agentInitialized();
      bus().trigger(enums.AgentEvents.INIT, wrapAgent());
    }),
  );
  on(agent.on('refresh', () => bus().trigger(enums.AgentEvents.REFRESH, wrapAgent())));
  on(agent.on('routable', () => bus().trigger(enums.AgentEvents.ROUTABLE, wrapAgent())));
  on(agent.on('notRoutable', () => bus().trigger(enums.AgentEvents.NOT_ROUTABLE, wrapAgent())));
  on(agent.on('offline', () => bus().trigger(enums.AgentEvents.OFFLINE, wrapAgent())));
  on(agent.on('error', () => bus().trigger(enums.AgentEvents.ERROR, wrapAgent())));
  on(agent.on('acw', () => bus().trigger(enums.AgentEvents.ACW, wrapAgent())));
  on(
    agent.on('enqueuedNextState', () =>
      bus().trigger(enums.AgentEvents.ENQUEUED_NEXT_STATE, wrapAgent()),
    ),
  );
  on(
    agent.on('stateChange', ({ oldState, newState }) =>
      bus().trigger(enums.AgentEvents.STATE_CHANGE, { agent: wrapAgent(), oldState, newState }),
    ),
  );
  on(agent.on('muteToggle', (s) => bus().trigger(enums.AgentEvents.MUTE_TOGGLE, s)));
  on(agent.on('softphoneError', (e) => bus().trigger(enums.AgentEvents.SOFTPHONE_ERROR, e)));
  on(
    agent.on('deviceChanged', ({ kind, deviceId }) =>
      bus().trigger(`configuration::${kind}_device_changed`, { deviceId }),
    ),
  );
}

/** The contacts' events, on `contact::<event>` and `contact::<event>::<contactId>`. */
function forwardContactEvents(ccp: Ccp, sink: CompatEventSink): void {
  const on = (off: () => void): void => sink.keep(off);
  const bus = () => sink.bus();
  const wrapContact = (c: CoreContact | string) =>
    new sink.api.Contact(typeof c === 'string' ? c : c.getContactId());
  // The core contact of each current contact, kept to freeze it when it goes: `onDestroy`
  // handlers get a snapshot whose getters answer (the original's ContactSnapshot).
  const live = new Map<string, CoreContact>();
  for (const [key, name] of Object.entries(CONTACT_EVENT_NAMES) as [
    keyof ContactsEvents,
    string,
  ][]) {
    on(
      ccp.contacts.on(key, (arg: unknown) => {
        if (key === 'view') {
          bus().trigger(name, { contactId: arg as string });
          return;
        }
        let wrapped: InstanceType<CompatApi['Contact']>;
        if (key === 'destroyed' || key === 'invalidStateTransition') {
          const data = arg as ContactData;
          const core = live.get(data.contactId);
          wrapped = core ? sink.api.snapshotOf(core.frozen(data)) : wrapContact(data.contactId);
          if (key === 'destroyed') live.delete(data.contactId);
        } else {
          const core = arg as CoreContact;
          live.set(core.contactId, core);
          wrapped = wrapContact(core);
        }
        const id = wrapped.contactId;
        bus().trigger(name, wrapped);
        bus().trigger(`${name}::${id}`, wrapped);
        if (key === 'destroyed') bus().unsubscribeAllWithSuffix(`::${id}`);
      }),
    );
  }
}
