// What the control API's service route modules share: the services getter type, the path
// parameter and open-object schemas, the 404 helper and the body parsing of the non-OpenAPI
// aliases.
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HttpError } from '../lib/http';
import type { ControlServices } from './service-routes';

/** The services of the running emulator (a 404 when there are none). */
export type GetServices = () => ControlServices;

export const anyObject = z.record(z.string(), z.unknown());
export const pathParam = (name: string) =>
  z.object({
    [name]: z
      .string()
      .min(1)
      .openapi({ param: { name, in: 'path' } }),
  });
export const notFound = (message: string): never => {
  throw new HttpError(404, 'NotFoundException', message);
};

/** The JSON body (well-formed: the control app checked it), `{}` when empty. */
export async function bodyJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  return text.trim() === '' ? {} : (JSON.parse(text) as unknown);
}

/** Reads a body with a schema; a mismatch is a 400 `ValidationException`. */
export function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new HttpError(
      400,
      'ValidationException',
      `${issue?.path.join('.') || '(body)'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return result.data;
}
