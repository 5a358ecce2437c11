// The control API's service routes (fault rules, Voice ID, webhooks and contact events, media,
// regions) on Hono with zod route schemas, one module per family, registered on the control app:
// its OpenAPI document is generated from these declarations too.
import type { VoiceIdSimulator } from '../agent-app/voice-id-simulator';
import type { ContactEventHub } from '../events/contact-events';
import type { WebhookDispatcher } from '../events/webhook-dispatcher';
import type { FaultEngine } from '../faults/fault-engine';
import type { RouteHandler } from '../lib/http';
import type { RegionController } from '../regions/regions';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { registerFaultRoutes } from './fault-routes';
import { registerMediaRoutes } from './media-routes';
import { registerRegionRoutes } from './region-routes';
import { notFound } from './service-route-kit';
import { registerVoiceIdRoutes } from './voice-id-routes';
import { registerWebhookRoutes } from './webhook-routes';

/** The services the control API drives beside the simulation. */
export interface ControlServices {
  readonly faults: FaultEngine;
  readonly voiceId: VoiceIdSimulator;
  readonly events: ContactEventHub;
  readonly webhooks: WebhookDispatcher;
  /** Where agent events are POSTed (absent on an older host of these routes). */
  readonly agentWebhooks?: WebhookDispatcher;
  /** The server-sent event stream of contact events (it keeps its streams for shutdown). */
  readonly eventStream: RouteHandler;
  /** The two regions, when the emulator runs them. */
  readonly regions?: RegionController | undefined;
  /** Recordings and transcripts, streamed from their files. */
  readonly media?: RouteHandler;
}

/** Registers the service routes on the control app; `services` is read per request. */
export function registerServiceRoutes(
  app: OpenAPIHono,
  services: () => ControlServices | undefined,
): void {
  const get = (): ControlServices => services() ?? notFound('No control services.');

  registerFaultRoutes(app, get);
  registerVoiceIdRoutes(app, get);
  registerWebhookRoutes(app, get);
  registerMediaRoutes(app, get);
  registerRegionRoutes(app, get);
}
