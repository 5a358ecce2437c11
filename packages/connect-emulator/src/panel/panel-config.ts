import { z } from 'zod';

/**
 * What the emulator's panel page tells its browser script (embedded in the page as JSON).
 * @public
 */
export const panelPageConfigSchema = z.object({
  /** The instance region. */
  region: z.string(),
  /** The CTI endpoint (absolute or relative to the page). */
  ctiEndpoint: z.string(),
  /** The authorize endpoint. */
  authorizeEndpoint: z.string(),
  /** The whitelisted-origins endpoint. */
  whitelistedOriginsEndpoint: z.string(),
  /** The agent-app endpoint, if the emulator serves one. */
  agentAppEndpoint: z.string().nullable(),
  /** Cookie name the agent-app bearer is keyed by. */
  authCookieName: z.string(),
  /** Where to sign in when authorize answers 401 (`?redirect=<panel path>` is added). */
  loginUrl: z.string(),
  /** Any embedding origin is allowed: skip the whitelisted-origins check. */
  anyOrigin: z.boolean(),
  /** The worker script URL. */
  sharedWorkerUrl: z.string(),
  /** The panel's default ringtone (voice and queue callback), unless the host configures another. */
  ringtoneUrl: z.string().default('ringtone.wav'),
  /** Softphone metrics flush period (30000 ms unless shortened for tests). */
  metricsFlushIntervalMs: z.number().int().positive(),
  /** Softphone statistics period (1000 ms unless changed for tests). */
  statsIntervalMs: z.number().int().positive(),
  /** Two regions: where the page reads its region status, and its timings (null for one region). */
  globalResiliency: z
    .object({
      statusEndpoint: z.string(),
      pollIntervalMs: z.number().int().positive(),
      heartbeatIntervalMs: z.number().int().positive(),
    })
    .nullable()
    .default(null),
});

/**
 * The parsed panel page configuration.
 * @public
 */
export type PanelPageConfig = z.infer<typeof panelPageConfigSchema>;

/** The element id the configuration JSON is embedded under. @public */
export const PANEL_CONFIG_ELEMENT_ID = 'x-panel-config';
