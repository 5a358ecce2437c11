// The WhatsApp Business Cloud API (Graph): messages (text, media, template, reaction, location,
// mark-read), message templates, media upload and download, and the signed webhooks Meta sends
// (messages and statuses, X-Hub-Signature-256). Free-form messages outside the customer's
// 24-hour window are accepted (200 + wamid) and then fail with 131047, as the Cloud API does.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  GraphError,
  MAX_MEDIA_BYTES,
  WHATSAPP_MAX_TEXT_CHARS,
  WHATSAPP_MEDIA_URL_TTL_MS,
  WHATSAPP_PREFIX,
  WHATSAPP_WINDOW_MS,
} from './constants';
import { postWebhook, type GatewayContext, type WhatsappNumber } from './context';
import { GRAPH_MESSAGES } from './messages';
import { hubSignature256 } from './signature';
import { copyLinkedMedia } from './media-copy';
import { digitsId, hex, type ChannelMessage, type MediaRef } from './store';

/** A Graph API error (`{error:{message,type,code,…}}`). */
class GraphApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 429 | 500,
    readonly code: number,
    message: string,
    readonly details?: string,
  ) {
    super(message);
  }
}

/** A message template (definition components are uppercase). */
interface Template {
  readonly id: string;
  readonly name: string;
  readonly language: string;
  readonly category: string;
  status: string;
  readonly components: readonly TemplateComponent[];
}

const templateComponentSchema = z.looseObject({
  type: z.enum(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']),
  format: z.string().optional(),
  text: z.string().max(1024).optional(),
  buttons: z
    .array(z.looseObject({ type: z.string(), text: z.string() }))
    .max(10)
    .optional(),
  example: z.unknown().optional(),
});
type TemplateComponent = z.infer<typeof templateComponentSchema>;

const createTemplateSchema = z.object({
  name: z.string().regex(/^[a-z0-9_]{1,512}$/, 'lowercase letters, digits and underscores'),
  language: z.string().min(2).max(16),
  category: z.enum(['MARKETING', 'UTILITY', 'AUTHENTICATION', 'TRANSACTIONAL']),
  components: z.array(templateComponentSchema).min(1).max(10),
  parameter_format: z.enum(['POSITIONAL', 'NAMED']).optional(),
  allow_category_change: z.boolean().optional(),
});

/** The templates every gateway starts with, APPROVED. */
const INITIAL_TEMPLATES: readonly Omit<Template, 'id' | 'status'>[] = [
  {
    name: 'hello_world',
    language: 'en_US',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Hello World' },
      {
        type: 'BODY',
        text: 'Welcome and congratulations!! This message demonstrates your ability to send a WhatsApp message notification from the Cloud API, hosted by Meta. Thank you for taking the time to test with us.',
      },
      { type: 'FOOTER', text: 'WhatsApp Business Platform sample message' },
    ],
  },
  {
    name: 'customer_satisfaction_survey',
    language: 'en',
    category: 'UTILITY',
    components: [
      {
        type: 'BODY',
        text: 'Thank you for contacting us, {{1}}. How would you rate our support? Reply with a number from 1 (poor) to 5 (excellent).',
        example: { body_text: [['Ana']] },
      },
    ],
  },
];

const mediaObject = z
  .object({
    id: z.string().min(1).max(64).optional(),
    link: z.url().max(2048).optional(),
    caption: z.string().max(1024).optional(),
    filename: z.string().max(240).optional(),
  })
  .refine((m) => (m.id === undefined) !== (m.link === undefined), 'one of id or link');

const parameterSchema = z.looseObject({
  type: z.enum(['text', 'currency', 'date_time', 'image', 'document', 'video', 'payload']),
  text: z.string().max(32_768).optional(),
  currency: z.looseObject({ fallback_value: z.string() }).optional(),
  date_time: z.looseObject({ fallback_value: z.string() }).optional(),
});

