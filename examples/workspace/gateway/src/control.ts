// The control API (JSON, header x-channel-gateway-token): registers the workspace's webhooks
// and inbound SMTP listener, lets a customer write on any channel and read what the workspace
// sent, arms API faults, and streams changes to the customer page (server-sent events).
import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import {
  CONTROL_TOKEN_HEADER,
  MAX_MEDIA_BYTES,
  TWILIO_MAX_BODY_CHARS,
  TWILIO_MAX_MEDIA,
  WHATSAPP_MAX_TEXT_CHARS,
} from './constants';
import type { GatewayContext } from './context';
import { UnknownParentError, type EmailService } from './email';
import type { GoogleService } from './google';
import { CONTROL_MESSAGES } from './messages';
import { hex, type ChannelMessage } from './store';
import { e164, type TwilioService } from './twilio';
import type { SalesforceService } from './salesforce';
import type { WhatsappService } from './whatsapp';

/** The control API's error body. */
export interface ControlError {
  readonly error: string;
  readonly message: string;
  readonly issues?: readonly { path: string; message: string }[];
}

class ControlHttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 409 | 413 | 502,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const phone = z
  .string()
  .max(32)
  .transform((value, ctx) => {
    const number = e164(value);
    if (!number)
      ctx.addIssue({
        code: 'custom',
        message: 'must be a phone number in international format (+…)',
      });
    return number ?? value;
  });
const email = z
  .email()
  .max(320)
  .transform((v) => v.toLowerCase());
const httpUrl = z.url({ protocol: /^https?$/ }).max(2048);
/** Base64 of at most {@link MAX_MEDIA_BYTES} bytes. */
const upload = z.object({
  contentType: z
    .string()
    .regex(/^[\w.+-]+\/[\w.+-]+$/, 'a MIME type')
    .max(127),
  filename: z.string().min(1).max(200).optional(),
  contentBase64: z.base64().max(Math.ceil((MAX_MEDIA_BYTES * 4) / 3) + 4),
});

export const webhooksSchema = z.strictObject({
  twilio: z.strictObject({ smsUrl: httpUrl }).optional(),
  whatsapp: z
    .strictObject({ callbackUrl: httpUrl, verifyToken: z.string().min(1).max(256) })
    .optional(),
  smtp: z
    .strictObject({
      inbound: z
        .string()
        .regex(/^[\w.-]+:\d{1,5}$/, 'host:port')
        .max(260),
    })
    .optional(),
});

export const smsSchema = z.strictObject({
  from: phone,
  to: phone,
  body: z.string().max(TWILIO_MAX_BODY_CHARS),
  mediaUrls: z.array(httpUrl).max(TWILIO_MAX_MEDIA).optional(),
  media: z.array(upload).max(TWILIO_MAX_MEDIA).optional(),
});

export const whatsappSchema = z.strictObject({
  from: phone,
  to: phone,
  text: z.string().max(WHATSAPP_MAX_TEXT_CHARS),
  name: z.string().min(1).max(100).optional(),
  /** When the customer wrote (ISO 8601), e.g. 25 hours ago to try the 24-hour window; default now. */
  timestamp: z.iso.datetime({ offset: true }).optional(),
  media: upload.optional(),
});

export const emailSchema = z.strictObject({
  from: email,
  to: email,
  subject: z.string().max(998).optional(),
  text: z.string().max(1_000_000),
  html: z.string().max(1_000_000).optional(),
  inReplyTo: z
    .string()
    .regex(/^<[^<>\s]+>$/, 'a Message-ID in <>')
    .max(998)
    .optional(),
  attachments: z
    .array(upload.extend({ filename: z.string().min(1).max(200) }))
    .max(10)
    .optional(),
});

const readSchema = z.strictObject({
  channel: z.enum(['whatsapp', 'sms']),
  id: z.string().min(1).max(200),
});
const faultSchema = z.strictObject({
  channel: z.enum(['sms', 'whatsapp']),
  status: z.union([z.literal(429), z.literal(500)]),
  count: z.number().int().min(0).max(1000),
});
const googleFaultSchema = z.strictObject({
  status: z.union([z.literal(401), z.literal(403), z.literal(429), z.literal(500)]),
  count: z.number().int().min(0).max(1000),
});
const googleDelegationSchema = z.strictObject({ user: email, granted: z.boolean() });
const sfPerson = z.strictObject({
  FirstName: z.string().max(40).nullable().optional(),
  LastName: z.string().min(1).max(80),
  Email: z.email().max(80).nullable().optional(),
  Phone: z.string().max(40).nullable().optional(),
  MobilePhone: z.string().max(40).nullable().optional(),
  Company: z.string().max(255).nullable().optional(),
});
const sfSeedSchema = z.strictObject({
  type: z.enum(['Contact', 'Lead']),
  records: z.array(sfPerson).min(1).max(1000),
});
const sfUpdateSchema = sfPerson.partial();
const sfFaultSchema = z.strictObject({
  status: z.union([z.literal(500), z.literal(503)]),
  count: z.number().int().min(0).max(1000),
});
const sfCredentialsSchema = z.strictObject({
  clientId: z.string().min(1).max(256),
  clientSecret: z.string().min(1).max(512),
});
const sfSettingsSchema = z.strictObject({ pageSize: z.number().int().min(1).max(2000) });
const messagesQuery = z.object({
  channel: z.enum(['sms', 'whatsapp', 'email']),
  address: z.string().min(1).max(320).optional(),
});

