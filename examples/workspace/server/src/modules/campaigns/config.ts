// The send worker's settings from the environment (validated; every one has a default).
import { z } from 'zod';
import { WORKER_DEFAULTS } from './constants';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');
const ms = z.coerce.number().int().min(0).max(600_000);

const schema = z.object({
  /** Run the send worker in this process (default on). */
  CAMPAIGN_WORKER: bool.default(true),
  CAMPAIGN_BATCH_SIZE: z.coerce.number().int().min(1).max(5_000).default(WORKER_DEFAULTS.batchSize),
  CAMPAIGN_LEASE_MS: ms.min(100).default(WORKER_DEFAULTS.leaseMs),
  CAMPAIGN_IDLE_MS: ms.min(10).default(WORKER_DEFAULTS.idleMs),
});

/** The campaign worker's configuration. */
export interface CampaignConfig {
  readonly worker: boolean;
  readonly batchSize: number;
  readonly leaseMs: number;
  readonly idleMs: number;
}

/** Reads the campaign settings; a bad value throws with the variable's name. */
export function loadCampaignConfig(
  env: Record<string, string | undefined> = process.env,
): CampaignConfig {
  const result = schema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!result.success)
    throw new Error(
      `Invalid campaign configuration:\n${result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  const e = result.data;
  return {
    worker: e.CAMPAIGN_WORKER,
    batchSize: e.CAMPAIGN_BATCH_SIZE,
    leaseMs: e.CAMPAIGN_LEASE_MS,
    idleMs: e.CAMPAIGN_IDLE_MS,
  };
}
