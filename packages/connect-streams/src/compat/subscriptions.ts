// The `on…` registrations of `connect.core` and `connect.globalResiliency`: each subscribes a
// handler to one of the original's event names on the `connect` object's bus.
import type { CompatApi } from './api';
import * as enums from './enums';
import type { CompatEventBus, Subscription } from './event-bus';

/** Subscribes `f` to `event` on the current bus. */
type Subscribe = (event: string, f: (data: never) => void) => Subscription;

/** `connect.core`'s panel lifecycle and authorization subscriptions, and `onViewContact`. */
export function panelEventSubscriptions(sub: Subscribe) {
  return {
    onInitialized: (f: () => void): Subscription => sub(enums.EventType.INIT, f),
    onAuthFail: (f: (d: unknown) => void): Subscription => sub(enums.EventType.AUTH_FAIL, f),
    onAccessDenied: (f: (d: unknown) => void): Subscription =>
      sub(enums.EventType.ACCESS_DENIED, f),
    onAuthorizeSuccess: (f: (d: unknown) => void): Subscription =>
      sub(enums.EventType.AUTHORIZE_SUCCESS, f),
    onAuthorizeRetriesExhausted: (f: (d: unknown) => void): Subscription =>
      sub(enums.EventType.AUTHORIZE_RETRIES_EXHAUSTED, f),
    onCTIAuthorizeRetriesExhausted: (f: (d: unknown) => void): Subscription =>
      sub(enums.EventType.CTI_AUTHORIZE_RETRIES_EXHAUSTED, f),
    onIframeRetriesExhausted: (f: () => void): Subscription =>
      sub(enums.EventType.IFRAME_RETRIES_EXHAUSTED, f),
    onViewContact: (f: (d: { contactId: string }) => void): Subscription =>
      sub(enums.ContactEvents.VIEW, f),
  };
}

/** `connect.globalResiliency`: failover subscriptions and the active region. */
export function globalResiliencyApi(sub: Subscribe, activeRegion: () => string | null) {
  return {
    onFailoverPending: (f: (d: { nextActiveRegion: string }) => void): Subscription =>
      sub(enums.GlobalResiliencyEvents.FAILOVER_PENDING_CRM, f),
    onFailoverCompleted: (f: (d: { activeRegion: string }) => void): Subscription =>
      sub(enums.GlobalResiliencyEvents.FAILOVER_COMPLETE, f),
    onConfigureError: (f: (d: unknown) => void): Subscription =>
      sub(enums.GlobalResiliencyEvents.CONFIGURE_ERROR, f),
    /** The active region, or null without global resiliency (2.18.7 declares a `String`). */
    getActiveRegion: activeRegion as connect.GlobalResiliency['getActiveRegion'],
  };
}

/**
 * `connect.agent(f)`: calls `f` with the agent on its first data, and at once when it has come
 * (`initialized`).
 */
export function agentSubscriber(bus: () => CompatEventBus, api: Pick<CompatApi, 'Agent'>) {
  const agentFn = Object.assign(
    (f: (agent: InstanceType<CompatApi['Agent']>) => void): Subscription => {
      const sub = bus().subscribe(enums.AgentEvents.INIT, f);
      if (agentFn.initialized) f(new api.Agent());
      return sub;
    },
    { initialized: false },
  );
  return agentFn;
}

/** `connect.contact(f)`: calls `f` with each new contact. */
export function contactSubscriber(bus: () => CompatEventBus) {
  return (f: (contact: InstanceType<CompatApi['Contact']>) => void): Subscription =>
    bus().subscribe(enums.ContactEvents.INIT, f);
}
