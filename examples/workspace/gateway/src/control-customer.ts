// The control routes where a customer writes on a channel (SMS, WhatsApp, email) and reads what
// the workspace sent, and marks an outbound WhatsApp message read.
import { Hono } from 'hono';
import { z } from 'zod';
import { TWILIO_MAX_BODY_CHARS, TWILIO_MAX_MEDIA, WHATSAPP_MAX_TEXT_CHARS } from './constants';
import type { GatewayContext } from './context';
import { ControlHttpError, body, decode, email, httpUrl, phone, upload } from './control-kit';
import type { ControlServices } from './control';
import { UnknownParentError } from './email';
import { CONTROL_MESSAGES } from './messages';
import { e164 } from './twilio';

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
const messagesQuery = z.object({
  channel: z.enum(['sms', 'whatsapp', 'email']),
  address: z.string().min(1).max(320).optional(),
});

/** The customer's side of the channels. */
export function customerControlRoutes(ctx: GatewayContext, services: ControlServices): Hono {
  const app = new Hono();
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
  return app;
}
