export {
  CONTACT_EVENT_DETAIL_TYPE,
  CONTACT_EVENT_SOURCE,
  CONTACT_EVENT_TYPES,
  ContactEventHub,
  buildContactEvent,
  stableEventId,
} from './contact-events';
export type {
  ContactEvent,
  ContactEventHubEvents,
  ContactEventHubOptions,
  ContactEventInstance,
  ContactEventSnapshot,
  ContactEventType,
  PublishedContactEvent,
} from './contact-events';
export {
  DEFAULT_WEBHOOK_RETRY,
  WEBHOOK_HEADERS,
  WebhookDispatcher,
  retryDelay,
} from './webhook-dispatcher';
export type {
  Webhook,
  WebhookAttempt,
  WebhookDispatcherOptions,
  WebhookRetryPolicy,
} from './webhook-dispatcher';
export { SSE_KEEPALIVE_MS, createEventsRouter } from './events-routes';
export type { EventsRouter } from './events-routes';
