// The control API of a running emulator: its simulation and service routes over the live
// instance (reset, sign-in links, chats started as the admin API starts them, the services).
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { SignInLink } from '../auth/sign-in-links';
import type { Clock } from '../domain/clock';
import type { Seed } from '../domain/seed';
import type { RegionController } from '../regions/regions';
import { contactStartBackend } from '../services/contact-start-backend';
import type { EmulatorInstance } from '../services/emulator-instance';
import { createControlApp } from './control-app';

/** What the control API of a running emulator reads beside its instance. */
export interface InstanceControlOptions {
  readonly seed: Seed;
  readonly clock: Clock;
  readonly regions: RegionController | undefined;
  readonly signInLink: (username: string, redirect: string | undefined) => SignInLink | undefined;
  readonly log: (line: string) => void;
}

/** The control API: simulation and service routes (Hono, zod route schemas). */
export function instanceControlApp(
  instance: EmulatorInstance,
  options: InstanceControlOptions,
): OpenAPIHono {
  const { seed, clock, regions, log } = options;
  const centre = () => instance.centre;
  const services = instance.services;
  return createControlApp({
    signInLink: options.signInLink,
    centre,
    clock,
    reset: () => instance.reset(),
    log,
    // The customer page's chats start as the admin API's StartChatContact does.
    startChatContact: (input) => contactStartBackend(centre, seed, clock).startChatContact(input),
    services: () => ({
      faults: services.faults,
      voiceId: services.voiceId,
      events: services.events,
      webhooks: services.webhooks,
      agentWebhooks: services.agentWebhooks,
      eventStream: services.eventStream,
      regions,
      media: services.mediaRoutes,
    }),
  });
}
