// The Twilio Messaging REST API (Messages resource) and the webhooks Twilio sends: the inbound
// message webhook and status callbacks, both signed with X-Twilio-Signature. Opt-out keywords
// block the customer ↔ number pair as Twilio does (sends answer 21610) and are still forwarded.
// The wire format (errors, authentication, segments, dates, keywords) is in twilio-wire.ts.
import { Hono } from 'hono';
import parsePhoneNumber from 'libphonenumber-js/max';
import {
  TWILIO_API_VERSION,
  TWILIO_MAGIC_TO,
  TWILIO_MAX_BODY_CHARS,
  TWILIO_MAX_MEDIA,
  TWILIO_PREFIX,
  TwilioError,
} from './constants';
import { postWebhook, type GatewayContext } from './context';
import { TWILIO_MESSAGES } from './messages';
import { twilioSignature } from './signature';
import { copyLinkedMedia } from './media-copy';
import { hex, type MediaRef } from './store';
import {
  authenticate,
  e164,
  keywordOf,
  smsSegments,
  twilioDate,
  twilioErrorResponse,
  TwilioRestError,
  type TwilioMessage,
} from './twilio-wire';

export { e164, smsSegments };

/** The SMS side of the gateway. */
export class TwilioService {
  private readonly messages = new Map<string, TwilioMessage>();
  /** Opted-out pairs `customer|business`. */
  private readonly optedOut = new Set<string>();

  constructor(private readonly ctx: GatewayContext) {}

  private get account(): string {
    return this.ctx.config.twilio.accountSid;
  }

  /** Whether the customer has opted out of messages from the business number. */
  isOptedOut(customer: string, business: string): boolean {
    return this.optedOut.has(`${customer}|${business}`);
  }

  private resource(m: TwilioMessage): Record<string, unknown> {
    const uri = `/${TWILIO_API_VERSION}/Accounts/${this.account}/Messages/${m.sid}`;
    return {
      sid: m.sid,
      account_sid: this.account,
      messaging_service_sid: m.messagingServiceSid,
      from: m.from,
      to: m.to,
      body: m.body,
      num_segments: String(m.numSegments),
      num_media: String(m.media.length),
      direction: m.direction,
      status: m.view.status,
      error_code: m.view.error?.code ?? null,
      error_message: m.view.error?.message ?? null,
      price: null,
      price_unit: 'USD',
      api_version: TWILIO_API_VERSION,
      date_created: twilioDate(m.dateCreated),
      date_sent: twilioDate(m.dateSent),
      date_updated: twilioDate(m.dateUpdated),
      uri: `${uri}.json`,
      subresource_uris: { media: `${uri}/Media.json`, feedback: `${uri}/Feedback.json` },
    };
  }

  private mediaUrl(messageSid: string, mediaSid: string): string {
    return `${this.ctx.origin}${TWILIO_PREFIX}/${TWILIO_API_VERSION}/Accounts/${this.account}/Messages/${messageSid}/Media/${mediaSid}`;
  }

  private record(
    input: Omit<TwilioMessage, 'view' | 'dateCreated' | 'dateUpdated' | 'dateSent' | 'sid'> & {
      sid?: string;
      status: string;
    },
  ): TwilioMessage {
    const sid = input.sid ?? `${input.media.length > 0 ? 'MM' : 'SM'}${hex(16)}`;
    const inbound = input.direction === 'inbound';
    const view = this.ctx.store.add({
      channel: 'sms',
      id: sid,
      direction: inbound ? 'inbound' : 'outbound',
      customer: inbound ? input.from : input.to,
      business: inbound ? input.to : input.from,
      text: input.body,
      media: input.media,
      status: input.status,
    });
    const now = new Date();
    const message: TwilioMessage = {
      ...input,
      sid,
      view,
      dateCreated: now,
      dateUpdated: now,
      dateSent: inbound ? now : null,
    };
    this.messages.set(sid, message);
    return message;
  }

