// The local channel gateway: one HTTP origin for the Twilio and WhatsApp APIs, the control API
// and the customer page, plus an SMTP relay on its own port. See the channels contract.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  DEFAULT_NUMBERS,
  DEFAULT_GOOGLE_DELEGATED_USERS,
  DEFAULT_STATUS_STEP_MS,
  GOOGLE_PREFIX,
  MAX_BODY_BYTES,
  MAX_MEDIA_BYTES,
  S3_DEFAULT_BUCKET,
  S3_DEFAULT_REGION,
  S3_PREFIX,
  SALESFORCE_PREFIX,
  TWILIO_PREFIX,
  WHATSAPP_PREFIX,
} from './constants';
import { Faults, type GatewayConfig, type GatewayContext, type Webhooks } from './context';
import { controlRoutes } from './control';
import { EmailService } from './email';
import { GoogleService } from './google';
import { customerPage } from './page';
import { S3Service } from './s3';
import { SalesforceService } from './salesforce';
import { digitsId, GatewayStore, hex } from './store';
import { TwilioService } from './twilio';
import { WhatsappService } from './whatsapp';

/** How to start a gateway; everything not given is random (credentials) or a default. */
export interface GatewayOptions {
  /** HTTP port (0 = a free one). */
  readonly port?: number;
  /** SMTP relay port (0 = a free one, the default). */
  readonly smtpPort?: number;
  readonly controlToken?: string;
  readonly twilio?: { accountSid?: string; authToken?: string; numbers?: readonly string[] };
  readonly whatsapp?: {
    accessToken?: string;
    appSecret?: string;
    businessAccountId?: string;
    numbers?: readonly string[];
  };
  readonly smtp?: { user?: string; pass?: string };
  /** The S3 stand-in's bucket, region and key pair (default: the defaults and a random pair). */
  readonly s3?: {
    bucket?: string;
    region?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
  };
  /** The Google stand-in's service account and the users it may act as (domain-wide delegation). */
  readonly google?: { clientEmail?: string; delegatedUsers?: readonly string[] };
  /** The Salesforce stand-in's connected app (default: a random consumer key and secret). */
  readonly salesforce?: { clientId?: string; clientSecret?: string };
  /** Delay between two status steps (default {@link DEFAULT_STATUS_STEP_MS}). */
  readonly statusStepMs?: number;
  /** The web-chat demo page the customer page links to. */
  readonly widgetDemoUrl?: string;
  /** Where log lines go (default stderr). */
  readonly log?: (line: string) => void;
}

/** The ready line's content (the channels contract's shape). */
export interface GatewayInfo {
  readonly ready: true;
  readonly url: string;
  readonly customerPageUrl: string;
  readonly controlToken: string;
  readonly twilio: {
    readonly apiBaseUrl: string;
    readonly accountSid: string;
    readonly authToken: string;
    readonly numbers: readonly string[];
  };
  readonly whatsapp: {
    readonly apiBaseUrl: string;
    readonly accessToken: string;
    readonly appSecret: string;
    readonly businessAccountId: string;
    readonly phoneNumbers: readonly { display: string; phoneNumberId: string }[];
  };
  readonly smtp: { readonly relayUrl: string };
  /** The S3 stand-in: an `@aws-sdk/client-s3` `endpoint` (with `forcePathStyle: true`) and its credentials. */
  readonly s3: {
    readonly endpoint: string;
    readonly bucket: string;
    readonly region: string;
    readonly accessKeyId: string;
    readonly secretAccessKey: string;
  };
  /** The Google stand-in: token URL, Calendar API base URL and the demo service account's key. */
  readonly google: {
    readonly tokenUrl: string;
    readonly calendarApiBaseUrl: string;
    readonly serviceAccountEmail: string;
    readonly privateKeyPem: string;
    readonly delegatedUsers: readonly string[];
  };
  /** The Salesforce stand-in: the org's instance URL and its connected app's credentials. */
  readonly salesforce: {
    readonly instanceUrl: string;
    readonly clientId: string;
    readonly clientSecret: string;
  };
}

/** A running gateway. */
export interface Gateway {
  readonly info: GatewayInfo;
  readonly url: string;
  readonly store: GatewayStore;
  readonly webhooks: Webhooks;
  /** The S3 stand-in (its objects, for tests). */
  readonly s3: S3Service;
  /** The Google stand-in (its events, delegation and faults, for tests). */
  readonly google: GoogleService;
  /** The Salesforce stand-in (its records, queries and Tasks, for tests). */
  readonly salesforce: SalesforceService;
  close(): Promise<void>;
}

