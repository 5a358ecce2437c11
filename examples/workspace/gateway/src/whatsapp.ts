// The WhatsApp Business Cloud API (Graph): messages (text, media, template, reaction, location,
// mark-read) and the signed webhooks Meta sends (messages and statuses, X-Hub-Signature-256).
// Free-form messages outside the customer's 24-hour window are accepted (200 + wamid) and then
// fail with 131047, as the Cloud API does. Templates are in whatsapp-templates.ts, media in
// whatsapp-media.ts, the wire format and errors in whatsapp-wire.ts.
import { Hono } from 'hono';
import { GraphError, WHATSAPP_WINDOW_MS } from './constants';
import { postWebhook, type GatewayContext, type WhatsappNumber } from './context';
import { GRAPH_MESSAGES } from './messages';
import { hubSignature256 } from './signature';
import { copyLinkedMedia } from './media-copy';
import { hex, type ChannelMessage, type MediaRef } from './store';
import { mountMediaDownload, mountMediaLookup, mountMediaUpload } from './whatsapp-media';
import { WhatsappTemplates } from './whatsapp-templates';
import {
  GraphApiError,
  graphErrorResponse,
  invalid,
  invalidParameter,
  markReadSchema,
  missing,
  readJson,
  sendSchema,
  type SendBody,
} from './whatsapp-wire';

/** The WhatsApp side of the gateway. */
export class WhatsappService {
  private readonly templates = new WhatsappTemplates();
  /** The customer's last inbound message time per `phoneNumberId|wa_id`. */
  private readonly lastInbound = new Map<string, number>();
  /** Where each outbound message went (for status webhooks). */
  private readonly routes_ = new Map<string, { number: WhatsappNumber; waId: string }>();

  constructor(private readonly ctx: GatewayContext) {}

  private numberById(id: string): WhatsappNumber | undefined {
    return this.ctx.config.whatsapp.phoneNumbers.find((n) => n.phoneNumberId === id);
  }

  /** The business number of an E.164 display number, if it is one of the gateway's. */
  numberByDisplay(display: string): WhatsappNumber | undefined {
    return this.ctx.config.whatsapp.phoneNumbers.find((n) => n.display === display);
  }

  private metadata(number: WhatsappNumber) {
    return {
      display_phone_number: number.display.replace(/^\+/, ''),
      phone_number_id: number.phoneNumberId,
    };
  }

