import { z } from 'zod';

/**
 * The conduit envelope every `window.postMessage` between host and panel carries: `{event, data}`.
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

/**
 * Builds a conduit message `{event, data}`; `data` is left out when `undefined`.
 * @public
 */
export function createConduitMessage(event: string, data?: unknown): ConduitMessage {
  return data === undefined ? { event, data: undefined } : { event, data };
}
