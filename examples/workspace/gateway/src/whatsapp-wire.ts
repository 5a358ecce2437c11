// The WhatsApp Cloud API's wire format as the gateway reads and answers it: the request bodies of
// the messages route (zod), and Graph errors (`{error:{message,type,code,…}}`) with how each kind
// of bad request becomes one.
import type { Context } from 'hono';
import { z } from 'zod';
import { GraphError, WHATSAPP_MAX_TEXT_CHARS } from './constants';
import { GRAPH_MESSAGES } from './messages';
import { hex } from './store';

/** A Graph API error (`{error:{message,type,code,…}}`). */
export class GraphApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 429 | 500,
    readonly code: number,
    message: string,
    readonly details?: string,
  ) {
    super(message);
  }
}

const mediaObject = z
  .object({
    id: z.string().min(1).max(64).optional(),
    link: z.url().max(2048).optional(),
    caption: z.string().max(1024).optional(),
    filename: z.string().max(240).optional(),
  })
  .refine((m) => (m.id === undefined) !== (m.link === undefined), 'one of id or link');

export const parameterSchema = z.looseObject({
  type: z.enum(['text', 'currency', 'date_time', 'image', 'document', 'video', 'payload']),
  text: z.string().max(32_768).optional(),
  currency: z.looseObject({ fallback_value: z.string() }).optional(),
  date_time: z.looseObject({ fallback_value: z.string() }).optional(),
});

export const sendSchema = z.object({
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

export const markReadSchema = z.object({
  messaging_product: z.literal('whatsapp'),
  status: z.literal('read'),
  message_id: z.string().min(1),
  typing_indicator: z.object({ type: z.string() }).optional(),
});

/** A send request's body. */
export type SendBody = z.infer<typeof sendSchema>;

/** A template parameter as the text it stands for. */
export function parameterText(p: z.infer<typeof parameterSchema>): string {
  return p.text ?? p.currency?.fallback_value ?? p.date_time?.fallback_value ?? `[${p.type}]`;
}

/** A request without a field its type needs. */
export function missing(what: string): GraphApiError {
  return new GraphApiError(400, GraphError.missingParameter, GRAPH_MESSAGES.missingParameter(what));
}

/** A body that failed its schema: the first issue, with where it is. */
export function invalid(error: z.ZodError): GraphApiError {
  const issue = error.issues[0];
  const where = issue?.path.join('.') || 'body';
  return new GraphApiError(
    400,
    GraphError.invalidParameter,
    GRAPH_MESSAGES.invalidParameter(`${where}: ${issue?.message ?? ''}`),
    where,
  );
}

/** An invalid-parameter error naming what was wrong. */
export function invalidParameter(what: string, status: 400 | 404 = 400): GraphApiError {
  return new GraphApiError(
    status,
    GraphError.invalidParameter,
    GRAPH_MESSAGES.invalidParameter(what),
  );
}

/** The request body as JSON, or an invalid-parameter error. */
export async function readJson(c: Context): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text()) as unknown;
  } catch {
    throw invalidParameter('the body is not JSON');
  }
}

/** A Graph error as Meta answers it (401s carry the OAuth challenge). */
export function graphErrorResponse(c: Context, error: GraphApiError): Response {
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
    error.status === 401 ? { 'www-authenticate': 'OAuth "Facebook Platform" "invalid_token"' } : {},
  );
}
