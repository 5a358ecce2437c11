export {
  CONTACT_EVENT_DETAIL_TYPE,
  CONTACT_EVENT_SOURCE,
  CONTACT_EVENT_TYPES,
  WEBHOOK_HEADERS,
  SSE_KEEPALIVE_MS,
} from '../constants';
export { ContactEventHub, buildContactEvent, stableEventId } from './contact-events';
export type {
  ContactEvent,
  ContactEventHubEvents,
  ContactEventHubOptions,
  ContactEventInstance,
  ContactEventSnapshot,
  ContactEventType,
  PublishedContactEvent,
} from './contact-events';
export { DEFAULT_WEBHOOK_RETRY, WebhookDispatcher, retryDelay } from './webhook-dispatcher';
export type {
  Webhook,
  WebhookAttempt,
  WebhookDispatcherOptions,
  WebhookRetryPolicy,
} from './webhook-dispatcher';
export { createEventsRouter } from './events-routes';
export type { EventsRouter } from './events-routes';