  private advance(m: TwilioMessage, status: string, error?: { code: number; message: string }) {
    if (!this.messages.has(m.sid)) return;
    m.dateUpdated = new Date();
    if (status === 'sent') m.dateSent = m.dateUpdated;
    this.ctx.store.setStatus(m.view, status, error);
    if (m.statusCallback) void this.statusCallback(m, m.statusCallback);
  }

  /** POSTs a status callback (form, signed over the exact callback URL). */
  private async statusCallback(m: TwilioMessage, url: string): Promise<void> {
    const params: Record<string, string> = {
      MessageSid: m.sid,
      SmsSid: m.sid,
      MessageStatus: m.view.status,
      SmsStatus: m.view.status,
      AccountSid: this.account,
      From: m.from,
      To: m.to,
      ApiVersion: TWILIO_API_VERSION,
    };
    if (m.messagingServiceSid) params['MessagingServiceSid'] = m.messagingServiceSid;
    if (m.view.error) {
      params['ErrorCode'] = String(m.view.error.code);
      params['ErrorMessage'] = m.view.error.message;
    }
    const result = await postWebhook(url, new URLSearchParams(params).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(this.ctx.config.twilio.authToken, url, params),
    });
    if (typeof result.status !== 'number' || result.status >= 400)
      this.ctx.log(`status callback ${m.sid} ${m.view.status} → ${result.status}`);
  }

  /** `POST …/Messages.json`: validates as Twilio does, then queued → sent → delivered. */
  create(form: URLSearchParams): TwilioMessage {
    const toRaw = form.get('To') ?? '';
    const to = e164(toRaw);
    if (!to || TWILIO_MAGIC_TO[to] === TwilioError.invalidTo)
      throw new TwilioRestError(400, TwilioError.invalidTo, TWILIO_MESSAGES.invalidTo(toRaw));
    if (TWILIO_MAGIC_TO[to] === TwilioError.unsubscribed)
      throw new TwilioRestError(400, TwilioError.unsubscribed, TWILIO_MESSAGES.unsubscribed);
    if (TWILIO_MAGIC_TO[to] === TwilioError.notMobile)
      throw new TwilioRestError(400, TwilioError.notMobile, TWILIO_MESSAGES.notMobile(to));
    const service = form.get('MessagingServiceSid');
    const fromRaw = form.get('From') ?? (service ? this.ctx.config.twilio.numbers[0] : undefined);
    if (!fromRaw)
      throw new TwilioRestError(400, TwilioError.fromRequired, TWILIO_MESSAGES.fromRequired);
    const from = e164(fromRaw);
    if (!from || !this.ctx.config.twilio.numbers.includes(from))
      throw new TwilioRestError(400, TwilioError.invalidFrom, TWILIO_MESSAGES.invalidFrom(fromRaw));
    const body = form.get('Body') ?? '';
    const mediaUrls = form.getAll('MediaUrl');
    if (body === '' && mediaUrls.length === 0)
      throw new TwilioRestError(400, TwilioError.bodyRequired, TWILIO_MESSAGES.bodyRequired);
    if (body.length > TWILIO_MAX_BODY_CHARS)
      throw new TwilioRestError(400, TwilioError.bodyTooLong, TWILIO_MESSAGES.bodyTooLong);
    if (mediaUrls.length > TWILIO_MAX_MEDIA)
      throw new TwilioRestError(400, TwilioError.tooManyMedia, TWILIO_MESSAGES.tooManyMedia);
    if (parsePhoneNumber(to)?.getType() === 'FIXED_LINE')
      throw new TwilioRestError(400, TwilioError.notMobile, TWILIO_MESSAGES.notMobile(to));
    if (this.isOptedOut(to, from))
      throw new TwilioRestError(400, TwilioError.unsubscribed, TWILIO_MESSAGES.unsubscribed);
    const callback = form.get('StatusCallback');
    const message = this.record({
      from,
      to,
      body,
      direction: 'outbound-api',
      numSegments: smsSegments(body),
      media: mediaUrls.map((url) => ({ url, contentType: 'application/octet-stream' })),
      messagingServiceSid: service,
      ...(callback && URL.canParse(callback) ? { statusCallback: callback } : {}),
      status: service ? 'accepted' : 'queued',
    });
    copyLinkedMedia(this.ctx, message.view);
    this.ctx.later(() => this.advance(message, 'sent'));
    this.ctx.later(() => this.advance(message, 'delivered'), 2);
    return message;
  }

  /**
   * A customer's SMS to a business number: the pair's opt-out state follows STOP/START (with
   * Twilio's automatic reply), then the signed inbound webhook is POSTed (STOP included).
   */
  async receive(input: {
    from: string;
    to: string;
    body: string;
    media: readonly { url: string; contentType: string }[];
    mediaBytes?: readonly { bytes: Buffer; contentType: string; filename?: string }[];
  }): Promise<{ sid: string; webhookStatus: number | string }> {
    const sid = `${input.media.length + (input.mediaBytes?.length ?? 0) > 0 ? 'MM' : 'SM'}${hex(16)}`;
    const media: MediaRef[] = [...input.media];
    for (const item of input.mediaBytes ?? []) {
      const stored = this.ctx.store.putMedia(
        item.bytes,
        item.contentType,
        item.filename,
        `ME${hex(16)}`,
      );
      media.push({ url: this.mediaUrl(sid, stored.id), contentType: stored.contentType });
    }
    const message = this.record({
      sid,
      from: input.from,
      to: input.to,
      body: input.body,
      direction: 'inbound',
      numSegments: smsSegments(input.body),
      media,
      messagingServiceSid: null,
      status: 'received',
    });
    const pair = `${input.from}|${input.to}`;
    const keyword = keywordOf(input.body);
    if (keyword === 'out') this.optedOut.add(pair);
    if (keyword === 'in') this.optedOut.delete(pair);
    if (keyword) {
      const reply =
        keyword === 'out'
          ? TWILIO_MESSAGES.optOutReply
          : keyword === 'in'
            ? TWILIO_MESSAGES.optInReply
            : TWILIO_MESSAGES.helpReply;
      const auto = this.record({
        from: input.to,
        to: input.from,
        body: reply,
        direction: 'outbound-reply',
        numSegments: smsSegments(reply),
        media: [],
        messagingServiceSid: null,
        status: 'delivered',
      });
      auto.dateSent = auto.dateCreated;
    }
    const url = this.ctx.webhooks.smsUrl;
    if (!url) return { sid, webhookStatus: 'not registered' };
    const parsedFrom = parsePhoneNumber(input.from);
    const parsedTo = parsePhoneNumber(input.to);
    const params: Record<string, string> = {
      ToCountry: parsedTo?.country ?? '',
      ToState: '',
      SmsMessageSid: sid,
      NumMedia: String(media.length),
      ToCity: '',
      FromZip: '',
      SmsSid: sid,
      FromState: '',
      SmsStatus: 'received',
      FromCity: '',
      Body: input.body,
      FromCountry: parsedFrom?.country ?? '',
      To: input.to,
      ToZip: '',
      NumSegments: String(message.numSegments),
      MessageSid: sid,
      AccountSid: this.account,
      From: input.from,
      ApiVersion: TWILIO_API_VERSION,
    };
    media.forEach((m, i) => {
      params[`MediaUrl${i}`] = m.url;
      params[`MediaContentType${i}`] = m.contentType;
    });
    const result = await postWebhook(url, new URLSearchParams(params).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(this.ctx.config.twilio.authToken, url, params),
    });
    message.view.webhookStatus = result.status;
    this.ctx.store.changed(message.view);
    return { sid, webhookStatus: result.status };
  }

  /** The REST routes, mounted at {@link TWILIO_PREFIX}. */
  routes(): Hono {
    const app = new Hono();
    const base = `/${TWILIO_API_VERSION}/Accounts/:account`;
    app.onError((error, c) => {
      if (error instanceof TwilioRestError) return twilioErrorResponse(c, error);
      this.ctx.log(`twilio: ${String(error)}`);
      return twilioErrorResponse(
        c,
        new TwilioRestError(500, TwilioError.internal, TWILIO_MESSAGES.internal),
      );
    });
    // Media of inbound MMS, public as Twilio's are by default.
    app.get(`${base}/Messages/:message/Media/:media`, (c) => {
      const media = this.ctx.store.getMedia(c.req.param('media'));
      if (!media)
        throw new TwilioRestError(
          404,
          TwilioError.notFound,
          TWILIO_MESSAGES.notFound(c.req.param('media')),
        );
      return c.body(new Uint8Array(media.bytes), 200, { 'content-type': media.contentType });
    });
    app.use(`${base}/*`, async (c, next) => {
      authenticate(this.ctx.config.twilio, c.req.header('authorization'), c.req.param('account'));
      const fault = this.ctx.faults.take('sms');
      if (fault === 429)
        throw new TwilioRestError(
          429,
          TwilioError.tooManyRequests,
          TWILIO_MESSAGES.tooManyRequests,
        );
      if (fault === 500)
        throw new TwilioRestError(500, TwilioError.internal, TWILIO_MESSAGES.internal);
      await next();
    });
    app.post(`${base}/Messages.json`, async (c) => {
      const message = this.create(new URLSearchParams(await c.req.text()));
      return c.json(this.resource(message), 201);
    });
    app.get(`${base}/Messages.json`, (c) => {
      const to = c.req.query('To');
      const from = c.req.query('From');
      const list = [...this.messages.values()]
        .filter((m) => (!to || m.to === to) && (!from || m.from === from))
        .reverse();
      const pageSize = Math.min(Math.max(Number(c.req.query('PageSize') ?? 50) || 50, 1), 1000);
      const uri = `/${TWILIO_API_VERSION}/Accounts/${this.account}/Messages.json?PageSize=${pageSize}&Page=0`;
      return c.json({
        messages: list.slice(0, pageSize).map((m) => this.resource(m)),
        end: Math.min(list.length, pageSize) - 1,
        first_page_uri: uri,
        next_page_uri: null,
        page: 0,
        page_size: pageSize,
        previous_page_uri: null,
        start: 0,
        uri,
      });
    });
    app.get(`${base}/Messages/:sid{[A-Z]{2}[0-9a-f]{32}\\.json}`, (c) => {
      return c.json(this.resource(this.find(c.req.param('sid'))));
    });
    app.post(`${base}/Messages/:sid{[A-Z]{2}[0-9a-f]{32}\\.json}`, async (c) => {
      const message = this.find(c.req.param('sid'));
      const form = new URLSearchParams(await c.req.text());
      if (form.get('Body') === '' && !form.has('Status')) {
        message.body = '';
        message.view.text = '';
        message.dateUpdated = new Date();
        this.ctx.store.changed(message.view);
        return c.json(this.resource(message));
      }
      if (form.get('Status') === 'canceled' && message.view.status === 'scheduled') {
        this.advance(message, 'canceled');
        return c.json(this.resource(message));
      }
      throw new TwilioRestError(400, TwilioError.invalidParameter, TWILIO_MESSAGES.badUpdate);
    });
    app.delete(`${base}/Messages/:sid{[A-Z]{2}[0-9a-f]{32}\\.json}`, (c) => {
      const message = this.find(c.req.param('sid'));
      this.messages.delete(message.sid);
      this.ctx.store.delete('sms', message.sid);
      return c.body(null, 204);
    });
    return app;
  }

  private find(file: string): TwilioMessage {
    const sid = file.replace(/\.json$/, '');
    const message = this.messages.get(sid);
    if (!message)
      throw new TwilioRestError(404, TwilioError.notFound, TWILIO_MESSAGES.notFound(sid));
    return message;
  }
}
