// Starts the workspace server: database (migrated), services, HTTP listener.
import { serve, type ServerType } from '@hono/node-server';
import type { Logger } from 'pino';
import type { Config } from './config';
import { createApp } from './app';
import { migrate, openDatabase, type Db } from './db/database';
import { seedDemoIfEmpty } from './db/seed/demo';
import { linkAgents } from './integrations/agent-links';
import { createChannelAdapters } from './integrations/channels/registry';
import { ContactCentre } from './integrations/contact-centre';
import type { Services } from './lib/context';
import { startCampaignWorker } from './modules/campaigns/worker';
import { startOutboxWorker } from './modules/outbox/worker';
import { salesforceOf } from './integrations/salesforce/sync';
import { startInboundEmail } from './modules/conversations-intake/email';
import { startInboundQueue } from './modules/conversations-intake/inbound-queue';
import { UNSENT_UPLOADS } from './modules/attachments/constants';
import { AttachmentService } from './modules/attachments/service';
import { SNOOZE_WAKE_EVERY_MS } from './modules/inbox/constants';
import { InboxService } from './modules/inbox/service';
import { createLogger } from './lib/logger';
import { LiveBus } from './modules/live/bus';
import { presenceOf } from './modules/live/presence';
import { relayThroughPostgres } from './modules/live/notify';

/** A running server. */
export interface RunningServer {
  readonly url: string;
  readonly services: Services;
  readonly app: ReturnType<typeof createApp>;
  readonly seeded: boolean;
  /** `host:port` of the inbound SMTP listener, when INBOUND_SMTP_PORT turns it on. */
  readonly inboundSmtp: string | undefined;
  close(): Promise<void>;
}

/** Opens the database, migrates it, builds the services and the app (no listener). */
export async function createServices(config: Config, log: Logger = createLogger(config.logLevel)) {
  const database: Db = await openDatabase(config.database, (error) =>
    log.warn({ message: error.message }, 'database connection lost (idle)'),
  );
  const applied = await migrate(database.db);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  const contactCentre = new ContactCentre(config.connect, log);
  const bus = new LiveBus();
  const stopRelay =
    config.database.kind === 'postgres'
      ? await relayThroughPostgres(bus, config.database.url, log)
      : undefined;
  // A call or an agent changed: the agent list and live calls read the contact centre anew.
  const stopForgetting = bus.subscribeAll((event) => {
    if (event.type === 'call.updated' || event.type === 'agent.updated')
      contactCentre.forgetLiveData();
  });
  const callbackOrigin = { url: config.publicApiUrl };
  const channels = createChannelAdapters(config, callbackOrigin);
  const services: Services = {
    config,
    db: database.db,
    log,
    contactCentre,
    bus,
    channels,
    callbackOrigin,
  };
  // The inbound queue's drainer: rows a stopped server left are applied now.
  const inbound = startInboundQueue(services);
  // Abandoned drafts' uploads are deleted a day after they were uploaded.
  const uploads = new AttachmentService(services);
  const sweeper = setInterval(() => {
    uploads
      .sweepUnsent()
      .catch((error: unknown) => log.warn({ err: error }, 'upload sweep failed'));
  }, UNSENT_UPLOADS.everyMs);
  sweeper.unref();
  // Snoozed conversations open again when their time comes (with a live event).
  const inbox = new InboxService(services);
  const waker = setInterval(() => {
    inbox
      .wakeSnoozed()
      .catch((error: unknown) => log.warn({ err: error }, 'snoozed conversations not woken'));
  }, SNOOZE_WAKE_EVERY_MS);
  waker.unref();
  return {
    services,
    async close() {
      clearInterval(sweeper);
      clearInterval(waker);
      stopForgetting();
      presenceOf(services).close();
      await inbound.stop();
      await stopRelay?.();
      contactCentre.close();
      await database.close();
    },
  };
}

/** Starts the server on the configured host and port. */
export async function startServer(config: Config, log?: Logger): Promise<RunningServer> {
  const built = await createServices(config, log);
  const { services } = built;
  const seeded = config.seedDemo ? await seedDemoIfEmpty(services.db) : false;
  await linkAgents(services);
  const app = createApp(services);
  const campaignWorker = startCampaignWorker(services);
  const outboxWorker = startOutboxWorker(services);
  // Salesforce: the periodic contact sync and the call-logging queue.
  salesforceOf(services).start();
  const inboundEmail = config.email.inbound
    ? await startInboundEmail(services, config.email.inbound)
    : undefined;
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, () =>
      resolve(s),
    );
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  services.callbackOrigin.url ??= url;
  return {
    url,
    services,
    app,
    seeded,
    inboundSmtp: inboundEmail?.address,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await inboundEmail?.server.close();
      await campaignWorker.stop();
      await outboxWorker.stop();
      salesforceOf(services).stop();
      await built.close();
    },
  };
}
