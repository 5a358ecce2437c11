// The send worker of a server process: started with the server (unless CAMPAIGN_WORKER=0), woken
// by this process's "send now", stopped before the database closes. It sends through this
// process's channel adapters (the reply outbox's).
import type { Services } from '../../lib/context';
import { loadCampaignConfig, type CampaignConfig } from './config';
import { CampaignSender, type SenderOptions } from './sender';

const workers = new WeakMap<Services, CampaignSender>();

/** Wakes the send worker of these services, when one runs. */
export function wakeCampaignWorker(services: Services): void {
  workers.get(services)?.wake();
}

/** Builds a sender over this process's adapters with the configured batch and lease. */
export function createSender(
  services: Services,
  config: CampaignConfig = loadCampaignConfig(),
  options: SenderOptions = {},
): CampaignSender {
  return new CampaignSender(
    services.db,
    services.channels,
    services.log.child({ module: 'campaigns' }),
    {
      batchSize: config.batchSize,
      leaseMs: config.leaseMs,
      idleMs: config.idleMs,
      ...options,
    },
  );
}

/** Starts this process's send worker (unless disabled); `stop()` waits for its current pass. */
export function startCampaignWorker(services: Services): { stop(): Promise<void> } {
  const config = loadCampaignConfig();
  if (!config.worker) return { stop: () => Promise.resolve() };
  const sender = createSender(services, config);
  workers.set(services, sender);
  sender.start();
  services.log.info({ worker: sender.workerId }, 'campaign send worker started');
  return {
    async stop() {
      workers.delete(services);
      await sender.stop();
    },
  };
}