/** The stand-ins the gateway serves. */
interface Services {
  readonly twilio: TwilioService;
  readonly whatsapp: WhatsappService;
  readonly email: EmailService;
  readonly s3: S3Service;
  readonly google: GoogleService;
  readonly salesforce: SalesforceService;
}

/** The gateway's configuration: what the options give, random credentials for the rest. */
function gatewayConfig(options: GatewayOptions): GatewayConfig {
  const whatsappNumbers = options.whatsapp?.numbers ?? DEFAULT_NUMBERS;
  return {
    controlToken: options.controlToken ?? randomBytes(18).toString('base64url'),
    twilio: {
      accountSid: options.twilio?.accountSid ?? `AC${hex(16)}`,
      authToken: options.twilio?.authToken ?? hex(16),
      numbers: options.twilio?.numbers ?? DEFAULT_NUMBERS,
    },
    whatsapp: {
      accessToken: options.whatsapp?.accessToken ?? `EAAG${randomBytes(48).toString('base64url')}`,
      appSecret: options.whatsapp?.appSecret ?? hex(16),
      businessAccountId: options.whatsapp?.businessAccountId ?? digitsId(15),
      phoneNumbers: whatsappNumbers.map((display) => ({
        display,
        phoneNumberId: display.replace(/\D/g, ''),
      })),
    },
    smtp: { user: options.smtp?.user ?? 'gateway', pass: options.smtp?.pass ?? hex(12) },
    statusStepMs: options.statusStepMs ?? DEFAULT_STATUS_STEP_MS,
  };
}

/** The context every stand-in shares; `timers` holds the status steps still to run. */
function gatewayContext(
  config: GatewayConfig,
  log: (line: string) => void,
  timers: Set<NodeJS.Timeout>,
): GatewayContext {
  return {
    config,
    store: new GatewayStore(),
    faults: new Faults(),
    webhooks: {},
    origin: '',
    log,
    later(step, steps = 1) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        Promise.resolve()
          .then(step)
          .catch((error: unknown) => log(`status step: ${String(error)}`));
      }, config.statusStepMs * steps);
      timers.add(timer);
    },
  };
}

function createServices(ctx: GatewayContext, options: GatewayOptions): Services {
  return {
    twilio: new TwilioService(ctx),
    whatsapp: new WhatsappService(ctx),
    email: new EmailService(ctx),
    s3: new S3Service({
      bucket: options.s3?.bucket ?? S3_DEFAULT_BUCKET,
      region: options.s3?.region ?? S3_DEFAULT_REGION,
      accessKeyId:
        options.s3?.accessKeyId ??
        `AKIA${randomBytes(10).toString('hex').toUpperCase().slice(0, 16)}`,
      secretAccessKey: options.s3?.secretAccessKey ?? randomBytes(30).toString('base64'),
    }),
    google: new GoogleService({
      ...(options.google?.clientEmail ? { clientEmail: options.google.clientEmail } : {}),
      delegatedUsers: options.google?.delegatedUsers ?? DEFAULT_GOOGLE_DELEGATED_USERS,
    }),
    salesforce: new SalesforceService(
      {
        clientId: options.salesforce?.clientId ?? `3MVG9${randomBytes(30).toString('base64url')}`,
        clientSecret: options.salesforce?.clientSecret ?? hex(32).toUpperCase(),
      },
      () => ctx.origin,
      SALESFORCE_PREFIX,
    ),
  };
}

/** A 413 in the gateway's error shape. */
const tooLarge = (limit: number) => () =>
  new Response(
    JSON.stringify({
      error: 'BodyTooLarge',
      message: `The request body is larger than ${limit} bytes.`,
    }),
    { status: 413, headers: { 'content-type': 'application/json' } },
  );

