// Environment → validated configuration. Every setting has a development default so that
// `npm start` needs none; production sets DATABASE_URL, the contact-centre endpoint and secrets.
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

const port = z.coerce.number().int().min(0).max(65535);
const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  WORKSPACE_API_PORT: port.default(4800),
  /** PostgreSQL connection string; without it the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** PGlite data directory (`memory://` keeps it in memory). */
  DATA_DIR: z.string().min(1).default(`${serverDir}../.data/pglite`),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Lifetime of a bearer token issued by login. */
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  /** Failed logins per email (and per client address) allowed in LOGIN_WINDOW_MINUTES. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  /** Failed logins from one client address (any email) allowed in the window. */
  LOGIN_MAX_FAILURES_PER_CLIENT: z.coerce.number().int().positive().default(20),
  /** Seed the demo workspaces on an empty database. */
  SEED_DEMO: bool.default(false),
  /** The contact centre's admin API (the emulator in development, Amazon Connect in production). */
  CONNECT_ENDPOINT: z.url().optional(),
  CONNECT_REGION: z.string().min(1).default('us-east-1'),
  CONNECT_ACCESS_KEY_ID: z.string().min(1).default('emulator-demo'),
  CONNECT_SECRET_ACCESS_KEY: z.string().min(1).default('emulator-demo-secret'),
  /**
   * How long agents' live data (GetCurrentUserData) is shared between requests: the agent list,
   * live calls and transfer targets of every member read one snapshot per instance. Amazon
   * Connect allows few GetCurrentUserData calls per second; 0 reads it on every request.
   */
  CONNECT_LIVE_DATA_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Where the browser reaches the emulator (CCP and sign-on); defaults to CONNECT_ENDPOINT. */
  EMULATOR_PUBLIC_URL: z.url().optional(),
  /** Shared secret the contact-event webhook presents (`?key=`). */
  CONTACT_EVENTS_SECRET: z.string().min(16).optional(),
  /** Validate every JSON answer against its declared schema (on outside production). */
  VALIDATE_RESPONSES: bool.optional(),
  /** Serve the built web app (examples/workspace/dist) on the same origin as the API. */
  SERVE_WEB: bool.default(false),
  /** The built web app's folder (default: examples/workspace/dist). */
  WEB_DIR: z.string().min(1).optional(),
  /**
   * Key that encrypts integration secrets at rest (AES-256-GCM): 32 bytes, base64. Without it,
   * production refuses to store secrets; development and tests use a fixed development key.
   */
  /** The outbound mail relay of the email channel: `smtp[s]://user:pass@host:port`. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The server's own inbound SMTP listener (customers' mail in); 0 = a free port; unset = off. */
  INBOUND_SMTP_PORT: port.optional(),
  INBOUND_SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  SETTINGS_SECRET_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'Must be 32 bytes, base64-encoded')
    .optional(),
});

/** The validated configuration. */
export interface Config {
  readonly env: 'development' | 'test' | 'production';
  readonly host: string;
  readonly port: number;
  readonly database:
    | { readonly kind: 'postgres'; readonly url: string }
    | { readonly kind: 'pglite'; readonly dataDir: string };
  readonly logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  readonly tokenTtlMs: number;
  readonly login: {
    readonly maxFailures: number;
    readonly maxFailuresPerClient: number;
    readonly windowMs: number;
  };
  readonly seedDemo: boolean;
  readonly connect: {
    readonly endpoint: string | undefined;
    readonly region: string;
    readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
    readonly publicUrl: string | undefined;
    readonly liveDataTtlMs: number;
  };
  readonly contactEventsSecret: string | undefined;
  readonly validateResponses: boolean;
  readonly serveWeb: boolean;
  readonly webDir: string;
  /** The integration-secret key (base64), when the environment sets one. */
  readonly settingsSecretKey: string | undefined;
  /** The email channel: outbound relay and inbound listener (each optional). */
  readonly email: {
    readonly smtpUrl: string | undefined;
    readonly inbound: { readonly host: string; readonly port: number } | undefined;
  };
}

/** A configuration the environment failed to give; `issues` names each variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Reads and validates the configuration from `env` (process.env by default). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.WORKSPACE_API_PORT,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: e.DATA_DIR },
    logLevel: e.LOG_LEVEL,
    tokenTtlMs: e.TOKEN_TTL_HOURS * 3_600_000,
    login: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      maxFailuresPerClient: e.LOGIN_MAX_FAILURES_PER_CLIENT,
      windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    },
    seedDemo: e.SEED_DEMO,
    connect: {
      endpoint: e.CONNECT_ENDPOINT?.replace(/\/$/, ''),
      region: e.CONNECT_REGION,
      credentials: {
        accessKeyId: e.CONNECT_ACCESS_KEY_ID,
        secretAccessKey: e.CONNECT_SECRET_ACCESS_KEY,
      },
      publicUrl: (e.EMULATOR_PUBLIC_URL ?? e.CONNECT_ENDPOINT)?.replace(/\/$/, ''),
      liveDataTtlMs: e.CONNECT_LIVE_DATA_TTL_MS,
    },
    contactEventsSecret: e.CONTACT_EVENTS_SECRET,
    validateResponses: e.VALIDATE_RESPONSES ?? e.NODE_ENV !== 'production',
    serveWeb: e.SERVE_WEB,
    webDir: e.WEB_DIR ?? `${serverDir}../dist`,
    settingsSecretKey: e.SETTINGS_SECRET_KEY,
    email: {
      smtpUrl: e.SMTP_URL,
      inbound:
        e.INBOUND_SMTP_PORT === undefined
          ? undefined
          : { host: e.INBOUND_SMTP_HOST, port: e.INBOUND_SMTP_PORT },
    },
  };
}

/** Masks a secret for display: keeps the first two characters. */
export function mask(secret: string | undefined): string {
  if (secret === undefined) return '(unset)';
  return `${secret.slice(0, 2)}${'*'.repeat(Math.max(4, secret.length - 2))}`;
}

/** The start-up summary of a configuration, secrets masked (passwords in URLs too). */
export function summarize(config: Config): Record<string, unknown> {
  const db =
    config.database.kind === 'postgres'
      ? { database: 'postgres', databaseUrl: maskUrl(config.database.url) }
      : { database: 'pglite', dataDir: config.database.dataDir };
  return {
    env: config.env,
    listen: `${config.host}:${config.port}`,
    ...db,
    tokenTtlHours: config.tokenTtlMs / 3_600_000,
    login: config.login,
    seedDemo: config.seedDemo,
    connectEndpoint: config.connect.endpoint ?? '(unset: voice features answer 503)',
    connectRegion: config.connect.region,
    connectAccessKeyId: config.connect.credentials.accessKeyId,
    connectSecretAccessKey: mask(config.connect.credentials.secretAccessKey),
    connectLiveDataTtlMs: config.connect.liveDataTtlMs,
    contactEventsSecret: mask(config.contactEventsSecret),
    validateResponses: config.validateResponses,
    serveWeb: config.serveWeb ? config.webDir : false,
    smtpUrl: config.email.smtpUrl ? maskUrl(config.email.smtpUrl) : '(unset: email not connected)',
    inboundSmtp: config.email.inbound
      ? `${config.email.inbound.host}:${config.email.inbound.port}`
      : '(off)',
    settingsSecretKey: config.settingsSecretKey
      ? '(set)'
      : `(unset: ${config.env === 'production' ? 'secrets cannot be stored' : 'development key'})`,
  };
}

function maskUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = mask(u.password);
  return u.toString();
}
