// The start-up summary of a configuration: what `npm start` prints so a person sees what the
// server runs against, with every secret masked (passwords inside URLs too).
import type { Config } from './config';

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
    widgetEmbedOrigins: config.frameAncestors,
    connectEndpoint: config.connect.endpoint ?? '(unset: voice features answer 503)',
    connectRegion: config.connect.region,
    connectAccessKeyId: config.connect.credentials?.accessKeyId ?? '(unset: the SDK default chain)',
    connectSecretAccessKey: mask(config.connect.credentials?.secretAccessKey),
    contactLensEndpoint: config.connect.lensEndpoint ?? "(unset: the SDK's)",
    recordingsS3Endpoint: config.connect.recordingsS3Endpoint ?? "(unset: the SDK's)",
    emulatorPublicUrl: config.connect.publicUrl ?? "(unset: the instance's own panel)",
    emulatorControlToken: config.connect.emulatorControlToken ? '(set)' : '(unset)',
    connectLiveDataTtlMs: config.connect.liveDataTtlMs,
    contactEventsSecret: mask(config.contactEventsSecret),
    validateResponses: config.validateResponses,
    serveWeb: config.serveWeb ? config.webDir : false,
    smtpUrl: config.email.smtpUrl ? maskUrl(config.email.smtpUrl) : '(unset: email not connected)',
    inboundSmtp: config.email.inbound
      ? `${config.email.inbound.host}:${config.email.inbound.port}`
      : '(off)',
    publicApiUrl: config.publicApiUrl ?? "(unset: the server's own URL)",
    twilio: config.twilio
      ? {
          apiBaseUrl: config.twilio.apiBaseUrl,
          accountSid: config.twilio.accountSid,
          authToken: mask(config.twilio.authToken),
        }
      : '(unset: SMS not connected)',
    whatsapp: config.whatsapp
      ? {
          apiBaseUrl: config.whatsapp.apiBaseUrl,
          apiVersion: config.whatsapp.apiVersion,
          accessToken: mask(config.whatsapp.accessToken),
          appSecret: mask(config.whatsapp.appSecret),
          verifyToken: mask(config.whatsapp.verifyToken),
          businessAccountId: config.whatsapp.businessAccountId ?? '(unset: no templates)',
        }
      : '(unset: WhatsApp not connected)',
    attachments: config.attachments.s3
      ? {
          s3: {
            ...config.attachments.s3,
            credentials: config.attachments.s3.credentials
              ? {
                  accessKeyId: config.attachments.s3.credentials.accessKeyId,
                  secretAccessKey: mask(config.attachments.s3.credentials.secretAccessKey),
                }
              : '(the SDK default chain)',
          },
        }
      : (config.attachments.dir ?? '(memory)'),
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