const sendSchema = z.object({
  messaging_product: z.literal('whatsapp'),
  recipient_type: z.literal('individual').optional(),
  to: z.string().regex(/^\+?[1-9]\d{4,14}$/, 'a phone number in international format'),
  type: z
    .enum([
      'text',
      'image',
      'audio',
      'video',
      'document',
      'sticker',
      'template',
      'reaction',
      'location',
    ])
    .default('text'),
  context: z.object({ message_id: z.string() }).optional(),
  text: z
    .object({
      body: z.string().min(1).max(WHATSAPP_MAX_TEXT_CHARS),
      preview_url: z.boolean().optional(),
    })
    .optional(),
  image: mediaObject.optional(),
  audio: mediaObject.optional(),
  video: mediaObject.optional(),
  document: mediaObject.optional(),
  sticker: mediaObject.optional(),
  reaction: z.object({ message_id: z.string(), emoji: z.string().max(16) }).optional(),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().optional(),
      address: z.string().optional(),
    })
    .optional(),
  template: z
    .object({
      name: z.string().min(1).max(512),
      language: z.object({
        code: z.string().min(2).max(16),
        policy: z.literal('deterministic').optional(),
      }),
      components: z
        .array(
          z.looseObject({
            type: z.enum(['header', 'body', 'button', 'footer']),
            sub_type: z.string().optional(),
            index: z.union([z.string(), z.number()]).optional(),
            parameters: z.array(parameterSchema).max(100).optional(),
          }),
        )
        .max(20)
        .optional(),
    })
    .optional(),
});

const markReadSchema = z.object({
  messaging_product: z.literal('whatsapp'),
  status: z.literal('read'),
  message_id: z.string().min(1),
  typing_indicator: z.object({ type: z.string() }).optional(),
});

function parameterText(p: z.infer<typeof parameterSchema>): string {
  return p.text ?? p.currency?.fallback_value ?? p.date_time?.fallback_value ?? `[${p.type}]`;
}

function fill(text: string, params: readonly string[]): string {
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
}

function variables(text: string | undefined): number {
  return new Set([...(text ?? '').matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => m[1])).size;
}

/** The WhatsApp side of the gateway. */
export class WhatsappService {
  private readonly templates = new Map<string, Template>();
  /** The customer's last inbound message time per `phoneNumberId|wa_id`. */
  private readonly lastInbound = new Map<string, number>();
  /** Where each outbound message went (for status webhooks). */
  private readonly routes_ = new Map<string, { number: WhatsappNumber; waId: string }>();

  constructor(private readonly ctx: GatewayContext) {
    for (const t of INITIAL_TEMPLATES) this.addTemplate(t);
  }

  private addTemplate(t: Omit<Template, 'id' | 'status'>): Template {
    const template: Template = { ...t, id: digitsId(), status: 'APPROVED' };
    this.templates.set(`${t.name}|${t.language}`, template);
    return template;
  }

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