  /** POSTs a webhook body (JSON, signed over its exact bytes) to the registered callback URL. */
  private async webhook(value: Record<string, unknown>): Promise<number | string> {
    const target = this.ctx.webhooks.whatsapp;
    if (!target) return 'not registered';
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        { id: this.ctx.config.whatsapp.businessAccountId, changes: [{ field: 'messages', value }] },
      ],
    });
    const result = await postWebhook(target.callbackUrl, body, {
      'content-type': 'application/json',
      'x-hub-signature-256': hubSignature256(this.ctx.config.whatsapp.appSecret, body),
    });
    if (typeof result.status !== 'number' || result.status >= 400)
      this.ctx.log(`whatsapp webhook → ${result.status}`);
    return result.status;
  }

  private async status(
    view: ChannelMessage,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    error?: { code: number; title: string; message: string; details: string },
  ): Promise<void> {
    const route = this.routes_.get(view.id);
    if (!route) return;
    this.ctx.store.setStatus(
      view,
      status,
      error ? { code: error.code, message: error.title } : undefined,
    );
    const entry: Record<string, unknown> = {
      id: view.id,
      status,
      timestamp: String(Math.floor(Date.now() / 1000)),
      recipient_id: route.waId,
    };
    if (status !== 'failed') {
      entry['conversation'] = {
        id: hex(16),
        origin: { type: view.template ? 'utility' : 'service' },
      };
      entry['pricing'] = {
        billable: true,
        pricing_model: 'CBP',
        category: view.template ? 'utility' : 'service',
      };
    }
    if (error)
      entry['errors'] = [
        {
          code: error.code,
          title: error.title,
          message: error.message,
          error_data: { details: error.details },
          href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
        },
      ];
    await this.webhook({
      messaging_product: 'whatsapp',
      metadata: this.metadata(route.number),
      statuses: [entry],
    });
  }

  /** Whether the customer wrote to the number within the last 24 hours. */
  inWindow(number: WhatsappNumber, waId: string): boolean {
    const last = this.lastInbound.get(`${number.phoneNumberId}|${waId}`);
    return last !== undefined && Date.now() - last < WHATSAPP_WINDOW_MS;
  }

  private send(number: WhatsappNumber, body: SendBody): Record<string, unknown> {
    const waId = body.to.replace(/^\+/, '');
    let text: string;
    let template: string | undefined;
    const media: MediaRef[] = [];
    switch (body.type) {
      case 'text':
        if (!body.text) throw missing('text');
        text = body.text.body;
        break;
      case 'template':
        if (!body.template) throw missing('template');
        text = this.templates.render(body.template);
        template = body.template.name;
        break;
      case 'reaction':
        if (!body.reaction) throw missing('reaction');
        text = body.reaction.emoji;
        break;
      case 'location':
        if (!body.location) throw missing('location');
        text =
          `📍 ${body.location.name ?? ''} ${body.location.latitude},${body.location.longitude}`.trim();
        break;
      default: {
        const object = body[body.type];
        if (!object) throw missing(body.type);
        media.push(this.outboundMedia(body.type, object));
        text = object.caption ?? '';
      }
    }
    const id = `wamid.${Buffer.from(hex(24)).toString('base64url')}`;
    const view = this.ctx.store.add({
      channel: 'whatsapp',
      id,
      direction: 'outbound',
      customer: `+${waId}`,
      business: number.display,
      text,
      media,
      status: 'accepted',
      ...(template ? { template } : {}),
    });
    this.routes_.set(id, { number, waId });
    copyLinkedMedia(this.ctx, view);
    if (!template && body.type !== 'reaction' && !this.inWindow(number, waId)) {
      this.ctx.later(() =>
        this.status(view, 'failed', {
          code: GraphError.reEngagement,
          title: GRAPH_MESSAGES.reEngagementTitle,
          message: GRAPH_MESSAGES.reEngagementMessage,
          details: GRAPH_MESSAGES.reEngagementDetails,
        }),
      );
    } else {
      // Sent, then delivered once the sent status's webhook was answered (as Meta orders them).
      this.ctx.later(async () => {
        await this.status(view, 'sent');
        this.ctx.later(() => (view.status === 'sent' ? this.status(view, 'delivered') : undefined));
      });
    }
    return {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: waId }],
      messages: [{ id }],
    };
  }

  /** A media message's file: one uploaded earlier (by id) or a link. */
  private outboundMedia(
    type: string,
    object: { id?: string | undefined; link?: string | undefined; filename?: string | undefined },
  ): MediaRef {
    if (object.id) {
      const stored = this.ctx.store.getMedia(object.id);
      if (!stored)
        throw new GraphApiError(
          400,
          GraphError.invalidParameter,
          GRAPH_MESSAGES.mediaMissing(object.id),
        );
      return {
        url: `${this.ctx.origin}/media/${stored.id}`,
        contentType: stored.contentType,
        ...(stored.filename ? { filename: stored.filename } : {}),
      };
    }
    return {
      url: object.link!,
      contentType: type,
      ...(object.filename ? { filename: object.filename } : {}),
    };
  }

  /** The customer reads an outbound message: a `read` status webhook. */
  async read(id: string): Promise<boolean> {
    const view = this.ctx.store.get('whatsapp', id);
    if (!view || view.direction !== 'outbound' || view.status === 'failed') return false;
    if (view.status !== 'read') await this.status(view, 'read');
    return true;
  }

  /**
   * A customer's WhatsApp message to a business number: opens (or refreshes) the 24-hour window
   * from its timestamp and POSTs the signed messages webhook.
   */
  async receive(input: {
    from: string;
    number: WhatsappNumber;
    text: string;
    name?: string;
    timestamp?: Date;
    media?: { bytes: Buffer; contentType: string; filename?: string };
  }): Promise<{ id: string; webhookStatus: number | string }> {
    const waId = input.from.replace(/^\+/, '');
    const at = input.timestamp ?? new Date();
    const key = `${input.number.phoneNumberId}|${waId}`;
    this.lastInbound.set(key, Math.max(this.lastInbound.get(key) ?? 0, at.getTime()));
    const id = `wamid.${Buffer.from(hex(24)).toString('base64url')}`;
    const message: Record<string, unknown> = {
      from: waId,
      id,
      timestamp: String(Math.floor(at.getTime() / 1000)),
    };
    const media: MediaRef[] = [];
    if (input.media) {
      const stored = this.ctx.store.putMedia(
        input.media.bytes,
        input.media.contentType,
        input.media.filename,
      );
      const type = /^image\//.test(stored.contentType)
        ? 'image'
        : /^video\//.test(stored.contentType)
          ? 'video'
          : /^audio\//.test(stored.contentType)
            ? 'audio'
            : 'document';
      message['type'] = type;
      message[type] = {
        id: stored.id,
        mime_type: stored.contentType,
        sha256: stored.sha256,
        ...(input.text ? { caption: input.text } : {}),
        ...(type === 'document' && stored.filename ? { filename: stored.filename } : {}),
      };
      media.push({
        url: `${this.ctx.origin}/media/${stored.id}`,
        contentType: stored.contentType,
        ...(stored.filename ? { filename: stored.filename } : {}),
      });
    } else {
      message['type'] = 'text';
      message['text'] = { body: input.text };
    }
    const view = this.ctx.store.add({
      channel: 'whatsapp',
      id,
      direction: 'inbound',
      customer: `+${waId}`,
      business: input.number.display,
      text: input.text,
      media,
      status: 'received',
      createdAt: at.toISOString(),
    });
    const webhookStatus = await this.webhook({
      messaging_product: 'whatsapp',
      metadata: this.metadata(input.number),
      contacts: [{ profile: { name: input.name ?? `+${waId}` }, wa_id: waId }],
      messages: [message],
    });
    view.webhookStatus = webhookStatus;
    this.ctx.store.changed(view);
    return { id, webhookStatus };
  }

  /** The Graph routes, mounted at `WHATSAPP_PREFIX`. */
  routes(): Hono {
    const app = new Hono();
    const v = ':version{v[0-9]+\\.[0-9]+}';
    app.onError((error, c) => {
      if (error instanceof GraphApiError) return graphErrorResponse(c, error);
      this.ctx.log(`whatsapp: ${String(error)}`);
      return graphErrorResponse(
        c,
        new GraphApiError(500, GraphError.unknown, GRAPH_MESSAGES.unknown),
      );
    });
    app.notFound((c) =>
      graphErrorResponse(
        c,
        new GraphApiError(400, GraphError.invalidParameter, GRAPH_MESSAGES.unknownPath(c.req.path)),
      ),
    );
    app.use('*', async (c, next) => {
      const header = c.req.header('authorization') ?? '';
      if (header !== `Bearer ${this.ctx.config.whatsapp.accessToken}`)
        throw new GraphApiError(401, GraphError.accessToken, GRAPH_MESSAGES.accessToken);
      const fault = this.ctx.faults.take('whatsapp');
      if (fault === 429)
        throw new GraphApiError(429, GraphError.rateLimit, GRAPH_MESSAGES.rateLimit);
      if (fault === 500) throw new GraphApiError(500, GraphError.unknown, GRAPH_MESSAGES.unknown);
      await next();
    });
    mountMediaDownload(app, this.ctx);
    app.post(`/${v}/:phone/messages`, async (c) => {
      const number = this.numberById(c.req.param('phone'));
      if (!number) throw invalidParameter(`phone number id ${c.req.param('phone')}`);
      const json = await readJson(c);
      if (json && typeof json === 'object' && 'status' in json) {
        const read = markReadSchema.safeParse(json);
        if (!read.success) throw invalid(read.error);
        const view = this.ctx.store.get('whatsapp', read.data.message_id);
        if (!view || view.direction !== 'inbound') throw invalidParameter('message_id');
        if (view.status !== 'read') this.ctx.store.setStatus(view, 'read');
        return c.json({ success: true });
      }
      const parsed = sendSchema.safeParse(json);
      if (!parsed.success) throw invalid(parsed.error);
      return c.json(this.send(number, parsed.data));
    });
    mountMediaUpload(app, this.ctx, v, (id) => this.numberById(id));
    this.templates.mount(app, v, (id) => {
      if (id !== this.ctx.config.whatsapp.businessAccountId)
        throw invalidParameter(`business account ${id}`);
    });
    mountMediaLookup(app, this.ctx, v);
    return app;
  }
}
