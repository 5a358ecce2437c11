import { z } from 'zod';

/**
 * The conduit envelope every `window.postMessage` between host and panel carries.
 * @public
 */
export const conduitMessageSchema = z.object({
  event: z.string().min(1),
  data: z.unknown(),
});

/**
 * A message on the host ⇄ panel conduit.
 * @public
 */
export type ConduitMessage = z.infer<typeof conduitMessageSchema>;

/**
 * Reads a conduit message from an untrusted `MessageEvent.data`; `undefined` when it is not one.
 * @public
 */
export function parseConduitMessage(raw: unknown): ConduitMessage | undefined {
  const result = conduitMessageSchema.safeParse(raw);
  return result.success ? result.data : undefined;
}
