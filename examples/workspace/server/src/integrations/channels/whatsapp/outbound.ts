// The WhatsApp channel's sending side: the Cloud API's messages endpoint
// (POST /{version}/{phone-number-id}/messages, Bearer token, JSON) for text and template
// replies, and the approved templates of the business account (GET /{waba-id}/message_templates,
// following paging.next). Rate limits (429, 4, 80007, 130429, 131056), 5xx and the network are
// retried by the outbox; any other Graph error fails the message with its code and message. The
// 24-hour window's refusal usually comes later, in a `failed` status (131047). A reply's files go
// as media messages by `link` (our signed, expiring URL).
import { retryAfterMs } from '../sms/outbound';
import type {
  ChannelAdapter,
  MessageTemplate,
  OutboundAttachment,
  OutboundSend,
  SendResult,
} from '../types';
import {
  GRAPH_ERRORS,
  TEMPLATE_CACHE_MS,
  TEMPLATE_MAX_PAGES,
  WHATSAPP_ID_PREFIX,
  WHATSAPP_MAX_TEXT_CHARS,
  WHATSAPP_TIMEOUT_MS,
} from './constants';

/** The Cloud API settings an adapter sends with. */
export interface WhatsappSettings {
  readonly apiBaseUrl: string;
  readonly apiVersion: string;
  readonly accessToken: string;
  readonly businessAccountId: string | undefined;
  readonly phoneNumberIds: Readonly<Record<string, string>>;
}

/** The phone number id of a business number: configured, else its digits (the local gateway). */
export function phoneNumberIdOf(settings: Pick<WhatsappSettings, 'phoneNumberIds'>, e164: string) {
  return settings.phoneNumberIds[e164] ?? e164.replace(/\D/g, '');
}

/** A template's text with its positional variables filled. */
export function fillTemplate(text: string, parameters: readonly string[]): string {
  return text.replace(
    /\{\{\s*(\d+)\s*\}\}/g,
    (whole, n: string) => parameters[Number(n) - 1] ?? whole,
  );
}

/** The text a customer sees of a template with its variables filled. */
export function renderTemplate(t: MessageTemplate, parameters: readonly string[]): string {
  return [t.header, fillTemplate(t.body, parameters), t.footer]
    .filter((p): p is string => !!p)
    .join('\n\n');
}

interface GraphComponent {
  type?: string;
  text?: string;
}
interface GraphTemplate {
  name?: string;
  language?: string;
  status?: string;
  category?: string;
  components?: GraphComponent[];
}

/** A reply fails with this when the server has no public URL for Meta to fetch its files from. */
export const WHATSAPP_NO_MEDIA_URL =
  'The file cannot be sent: the server has no public URL (PUBLIC_API_URL).';

/** A caption's longest length (characters). */
const WHATSAPP_MAX_CAPTION_CHARS = 1024;

