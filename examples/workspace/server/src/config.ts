// Environment → validated configuration. Every setting has a development default so that
// `npm start` needs none; production sets DATABASE_URL, the contact-centre endpoint and secrets.
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PRESENCE_GRACE_MS } from './modules/live/presence';

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
  /**
   * Past the free attempts, each further attempt of a key waits this long after the last one,
   * doubled per failure, up to LOGIN_MAX_DELAY_SECONDS (a delay, never a lockout).
   */
  LOGIN_DELAY_BASE_MS: z.coerce.number().int().positive().max(60_000).default(1_000),
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().positive().max(86_400).default(300),
  /**
   * The sites that may embed the app in widget mode (CSP frame-ancestors): origins separated by
   * commas or spaces, e.g. `https://acme.my.salesforce.com`. Unset: no site may frame the app.
   */
  WIDGET_EMBED_ORIGINS: z
    .string()
    .max(4_000)
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i,
            'Each must be an origin, e.g. https://acme.my.salesforce.com',
          ),
      ),
    )
    .optional(),
  /** Seed the demo workspaces on an empty database. */
  SEED_DEMO: bool.default(false),
  /** The contact centre's admin API (the emulator in development, Amazon Connect in production). */
  CONNECT_ENDPOINT: z.url().optional(),
  CONNECT_REGION: z.string().min(1).default('us-east-1'),
  /** Contact Lens' own endpoint (unset: the SDK's, `contact-lens.<region>.amazonaws.com`). */
  CONTACT_LENS_ENDPOINT: z.url().optional(),
  /** The S3 endpoint of the call-recordings bucket (unset: the SDK's; path-style when set). */
  CONNECT_RECORDINGS_S3_ENDPOINT: z.url().optional(),
  /**
   * The contact centre's key pair (both or neither). Unset: the AWS SDK's default credential chain
   * (its environment variables, the task or instance role), as a server on AWS has; `npm start`
   * and the tests give the emulator's.
   */
  CONNECT_ACCESS_KEY_ID: z.string().min(1).optional(),
  CONNECT_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /**
   * How long agents' live data (GetCurrentUserData) is shared between requests: the agent list,
   * live calls and transfer targets of every member read one snapshot per instance. Amazon
   * Connect allows few GetCurrentUserData calls per second; 0 reads it on every request.
   */
  CONNECT_LIVE_DATA_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Where the browser reaches the emulator (CCP and sign-on); defaults to CONNECT_ENDPOINT. */
  EMULATOR_PUBLIC_URL: z.url().optional(),
  /**
   * The emulator's control-API token: with it the voice configuration hands the browser a
   * one-time sign-in link (the emulator does not sign a browser in from another site without one).
   */
  CONNECT_EMULATOR_CONTROL_TOKEN: z.string().min(1).max(512).optional(),
  /** Shared secret the contact-event webhook presents (`?key=`). */
  CONTACT_EVENTS_SECRET: z.string().min(16).optional(),
  /**
   * How long after an agent's last event stream ends the server waits for a new one before it
   * sets the agent Offline in the contact centre (see modules/live/presence.ts).
   */
  PRESENCE_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(PRESENCE_GRACE_MS),
  /** Validate every JSON answer against its declared schema (on outside production). */
  VALIDATE_RESPONSES: bool.optional(),
  /** Serve the built web app (examples/workspace/dist) on the same origin as the API. */
  SERVE_WEB: bool.default(false),
  /** The built web app's folder (default: examples/workspace/dist). */
  WEB_DIR: z.string().min(1).optional(),
  /** The outbound mail relay of the email channel: `smtp[s]://user:pass@host:port`. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The server's own inbound SMTP listener (customers' mail in); 0 = a free port; unset = off. */
  INBOUND_SMTP_PORT: port.optional(),
  INBOUND_SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * The origin providers call back (Twilio status callbacks; webhook signatures are checked over
   * it + path + query). Default: the server's own URL.
   */
  PUBLIC_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The web app's origin, which mailed links (invitations, password resets) open. */
  PUBLIC_APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The SMS channel (Twilio Messaging REST API): on when the account SID and auth token are set. */
  TWILIO_API_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'Must be AC and 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(8).max(200).optional(),
  /** The WhatsApp channel (Cloud API): on when the access token and app secret are set. */
  WHATSAPP_API_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'Must look like v23.0')
    .default('v23.0'),
  WHATSAPP_ACCESS_TOKEN: z.string().min(8).max(1000).optional(),
  WHATSAPP_APP_SECRET: z.string().min(8).max(200).optional(),
  /** The token Meta's webhook verification handshake presents (hub.verify_token). */
  WHATSAPP_VERIFY_TOKEN: z.string().min(8).max(200).optional(),
  /** The WhatsApp Business Account id (message templates are listed from it). */
  WHATSAPP_BUSINESS_ACCOUNT_ID: z
    .string()
    .regex(/^\d{1,32}$/, 'Must be digits')
    .optional(),
  /**
   * Phone number ids of the business numbers, `+15550783881=106540352242922` comma separated.
   * A number not listed uses its digits (the local gateway's ids).
   */
  WHATSAPP_PHONE_NUMBER_IDS: z
    .string()
    .max(4_000)
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .pipe(
      z.array(z.string().regex(/^\+[1-9]\d{6,14}=\d{1,32}$/, 'Each must be +E164=phone-number-id')),
    )
    .optional(),
  /**
   * Key that encrypts integration secrets at rest (AES-256-GCM): 32 bytes, base64. Without it,
   * production refuses to store secrets; development and tests use a fixed development key.
   */
  /**
   * Attachments on local disk: this folder (default: `attachments` beside DATA_DIR; with
   * `DATA_DIR=memory://` and no ATTACHMENTS_DIR they are kept in memory).
   */
  ATTACHMENTS_DIR: z.string().min(1).optional(),
  /** Attachments in S3 (or an S3-compatible store) instead of on disk: the bucket. */
  ATTACHMENTS_S3_BUCKET: z.string().min(3).max(63).optional(),
  ATTACHMENTS_S3_REGION: z.string().min(1).optional(),
  /** An S3-compatible endpoint (MinIO, R2…); default AWS. */
  ATTACHMENTS_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  ATTACHMENTS_S3_FORCE_PATH_STYLE: bool.default(false),
  /** An explicit key pair for the bucket (both or neither); default the SDK's chain. */
  ATTACHMENTS_S3_ACCESS_KEY_ID: z.string().min(1).max(128).optional(),
  ATTACHMENTS_S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
  /** Google's OAuth 2.0 token endpoint (service accounts); the local gateway's in development. */
  GOOGLE_OAUTH_TOKEN_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://oauth2.googleapis.com/token'),
  /** The Google Calendar API (Meet links are created as calendar events). */
  GOOGLE_CALENDAR_API_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://www.googleapis.com/calendar/v3'),
  /**
   * Every Salesforce call (token, queries, Tasks) goes to this origin instead of the org's
   * instance URL: the local gateway's Salesforce stand-in in development and tests. Unset in
   * production.
   */
  SALESFORCE_API_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional(),
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
    readonly delayBaseMs: number;
    readonly delayMaxMs: number;
  };
  readonly seedDemo: boolean;
  /** The origins that may frame the app (widget mode); empty: none. */
  readonly frameAncestors: readonly string[];
  readonly connect: {
    readonly endpoint: string | undefined;
    /** Contact Lens' endpoint; unset: the SDK's own for the region (as on AWS). */
    readonly lensEndpoint: string | undefined;
    /** The call-recordings bucket's S3 endpoint (path-style); unset: the SDK's own. */
    readonly recordingsS3Endpoint: string | undefined;
    readonly region: string;
    /** CONNECT_ACCESS_KEY_ID/SECRET_ACCESS_KEY, else the SDK's default chain. */
    readonly credentials:
      { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined;
    readonly publicUrl: string | undefined;
    readonly liveDataTtlMs: number;
    /** The emulator's control-API token (mints one-time sign-in links), when known. */
    readonly emulatorControlToken: string | undefined;
  };
  readonly contactEventsSecret: string | undefined;
  /** How long a member's tabs may all be gone before their agent is set Offline (ms). */
  readonly presenceGraceMs?: number;
  readonly validateResponses: boolean;
  readonly serveWeb: boolean;
  readonly webDir: string;
  /** Where the Google Meet integration reaches Google (token endpoint and Calendar API). */
  readonly google: { readonly tokenUrl: string; readonly calendarApiBaseUrl: string };
  /** The integration-secret key (base64), when the environment sets one. */
  readonly settingsSecretKey: string | undefined;
  /** SALESFORCE_API_BASE_URL: where every Salesforce call goes instead of the org (the local stand-in). */
  readonly salesforceApiBaseUrl?: string | undefined;
  /** Where attachments are stored: S3 when a bucket is set, else `dir` on disk, else memory. */
  readonly attachments: {
    readonly dir: string | undefined;
    readonly s3:
      | {
          readonly bucket: string;
          readonly region: string;
          readonly endpoint: string | undefined;
          readonly forcePathStyle: boolean;
          /** ATTACHMENTS_S3_ACCESS_KEY_ID/SECRET_ACCESS_KEY, else the SDK's default chain. */
          readonly credentials:
            { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined;
        }
      | undefined;
  };
  /** The email channel: outbound relay and inbound listener (each optional). */
  readonly email: {
    readonly smtpUrl: string | undefined;
    readonly inbound: { readonly host: string; readonly port: number } | undefined;
  };
  /** The origin providers call back (PUBLIC_API_URL), when set; else the server's own URL. */
  readonly publicApiUrl: string | undefined;
  /** The web app's origin for mailed links (PUBLIC_APP_URL); else the server's own URL. */
  readonly appUrl?: string | undefined;
  /** The SMS channel's Twilio account, when configured. */
  readonly twilio:
    | { readonly apiBaseUrl: string; readonly accountSid: string; readonly authToken: string }
    | undefined;
  /** The WhatsApp channel's Cloud API settings, when configured. */
  readonly whatsapp:
    | {
        readonly apiBaseUrl: string;
        readonly apiVersion: string;
        readonly accessToken: string;
        readonly appSecret: string;
        readonly verifyToken: string | undefined;
        readonly businessAccountId: string | undefined;
        /** E.164 display number → phone number id (numbers not listed: their digits). */
        readonly phoneNumberIds: Readonly<Record<string, string>>;
      }
    | undefined;
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
  if (!e.ATTACHMENTS_S3_ACCESS_KEY_ID !== !e.ATTACHMENTS_S3_SECRET_ACCESS_KEY)
    throw new ConfigError(
      'Invalid configuration:\n  ATTACHMENTS_S3_ACCESS_KEY_ID and ATTACHMENTS_S3_SECRET_ACCESS_KEY: set both or neither',
    );
  if (!e.CONNECT_ACCESS_KEY_ID !== !e.CONNECT_SECRET_ACCESS_KEY)
    throw new ConfigError(
      'Invalid configuration:\n  CONNECT_ACCESS_KEY_ID and CONNECT_SECRET_ACCESS_KEY: set both or neither',
    );
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
      delayBaseMs: e.LOGIN_DELAY_BASE_MS,
      delayMaxMs: e.LOGIN_MAX_DELAY_SECONDS * 1000,
    },
    seedDemo: e.SEED_DEMO,
    frameAncestors: e.WIDGET_EMBED_ORIGINS ?? [],
    connect: {
      endpoint: e.CONNECT_ENDPOINT?.replace(/\/$/, ''),
      lensEndpoint: e.CONTACT_LENS_ENDPOINT?.replace(/\/$/, ''),
      recordingsS3Endpoint: e.CONNECT_RECORDINGS_S3_ENDPOINT?.replace(/\/$/, ''),
      region: e.CONNECT_REGION,
      credentials:
        e.CONNECT_ACCESS_KEY_ID && e.CONNECT_SECRET_ACCESS_KEY
          ? { accessKeyId: e.CONNECT_ACCESS_KEY_ID, secretAccessKey: e.CONNECT_SECRET_ACCESS_KEY }
          : undefined,
      publicUrl: (e.EMULATOR_PUBLIC_URL ?? emulatorEndpoint(e.CONNECT_ENDPOINT))?.replace(
        /\/$/,
        '',
      ),
      liveDataTtlMs: e.CONNECT_LIVE_DATA_TTL_MS,
      emulatorControlToken: e.CONNECT_EMULATOR_CONTROL_TOKEN,
    },
    contactEventsSecret: e.CONTACT_EVENTS_SECRET,
    presenceGraceMs: e.PRESENCE_GRACE_MS,
    validateResponses: e.VALIDATE_RESPONSES ?? e.NODE_ENV !== 'production',
    serveWeb: e.SERVE_WEB,
    webDir: e.WEB_DIR ?? `${serverDir}../dist`,
    settingsSecretKey: e.SETTINGS_SECRET_KEY,
    google: {
      tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
      calendarApiBaseUrl: e.GOOGLE_CALENDAR_API_BASE_URL.replace(/\/$/, ''),
    },
    salesforceApiBaseUrl: e.SALESFORCE_API_BASE_URL?.replace(/\/$/, ''),
    attachments: {
      dir:
        e.ATTACHMENTS_DIR ??
        (e.DATA_DIR.startsWith('memory://') ? undefined : `${e.DATA_DIR}/../attachments`),
      s3: e.ATTACHMENTS_S3_BUCKET
        ? {
            bucket: e.ATTACHMENTS_S3_BUCKET,
            region: e.ATTACHMENTS_S3_REGION ?? env['AWS_REGION'] ?? 'us-east-1',
            endpoint: e.ATTACHMENTS_S3_ENDPOINT,
            forcePathStyle: e.ATTACHMENTS_S3_FORCE_PATH_STYLE,
            credentials:
              e.ATTACHMENTS_S3_ACCESS_KEY_ID && e.ATTACHMENTS_S3_SECRET_ACCESS_KEY
                ? {
                    accessKeyId: e.ATTACHMENTS_S3_ACCESS_KEY_ID,
                    secretAccessKey: e.ATTACHMENTS_S3_SECRET_ACCESS_KEY,
                  }
                : undefined,
          }
        : undefined,
    },
    email: {
      smtpUrl: e.SMTP_URL,
      inbound:
        e.INBOUND_SMTP_PORT === undefined
          ? undefined
          : { host: e.INBOUND_SMTP_HOST, port: e.INBOUND_SMTP_PORT },
    },
    publicApiUrl: e.PUBLIC_API_URL?.replace(/\/+$/, ''),
    appUrl: e.PUBLIC_APP_URL?.replace(/\/+$/, ''),
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
        ? {
            apiBaseUrl: e.TWILIO_API_BASE_URL.replace(/\/+$/, ''),
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
          }
        : undefined,
    whatsapp:
      e.WHATSAPP_ACCESS_TOKEN && e.WHATSAPP_APP_SECRET
        ? {
            apiBaseUrl: e.WHATSAPP_API_BASE_URL.replace(/\/+$/, ''),
            apiVersion: e.WHATSAPP_API_VERSION,
            accessToken: e.WHATSAPP_ACCESS_TOKEN,
            appSecret: e.WHATSAPP_APP_SECRET,
            verifyToken: e.WHATSAPP_VERIFY_TOKEN,
            businessAccountId: e.WHATSAPP_BUSINESS_ACCOUNT_ID,
            phoneNumberIds: Object.fromEntries(
              (e.WHATSAPP_PHONE_NUMBER_IDS ?? []).map(
                (pair) => pair.split('=') as [string, string],
              ),
            ),
          }
        : undefined,
  };
}

/**
 * The Connect endpoint when it is an emulator's (browsers reach its panel there too); undefined
 * for an AWS endpoint (`*.amazonaws.com`), whose panel is the instance's own site.
 */
function emulatorEndpoint(endpoint: string | undefined): string | undefined {
  if (endpoint === undefined) return undefined;
  return /\.amazonaws\.com(?:\.cn)?$/i.test(new URL(endpoint).hostname) ? undefined : endpoint;
}