/** The services the control API drives. */
export interface ControlServices {
  readonly twilio: TwilioService;
  readonly whatsapp: WhatsappService;
  readonly email: EmailService;
  readonly google: GoogleService;
  readonly salesforce: SalesforceService;
}

function tokenMatches(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function body<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let json: unknown;
  try {
    json = JSON.parse(await c.req.text());
  } catch {
    throw new ControlHttpError(400, 'InvalidJson', CONTROL_MESSAGES.invalidJson);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw Object.assign(
      new ControlHttpError(
        400,
        'ValidationError',
        issues.map((i) => `${i.path || 'body'}: ${i.message}`).join('; '),
      ),
      { issues },
    );
  }
  return parsed.data;
}

const decode = (u: z.infer<typeof upload>) => ({
  bytes: Buffer.from(u.contentBase64, 'base64'),
  contentType: u.contentType,
  ...(u.filename ? { filename: u.filename } : {}),
});

/** The `/control` routes. */
export function controlRoutes(ctx: GatewayContext, services: ControlServices): Hono {
  const app = new Hono();
  app.onError((error, c) => {
    if (error instanceof ControlHttpError) {
      const issues = (error as ControlHttpError & { issues?: ControlError['issues'] }).issues;
      return c.json<ControlError>(
        { error: error.code, message: error.message, ...(issues ? { issues } : {}) },
        error.status,
      );
    }
    ctx.log(`control: ${String(error)}`);
    return c.json<ControlError>({ error: 'InternalError', message: String(error) }, 500);
  });
  app.use('*', async (c, next) => {
    // EventSource cannot send headers: the event stream also takes the token as ?token=.
    const given =
      c.req.header(CONTROL_TOKEN_HEADER) ??
      (c.req.path.endsWith('/events') ? c.req.query('token') : undefined);
    if (!tokenMatches(given, ctx.config.controlToken))
      throw new ControlHttpError(401, 'Unauthorized', CONTROL_MESSAGES.unauthorized);
    await next();
  });
  app.use(
    '*',
    bodyLimit({
      maxSize: 16 * 1024 * 1024,
      onError: () => {
        throw new ControlHttpError(
          413,
          'BodyTooLarge',
          CONTROL_MESSAGES.bodyTooLarge(16 * 1024 * 1024),
        );
      },
    }),
  );

  app.get('/webhooks', (c) => c.json(ctx.webhooks));
  app.post('/webhooks', async (c) => {
    const input = await body(c, webhooksSchema);
    if (input.whatsapp) {
      const challenge = hex(8);
      const url = new URL(input.whatsapp.callbackUrl);
      url.searchParams.set('hub.mode', 'subscribe');
      url.searchParams.set('hub.verify_token', input.whatsapp.verifyToken);
      url.searchParams.set('hub.challenge', challenge);
      let status: string;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
        const text = await res.text();
        if (res.ok && text.trim() === challenge) status = 'ok';
        else status = `HTTP ${res.status}${res.ok ? ', challenge not echoed' : ''}`;
      } catch (error) {
        status = (error as Error).message;
      }
      if (status !== 'ok')
        throw new ControlHttpError(
          400,
          'HandshakeFailed',
          CONTROL_MESSAGES.handshakeFailed(status),
        );
      ctx.webhooks.whatsapp = input.whatsapp;
    }
    if (input.twilio) ctx.webhooks.smsUrl = input.twilio.smsUrl;
    if (input.smtp) {
      const at = input.smtp.inbound.lastIndexOf(':');
      ctx.webhooks.smtpInbound = {
        host: input.smtp.inbound.slice(0, at),
        port: Number(input.smtp.inbound.slice(at + 1)),
      };
    }
    return c.json(ctx.webhooks);
  });

  app.post('/sms', async (c) => {
    const input = await body(c, smsSchema);
    if (!ctx.config.twilio.numbers.includes(input.to))
      throw new ControlHttpError(404, 'UnknownNumber', CONTROL_MESSAGES.unknownNumber(input.to));
    const result = await services.twilio.receive({
      from: input.from,
      to: input.to,
      body: input.body,
      media: (input.mediaUrls ?? []).map((url) => ({
        url,
        contentType: 'application/octet-stream',
      })),
      mediaBytes: (input.media ?? []).map(decode),
    });
    return c.json(result);
  });

  app.post('/whatsapp', async (c) => {
    const input = await body(c, whatsappSchema);
    const number = services.whatsapp.numberByDisplay(input.to);
    if (!number)
      throw new ControlHttpError(404, 'UnknownNumber', CONTROL_MESSAGES.unknownNumber(input.to));
    if (!input.text && !input.media)
      throw new ControlHttpError(400, 'ValidationError', 'text: a message needs text or media');
    const result = await services.whatsapp.receive({
      from: input.from,
      number,
      text: input.text,
      ...(input.name ? { name: input.name } : {}),
      ...(input.timestamp ? { timestamp: new Date(input.timestamp) } : {}),
      ...(input.media ? { media: decode(input.media) } : {}),
    });
    return c.json(result);
  });

  app.post('/email', async (c) => {
    const input = await body(c, emailSchema);
    try {
      const result = await services.email.send({
        from: input.from,
        to: input.to,
        text: input.text,
        ...(input.subject !== undefined ? { subject: input.subject } : {}),
        ...(input.html ? { html: input.html } : {}),
        ...(input.inReplyTo ? { inReplyTo: input.inReplyTo } : {}),
        attachments: (input.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
        })),
      });
      return c.json(result);
    } catch (error) {
      if (error instanceof UnknownParentError)
        throw new ControlHttpError(
          404,
          'UnknownMessage',
          CONTROL_MESSAGES.unknownParent(error.message),
        );
      throw error;
    }
  });

  app.get('/messages', (c) => {
    const parsed = messagesQuery.safeParse(c.req.query());
    if (!parsed.success)
      throw new ControlHttpError(
        400,
        'ValidationError',
        parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      );
    const { channel, address } = parsed.data;
    const customer =
      address === undefined
        ? undefined
        : channel === 'email'
          ? address.toLowerCase()
          : (e164(address) ?? address);
    return c.json({ messages: ctx.store.list(channel, customer) });
  });

  app.post('/read', async (c) => {
    const input = await body(c, readSchema);
    if (input.channel === 'sms') {
      // SMS has no read receipts: Twilio reports `read` for WhatsApp only.
      if (!ctx.store.get('sms', input.id))
        throw new ControlHttpError(
          404,
          'UnknownMessage',
          CONTROL_MESSAGES.unknownMessage(input.id),
        );
      return c.json({ read: false, reason: 'SMS has no read receipts' });
    }
    if (!(await services.whatsapp.read(input.id)))
      throw new ControlHttpError(404, 'UnknownMessage', CONTROL_MESSAGES.unknownMessage(input.id));
    return c.json({ read: true });
  });

  app.post('/faults', async (c) => {
    const input = await body(c, faultSchema);
    ctx.faults.arm(input.channel, input.status, input.count);
    return c.json(input);
  });

  // The Google stand-in: the Calendar events created, domain-wide delegation, API faults.
  app.get('/google/events', (c) => c.json({ events: services.google.list() }));
  app.post('/google/faults', async (c) => {
    const input = await body(c, googleFaultSchema);
    services.google.armFault(input.status, input.count);
    return c.json(input);
  });
  app.post('/google/delegation', async (c) => {
    const input = await body(c, googleDelegationSchema);
    services.google.setDelegation(input.user, input.granted);
    return c.json(input);
  });

  // Salesforce: seed and change the org's people, read what it received, arm faults.
  const sf = services.salesforce;
  app.post('/salesforce/records', async (c) => {
    const input = await body(c, sfSeedSchema);
    return c.json({ records: sf.seed(input.type, input.records) });
  });
  app.get('/salesforce/records', (c) => c.json({ records: sf.records() }));
  app.patch('/salesforce/records/:id', async (c) => {
    const input = await body(c, sfUpdateSchema);
    const updated = sf.update(c.req.param('id'), input);
    if (!updated)
      throw new ControlHttpError(
        404,
        'UnknownRecord',
        CONTROL_MESSAGES.unknownRecord(c.req.param('id')),
      );
    return c.json(updated);
  });
  app.get('/salesforce/tasks', (c) => c.json({ tasks: sf.receivedTasks() }));
  app.get('/salesforce/queries', (c) => c.json({ queries: sf.queries }));
  app.post('/salesforce/faults', async (c) => {
    const input = await body(c, sfFaultSchema);
    sf.armFault(input.status, input.count);
    return c.json(input);
  });
  app.post('/salesforce/sessions/expire', (c) => {
    sf.expireSessions();
    return c.json({ expired: true });
  });
  app.put('/salesforce/credentials', async (c) => {
    sf.credentials = await body(c, sfCredentialsSchema);
    return c.json({ clientId: sf.credentials.clientId });
  });
  app.put('/salesforce/settings', async (c) => {
    sf.pageSize = (await body(c, sfSettingsSchema)).pageSize;
    return c.json({ pageSize: sf.pageSize });
  });

  app.get('/events', (c) =>
    streamSSE(c, async (stream) => {
      const send = (message: ChannelMessage) => {
        void stream.writeSSE({ event: 'message', data: JSON.stringify(message) });
      };
      ctx.store.events.on('message', send);
      await stream.writeSSE({ event: 'ready', data: '{}' });
      await new Promise<void>((resolve) => stream.onAbort(resolve));
      ctx.store.events.off('message', send);
    }),
  );
  return app;
}