/** The media message type of a content type. */
function mediaTypeOf(contentType: string): 'image' | 'video' | 'audio' | 'document' {
  if (/^image\/(jpeg|png)$/.test(contentType)) return 'image';
  if (/^video\//.test(contentType)) return 'video';
  if (/^audio\//.test(contentType)) return 'audio';
  return 'document';
}

export class WhatsappAdapter implements ChannelAdapter {
  readonly channel = 'whatsapp' as const;
  readonly connected = true;
  private cache: { at: number; templates: Promise<readonly MessageTemplate[]> } | undefined;

  constructor(private readonly settings: WhatsappSettings) {}

  private url(path: string): string {
    return `${this.settings.apiBaseUrl}/${this.settings.apiVersion}/${path}`;
  }

  private async graph(url: string, init: RequestInit = {}): Promise<Response> {
    return fetch(url, {
      ...init,
      headers: {
        authorization: `Bearer ${this.settings.accessToken}`,
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      signal: AbortSignal.timeout(WHATSAPP_TIMEOUT_MS),
    });
  }

  async send(message: OutboundSend): Promise<SendResult> {
    const to = message.to.replace(/^\+/, '');
    const files = message.template ? [] : (message.attachments ?? []);
    if (files.length > 0) return this.sendMedia(message, to, files);
    return this.post(message.from, this.payload(message, to));
  }

  /**
   * A reply with files: one media message per file, by `link` to our signed, expiring URL (Meta
   * fetches it), the text as the first caption that may carry it (not audio; at most 1,024
   * characters), else as a text message after them. The reply's id is the last message's.
   */
  private async sendMedia(
    message: OutboundSend,
    to: string,
    files: readonly OutboundAttachment[],
  ): Promise<SendResult> {
    const text = message.body.trim();
    let captioned = text === '';
    let result: SendResult | undefined;
    for (const file of files) {
      if (!file.url) return { ok: false, retryable: false, reason: WHATSAPP_NO_MEDIA_URL };
      const type = mediaTypeOf(file.contentType);
      const caption =
        !captioned && type !== 'audio' && text.length <= WHATSAPP_MAX_CAPTION_CHARS ? text : null;
      if (caption) captioned = true;
      result = await this.post(message.from, {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to,
        type,
        [type]: {
          link: file.url,
          ...(caption ? { caption } : {}),
          ...(type === 'document' ? { filename: file.filename } : {}),
        },
      });
      if (!result.ok) return result;
    }
    if (!captioned) result = await this.post(message.from, this.payload(message, to));
    return result!;
  }

  private payload(message: OutboundSend, to: string): Record<string, unknown> {
    const payload = message.template
      ? {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to,
          type: 'template',
          template: {
            name: message.template.name,
            language: { policy: 'deterministic', code: message.template.language },
            components:
              message.template.parameters.length > 0
                ? [
                    {
                      type: 'body',
                      parameters: message.template.parameters.map((text) => ({
                        type: 'text',
                        text,
                      })),
                    },
                  ]
                : [],
          },
        }
      : {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to,
          type: 'text',
          text: { body: message.body.slice(0, WHATSAPP_MAX_TEXT_CHARS), preview_url: false },
        };
    return payload;
  }

  private async post(from: string, payload: Record<string, unknown>): Promise<SendResult> {
    let res: Response;
    try {
      res = await this.graph(
        this.url(`${encodeURIComponent(phoneNumberIdOf(this.settings, from))}/messages`),
        { method: 'POST', body: JSON.stringify(payload) },
      );
    } catch (error) {
      return { ok: false, retryable: true, reason: `WhatsApp: ${(error as Error).message}` };
    }
    const body = (await res.json().catch(() => null)) as {
      messages?: { id?: unknown }[];
      error?: { code?: unknown; message?: unknown; error_data?: { details?: unknown } };
    } | null;
    const id = body?.messages?.[0]?.id;
    if (res.ok && typeof id === 'string')
      return { ok: true, providerMessageId: `${WHATSAPP_ID_PREFIX}${id}`, status: 'sent' };
    const code = typeof body?.error?.code === 'number' ? body.error.code : undefined;
    const text = typeof body?.error?.message === 'string' ? body.error.message : res.statusText;
    const reason = code === undefined ? `WhatsApp answered ${res.status}` : `${code}: ${text}`;
    const retryable =
      res.status === 429 ||
      res.status >= 500 ||
      (code !== undefined &&
        (GRAPH_ERRORS.rateLimits.includes(code) || code === GRAPH_ERRORS.unknown));
    const after = retryAfterMs(res.headers.get('retry-after'));
    return {
      ok: false,
      retryable,
      reason,
      ...(after === undefined ? {} : { retryAfterMs: after }),
    };
  }

  /** The business account's APPROVED templates (kept for a minute; a failure is not kept). */
  templates(): Promise<readonly MessageTemplate[]> {
    if (this.cache && Date.now() - this.cache.at < TEMPLATE_CACHE_MS) return this.cache.templates;
    const templates = this.listTemplates();
    this.cache = { at: Date.now(), templates };
    templates.catch(() => {
      this.cache = undefined;
    });
    return templates;
  }

  private async listTemplates(): Promise<readonly MessageTemplate[]> {
    const waba = this.settings.businessAccountId;
    if (!waba) return [];
    const found: MessageTemplate[] = [];
    let next: string | undefined = this.url(
      `${encodeURIComponent(waba)}/message_templates?limit=100`,
    );
    for (let page = 0; next && page < TEMPLATE_MAX_PAGES; page++) {
      const res = await this.graph(next);
      if (!res.ok) throw new Error(`WhatsApp templates: ${res.status}`);
      const body = (await res.json()) as { data?: GraphTemplate[]; paging?: { next?: string } };
      for (const t of body.data ?? []) {
        if (t.status !== 'APPROVED' || !t.name || !t.language) continue;
        const part = (type: string) =>
          t.components?.find((c) => c.type?.toUpperCase() === type)?.text ?? null;
        const text = part('BODY') ?? '';
        found.push({
          name: t.name,
          language: t.language,
          category: t.category ?? '',
          header: part('HEADER'),
          body: text,
          footer: part('FOOTER'),
          variables: new Set([...text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => m[1])).size,
        });
      }
      next = body.paging?.next;
    }
    return found;
  }
}