  private send(number: WhatsappNumber, body: z.infer<typeof sendSchema>): Record<string, unknown> {
    const waId = body.to.replace(/^\+/, '');
    let text: string;
    let template: string | undefined;
    const media: MediaRef[] = [];
    switch (body.type) {
      case 'text':
        if (!body.text) throw this.missing('text');
        text = body.text.body;
        break;
      case 'template': {
        if (!body.template) throw this.missing('template');
        const { name, language, components = [] } = body.template;
        const t = this.templates.get(`${name}|${language.code}`);
        if (!t || t.status !== 'APPROVED')
          throw new GraphApiError(
            404,
            GraphError.templateMissing,
            GRAPH_MESSAGES.templateMissing(name, language.code),
          );
        const bodyParams = components.find((c) => c.type === 'body')?.parameters ?? [];
        const headerParams = components.find((c) => c.type === 'header')?.parameters ?? [];
        const def = (type: TemplateComponent['type']) => t.components.find((c) => c.type === type);
        if (variables(def('BODY')?.text) !== bodyParams.length)
          throw new GraphApiError(400, GraphError.templateParams, GRAPH_MESSAGES.templateParams);
        const header = def('HEADER');
        const parts = [
          header?.text ? fill(header.text, headerParams.map(parameterText)) : undefined,
          fill(def('BODY')?.text ?? '', bodyParams.map(parameterText)),
          def('FOOTER')?.text,
        ];
        text = parts.filter((p): p is string => !!p).join('\n\n');
        template = name;
        break;
      }
      case 'reaction':
        if (!body.reaction) throw this.missing('reaction');
        text = body.reaction.emoji;
        break;
      case 'location':
        if (!body.location) throw this.missing('location');
        text =
          `📍 ${body.location.name ?? ''} ${body.location.latitude},${body.location.longitude}`.trim();
        break;
      default: {
        const object = body[body.type];
        if (!object) throw this.missing(body.type);
        if (object.id) {
          const stored = this.ctx.store.getMedia(object.id);
          if (!stored)
            throw new GraphApiError(
              400,
              GraphError.invalidParameter,
              GRAPH_MESSAGES.mediaMissing(object.id),
            );
          media.push({
            url: `${this.ctx.origin}/media/${stored.id}`,
            contentType: stored.contentType,
            ...(stored.filename ? { filename: stored.filename } : {}),
          });
        } else
          media.push({
            url: object.link!,
            contentType: body.type,
            ...(object.filename ? { filename: object.filename } : {}),
          });
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

  private missing(what: string): GraphApiError {
    return new GraphApiError(
      400,
      GraphError.missingParameter,
      GRAPH_MESSAGES.missingParameter(what),
    );
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

  /** The Graph routes, mounted at {@link WHATSAPP_PREFIX}. */
  routes(): Hono {
    const app = new Hono();
    const v = ':version{v[0-9]+\\.[0-9]+}';
    app.onError((error, c) => {
      if (error instanceof GraphApiError) return this.error(c, error);
      this.ctx.log(`whatsapp: ${String(error)}`);
      return this.error(c, new GraphApiError(500, GraphError.unknown, GRAPH_MESSAGES.unknown));
    });
    app.notFound((c) =>
      this.error(
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
    // The media download URL (Meta's lookaside URL): the same bearer, a limited life.
    app.get('/media-download/:id', (c) => {
      const media = this.ctx.store.getMedia(c.req.param('id'));
      const expires = Number(c.req.query('ext'));
      if (!media || !(expires > Date.now()))
        throw new GraphApiError(
          404,
          GraphError.invalidParameter,
          GRAPH_MESSAGES.mediaMissing(c.req.param('id')),
        );
      return c.body(new Uint8Array(media.bytes), 200, { 'content-type': media.contentType });
    });
    app.post(`/${v}/:phone/messages`, async (c) => {
      const number = this.numberById(c.req.param('phone'));
      if (!number)
        throw new GraphApiError(
          400,
          GraphError.invalidParameter,
          GRAPH_MESSAGES.invalidParameter(`phone number id ${c.req.param('phone')}`),
        );
      const json = await this.json(c);
      if (json && typeof json === 'object' && 'status' in json) {
        const read = markReadSchema.safeParse(json);
        if (!read.success) throw this.invalid(read.error);
        const view = this.ctx.store.get('whatsapp', read.data.message_id);
        if (!view || view.direction !== 'inbound')
          throw new GraphApiError(
            400,
            GraphError.invalidParameter,
            GRAPH_MESSAGES.invalidParameter('message_id'),
          );
        if (view.status !== 'read') this.ctx.store.setStatus(view, 'read');
        return c.json({ success: true });
      }
      const parsed = sendSchema.safeParse(json);
      if (!parsed.success) throw this.invalid(parsed.error);
      return c.json(this.send(number, parsed.data));
    });
    app.post(`/${v}/:phone/media`, async (c) => {
      if (!this.numberById(c.req.param('phone')))
        throw new GraphApiError(
          400,
          GraphError.invalidParameter,
          GRAPH_MESSAGES.invalidParameter('phone number id'),
        );
      const declared = Number(c.req.header('content-length'));
      if (declared > MAX_MEDIA_BYTES + 64 * 1024)
        throw new GraphApiError(
          400,
          GraphError.invalidParameter,
          GRAPH_MESSAGES.invalidParameter('file is too large'),
        );
      const form = await c.req.parseBody();
      const file = form['file'];
      if (!(file instanceof File)) throw this.missing('file');
      if (form['messaging_product'] !== 'whatsapp') throw this.missing('messaging_product');
      if (file.size > MAX_MEDIA_BYTES)
        throw new GraphApiError(
          400,
          GraphError.invalidParameter,
          GRAPH_MESSAGES.invalidParameter('file is too large'),
        );
      const type = typeof form['type'] === 'string' && form['type'] ? form['type'] : file.type;
      const stored = this.ctx.store.putMedia(
        Buffer.from(await file.arrayBuffer()),
        type,
        file.name || undefined,
      );
      return c.json({ id: stored.id });
    });
    app.get(`/${v}/:waba/message_templates`, (c) => {
      this.waba(c.req.param('waba'));
      const name = c.req.query('name');
      const data = [...this.templates.values()]
        .filter((t) => !name || t.name === name)
        .map((t) => ({
          id: t.id,
          name: t.name,
          language: t.language,
          status: t.status,
          category: t.category,
          components: t.components,
        }));
      return c.json({ data, paging: { cursors: { before: 'MAZDZD', after: 'MjQZD' } } });
    });
    app.post(`/${v}/:waba/message_templates`, async (c) => {
      this.waba(c.req.param('waba'));
      const parsed = createTemplateSchema.safeParse(await this.json(c));
      if (!parsed.success) throw this.invalid(parsed.error);
      const { name, language, category, components } = parsed.data;
      if (this.templates.has(`${name}|${language}`))
        throw new GraphApiError(
          400,
          GraphError.invalidParameter,
          GRAPH_MESSAGES.invalidParameter(`a template ${name} (${language}) already exists`),
        );
      const template = this.addTemplate({ name, language, category, components });
      return c.json({ id: template.id, status: template.status, category: template.category });
    });
    app.delete(`/${v}/:waba/message_templates`, (c) => {
      this.waba(c.req.param('waba'));
      const name = c.req.query('name');
      if (!name) throw this.missing('name');
      const matches = [...this.templates.entries()].filter(([, t]) => t.name === name);
      if (matches.length === 0)
        throw new GraphApiError(
          404,
          GraphError.invalidParameter,
          GRAPH_MESSAGES.invalidParameter(`no template ${name}`),
        );
      for (const [key] of matches) this.templates.delete(key);
      return c.json({ success: true });
    });
    app.get(`/${v}/:id`, (c) => {
      const media = this.ctx.store.getMedia(c.req.param('id'));
      if (!media)
        throw new GraphApiError(
          404,
          GraphError.invalidParameter,
          GRAPH_MESSAGES.mediaMissing(c.req.param('id')),
        );
      const ext = Date.now() + WHATSAPP_MEDIA_URL_TTL_MS;
      return c.json({
        messaging_product: 'whatsapp',
        url: `${this.ctx.origin}${WHATSAPP_PREFIX}/media-download/${media.id}?mid=${media.id}&ext=${ext}`,
        mime_type: media.contentType,
        sha256: media.sha256,
        file_size: String(media.bytes.length),
        id: media.id,
      });
    });
    return app;
  }

  private waba(id: string): void {
    if (id !== this.ctx.config.whatsapp.businessAccountId)
      throw new GraphApiError(
        400,
        GraphError.invalidParameter,
        GRAPH_MESSAGES.invalidParameter(`business account ${id}`),
      );
  }

  private async json(c: Context): Promise<unknown> {
    try {
      return JSON.parse(await c.req.text()) as unknown;
    } catch {
      throw new GraphApiError(
        400,
        GraphError.invalidParameter,
        GRAPH_MESSAGES.invalidParameter('the body is not JSON'),
      );
    }
  }

  private invalid(error: z.ZodError): GraphApiError {
    const issue = error.issues[0];
    const where = issue?.path.join('.') || 'body';
    return new GraphApiError(
      400,
      GraphError.invalidParameter,
      GRAPH_MESSAGES.invalidParameter(`${where}: ${issue?.message ?? ''}`),
      where,
    );
  }

  private error(c: Context, error: GraphApiError): Response {
    return c.json(
      {
        error: {
          message: error.message,
          type: 'OAuthException',
          code: error.code,
          error_data: { messaging_product: 'whatsapp', details: error.details ?? error.message },
          fbtrace_id: Buffer.from(hex(12)).toString('base64url').slice(0, 23),
        },
      },
      error.status,
      error.status === 401
        ? { 'www-authenticate': 'OAuth "Facebook Platform" "invalid_token"' }
        : {},
    );
  }
}
