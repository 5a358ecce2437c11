// What every control route shares: the error body and error, the token check, the JSON body
// reader (400 with each issue's path), and the field rules (phone numbers, email addresses, URLs,
// base64 uploads).
import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import { MAX_MEDIA_BYTES } from './constants';
import { CONTROL_MESSAGES } from './messages';
import { e164 } from './twilio';

/** The control API's error body. */
export interface ControlError {
  readonly error: string;
  readonly message: string;
  readonly issues?: readonly { path: string; message: string }[];
}

/** A control API error: HTTP status, error code and message. */
export class ControlHttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 409 | 413 | 502,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A phone number, normalised to E.164. */
export const phone = z
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
/** An email address, lower-cased. */
export const email = z
  .email()
  .max(320)
  .transform((v) => v.toLowerCase());
/** An http(s) URL. */
export const httpUrl = z.url({ protocol: /^https?$/ }).max(2048);
/** Base64 of at most {@link MAX_MEDIA_BYTES} bytes. */
export const upload = z.object({
  contentType: z
    .string()
    .regex(/^[\w.+-]+\/[\w.+-]+$/, 'a MIME type')
    .max(127),
  filename: z.string().min(1).max(200).optional(),
  contentBase64: z.base64().max(Math.ceil((MAX_MEDIA_BYTES * 4) / 3) + 4),
});

/** Whether the given token is the expected one (constant time). */
export function tokenMatches(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The request body as JSON, checked against `schema`. */
export async function body<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
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

/** An upload as bytes. */
export const decode = (u: z.infer<typeof upload>) => ({
  bytes: Buffer.from(u.contentBase64, 'base64'),
  contentType: u.contentType,
  ...(u.filename ? { filename: u.filename } : {}),
});
