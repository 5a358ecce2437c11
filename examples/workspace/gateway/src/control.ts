// The control API (JSON, header x-channel-gateway-token): registers the workspace's webhooks
// and inbound SMTP listener, lets a customer write on any channel and read what the workspace
// sent (control-customer.ts), drives the Google and Salesforce stand-ins
// (control-integrations.ts), arms API faults, and streams changes to the customer page
// (server-sent events).
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { CONTROL_TOKEN_HEADER } from './constants';
import type { GatewayContext } from './context';
import { customerControlRoutes } from './control-customer';
import { integrationControlRoutes } from './control-integrations';
import { ControlHttpError, body, httpUrl, tokenMatches, type ControlError } from './control-kit';
import type { EmailService } from './email';
import type { GoogleService } from './google';
import { CONTROL_MESSAGES } from './messages';
import type { SalesforceService } from './salesforce';
import { hex, type ChannelMessage } from './store';
import type { TwilioService } from './twilio';
import type { WhatsappService } from './whatsapp';

export type { ControlError } from './control-kit';

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

const faultSchema = z.strictObject({
  channel: z.enum(['sms', 'whatsapp']),
  status: z.union([z.literal(429), z.literal(500)]),
  count: z.number().int().min(0).max(1000),
});
/** The services the control API drives. */
export interface ControlServices {
  readonly twilio: TwilioService;
  readonly whatsapp: WhatsappService;
  readonly email: EmailService;
  readonly google: GoogleService;
  readonly salesforce: SalesforceService;
}

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

  app.post('/faults', async (c) => {
    const input = await body(c, faultSchema);
    ctx.faults.arm(input.channel, input.status, input.count);
    return c.json(input);
  });

  app.route('/', customerControlRoutes(ctx, services));
  app.route('/', integrationControlRoutes(services));

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
