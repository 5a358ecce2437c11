import { readFile } from 'node:fs/promises';
import { adminRoutes, createAdminRouter } from '../admin/admin-router';
import type { AdminBackend } from '../admin/types';
import type { Hono } from 'hono';
import {
  agentAppRoutes,
  createAgentAppRouter,
  createVoiceIdControlRouter,
  type AgentAppBackend,
} from '../agent-app/agent-app-router';
import type { VoiceIdContactView, VoiceIdSettings } from '../agent-app/voice-id-model';
import { VoiceIdSimulator } from '../agent-app/voice-id-simulator';
import { AgentEventHub } from '../events/agent-events';
import { ContactEventHub } from '../events/contact-events';
import { createEventsRouter } from '../events/events-routes';
import { WebhookDispatcher, type WebhookRetryPolicy } from '../events/webhook-dispatcher';
import { FaultEngine, parseFaultSeed, type FaultRuleInput } from '../faults/fault-engine';
import { createFaultControlRouter, withFaults, type FaultingHandler } from '../faults/fault-http';
import type { EmulatorEnv } from '../http/node-env';
import type { RouteHandler } from '../lib/http';
import { MediaStore } from '../media/media-store';

/** Options of {@link createServices}. */
export interface ServicesOptions {
  stateDir: string;
  instance: { instanceId: string; region: string; accountId: string; alias: string };
  admin: AdminBackend;
  agentApp: AgentAppBackend;
  /** Looks a contact up for Voice ID (customer id, talk time, ended). */
  voiceIdContact: (contactId: string) => VoiceIdContactView | undefined;
  voiceIdSettings?: Partial<VoiceIdSettings>;
  faultSeed?: number;
  faultRules?: readonly FaultRuleInput[];
  webhooks?: readonly string[];
  /** URLs that receive agent events (the agent event stream's records), one POST per record. */
  agentEventWebhooks?: readonly string[];
  webhookRetry?: Partial<WebhookRetryPolicy>;
  now?: () => number;
}

/** The admin API, agent-app services, contact events, media and faults, ready to mount. */
export interface Services {
  /**
   * Every route of these services as one Node-style handler (admin REST, agent-app, recordings,
   * control endpoints), for a server that is not the emulator's Hono app.
   */
  routes: RouteHandler;
  /** Recordings and transcripts, streamed from their files (the control app's media routes). */
  mediaRoutes: RouteHandler;
  /** The contact events' server-sent event stream (the control API's `/control/events/stream`). */
  eventStream: RouteHandler;
  /** The admin API (Hono routes). */
  admin: Hono<EmulatorEnv>;
  /** The agent-app endpoint and the task-templates proxy (Hono routes). */
  agentApp: Hono<EmulatorEnv>;
  /** Wraps the server's whole handler with fault injection. */
  withFaults(handler: RouteHandler): FaultingHandler;
  faults: FaultEngine;
  voiceId: VoiceIdSimulator;
  events: ContactEventHub;
  webhooks: WebhookDispatcher;
  /** Agent events (STATE_CHANGE records of the agent event stream). */
  agentEvents: AgentEventHub;
  /** Where agent events are POSTed (the agent event stream's consumer). */
  agentWebhooks: WebhookDispatcher;
  media: MediaStore;
  /** Stops deliveries and ends event streams and dropped requests. */
  close(): void;
}

/** Builds the services of this module around the instance's domain adapters. */
export function createServices(options: ServicesOptions): Services {
  const now = options.now ?? Date.now;
  const faults = new FaultEngine({ seed: options.faultSeed ?? 1, now });
  for (const rule of options.faultRules ?? []) faults.add(rule);
  const voiceId = new VoiceIdSimulator({
    region: options.instance.region,
    accountId: options.instance.accountId,
    contact: options.voiceIdContact,
    now,
    ...(options.voiceIdSettings === undefined ? {} : { settings: options.voiceIdSettings }),
  });
  const events = new ContactEventHub({ instance: options.instance, now });
  const webhooks = new WebhookDispatcher(
    options.webhookRetry === undefined ? {} : { retry: options.webhookRetry },
  );
  for (const url of options.webhooks ?? []) webhooks.add(url);
  events.onEvent((published) => webhooks.enqueue(published));
  const agentEvents = new AgentEventHub({ instance: options.instance, now });
  const agentWebhooks = new WebhookDispatcher(
    options.webhookRetry === undefined ? {} : { retry: options.webhookRetry },
  );
  for (const url of options.agentEventWebhooks ?? []) agentWebhooks.add(url);
  agentEvents.onEvent((record) =>
    agentWebhooks.enqueueDelivery({
      id: record.EventId,
      lane: record.AgentARN,
      eventType: record.EventType,
      body: record,
    }),
  );
  const media = new MediaStore(options.stateDir, options.instance);
  const eventsRouter = createEventsRouter(events, webhooks);
  const admin = adminRoutes(options.admin);
  const agentApp = agentAppRoutes(options.agentApp, voiceId);
  const mediaRoutes = media.router();
  // The Node-style adapters, built on first use (the emulator's own app never uses them).
  let handlers: RouteHandler[] | undefined;
  const wrapped: FaultingHandler[] = [];
  return {
    routes: async (req, res, url) => {
      handlers ??= [
        createAdminRouter(options.admin),
        createAgentAppRouter(options.agentApp, voiceId),
        mediaRoutes,
        createFaultControlRouter(faults),
        createVoiceIdControlRouter(voiceId),
        eventsRouter,
      ];
      for (const handler of handlers) if (await handler(req, res, url)) return true;
      return false;
    },
    mediaRoutes,
    eventStream: eventsRouter,
    admin,
    agentApp,
    withFaults: (handler) => {
      const w = withFaults(faults, handler);
      wrapped.push(w);
      return w;
    },
    faults,
    voiceId,
    events,
    webhooks,
    agentEvents,
    agentWebhooks,
    media,
    close: () => {
      webhooks.stop();
      agentWebhooks.stop();
      eventsRouter.closeStreams();
      for (const w of wrapped) w.releaseDropped();
    },
  };
}

/** `node:util` parseArgs definitions of the CLI flags these services add. */
export const SERVICES_CLI_OPTIONS = {
  /** A webhook URL for contact events (repeatable). */
  webhook: { type: 'string', multiple: true },
  /** A JSON file of fault rules (an array, or `{seed, rules}`). */
  faults: { type: 'string' },
  /** Seed of the fault probabilities. */
  'fault-seed': { type: 'string' },
} as const;

/** Reads the CLI flags of {@link SERVICES_CLI_OPTIONS} into service options. */
export async function loadServicesCliOptions(values: {
  webhook?: string[];
  faults?: string;
  'fault-seed'?: string;
}): Promise<Pick<ServicesOptions, 'webhooks' | 'faultRules' | 'faultSeed'>> {
  const out: Pick<ServicesOptions, 'webhooks' | 'faultRules' | 'faultSeed'> = {};
  if (values.webhook !== undefined) {
    for (const url of values.webhook) new URL(url);
    out.webhooks = values.webhook;
  }
  if (values.faults !== undefined) {
    const seed = parseFaultSeed(await readFile(values.faults, 'utf8'));
    out.faultRules = seed.rules;
    if (seed.seed !== undefined) out.faultSeed = seed.seed;
  }
  if (values['fault-seed'] !== undefined) {
    const n = Number(values['fault-seed']);
    if (!Number.isInteger(n))
      throw new TypeError(`--fault-seed must be an integer: ${values['fault-seed']}`);
    out.faultSeed = n;
  }
  return out;
}