/** The HTTP app: each stand-in under its prefix with its body limit, the control API, media, the customer page. */
function gatewayApp(ctx: GatewayContext, services: Services, page: () => string): Hono {
  const { twilio, whatsapp, email, s3, google, salesforce } = services;
  const app = new Hono();
  app.use(
    `${TWILIO_PREFIX}/*`,
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge(MAX_BODY_BYTES) }),
  );
  app.use(
    `${WHATSAPP_PREFIX}/*`,
    bodyLimit({
      maxSize: MAX_MEDIA_BYTES + MAX_BODY_BYTES,
      onError: tooLarge(MAX_MEDIA_BYTES + MAX_BODY_BYTES),
    }),
  );
  app.route(TWILIO_PREFIX, twilio.routes());
  app.route(WHATSAPP_PREFIX, whatsapp.routes());
  app.use(
    `${SALESFORCE_PREFIX}/*`,
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge(MAX_BODY_BYTES) }),
  );
  app.route(S3_PREFIX, s3.routes());
  app.use(
    `${GOOGLE_PREFIX}/*`,
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge(MAX_BODY_BYTES) }),
  );
  app.route(GOOGLE_PREFIX, google.routes());
  app.route(SALESFORCE_PREFIX, salesforce.routes());
  app.route('/control', controlRoutes(ctx, { twilio, whatsapp, email, google, salesforce }));
  // Attachments for the customer page (loopback only, like the rest of the gateway).
  app.get('/media/:id', (c) => {
    const media = ctx.store.getMedia(c.req.param('id'));
    if (!media) return c.json({ error: 'NotFound', message: 'No such media.' }, 404);
    return c.body(new Uint8Array(media.bytes), 200, {
      'content-type': media.contentType,
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
      ...(media.filename
        ? {
            'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(media.filename)}`,
          }
        : {}),
    });
  });
  app.get('/', (c) => c.html(page()));
  app.get('/favicon.ico', (c) => c.body(null, 204));
  app.notFound((c) =>
    c.json({ error: 'NotFound', message: `No route ${c.req.method} ${c.req.path}.` }, 404),
  );
  return app;
}

/** Serves `app` on 127.0.0.1 (port 0 = a free one). */
async function listen(app: Hono, port: number): Promise<Server> {
  const listener = getRequestListener(app.fetch);
  const server = createServer(
    (req: IncomingMessage, res: ServerResponse) => void listener(req, res),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** The ready line: every URL and credential a workspace needs. */
function gatewayInfo(
  url: string,
  config: GatewayConfig,
  services: Services,
  smtpPort: number,
): GatewayInfo {
  const { s3, google, salesforce } = services;
  return {
    ready: true,
    url,
    customerPageUrl: `${url}/`,
    controlToken: config.controlToken,
    twilio: { apiBaseUrl: `${url}${TWILIO_PREFIX}`, ...config.twilio },
    whatsapp: { apiBaseUrl: `${url}${WHATSAPP_PREFIX}`, ...config.whatsapp },
    smtp: {
      relayUrl: `smtp://${encodeURIComponent(config.smtp.user)}:${encodeURIComponent(config.smtp.pass)}@127.0.0.1:${smtpPort}`,
    },
    s3: { endpoint: `${url}${S3_PREFIX}`, ...s3.config },
    google: {
      tokenUrl: google.tokenUrl,
      calendarApiBaseUrl: `${url}${GOOGLE_PREFIX}/calendar/v3`,
      serviceAccountEmail: google.account.clientEmail,
      privateKeyPem: google.account.privateKeyPem,
      delegatedUsers: google.account.delegatedUsers,
    },
    salesforce: { instanceUrl: salesforce.instanceUrl, ...salesforce.credentials },
  };
}

/** Starts a gateway on 127.0.0.1. */
export async function startGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const config = gatewayConfig(options);
  const log =
    options.log ?? ((line: string) => process.stderr.write(`[channel-gateway] ${line}\n`));
  const timers = new Set<NodeJS.Timeout>();
  const ctx = gatewayContext(config, log, timers);
  const services = createServices(ctx, options);
  const smtpPort = await services.email.listen(options.smtpPort ?? 0);
  const ready: { info?: GatewayInfo } = {};
  const app = gatewayApp(ctx, services, () => customerPage(ready.info!, options.widgetDemoUrl));
  const server = await listen(app, options.port ?? 0);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ctx.origin = url;
  services.google.tokenUrl = `${url}${GOOGLE_PREFIX}/token`;
  const info = gatewayInfo(url, config, services, smtpPort);
  ready.info = info;
  return {
    info,
    url,
    store: ctx.store,
    webhooks: ctx.webhooks,
    s3: services.s3,
    google: services.google,
    salesforce: services.salesforce,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await Promise.all([closed, services.email.close()]);
    },
  };
}
