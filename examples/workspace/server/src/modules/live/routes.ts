// The workspace's live-update stream: `GET /ws/{slug}/events`, server-sent events naming what
// changed (conversation.updated, message.created, call.updated, agent.updated) so the app
// refetches it.
import { z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import { slugParamsSchema } from '../../contract/common';
import type { Services } from '../../lib/context';
import { authRoute, createRouter } from '../../lib/router';
import { liveAudience } from './audience';
import type { LiveEvent } from './bus';

/** A comment line is sent this often so that proxies keep the stream open. */
export const KEEP_ALIVE_MS = 25_000;

export function liveRoutes(services: Services) {
  const router = createRouter();
  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/events',
      tags: ['Live'],
      summary: "The workspace's changes as server-sent events",
      description:
        'Each event is `event: <type>` with `data: {"type","id","conversationId"}`. Members without the shared-inbox permit hear only of conversations assigned to them (or just assigned away from them) and of their own calls, or of every call with the live-calls permit. `agent.updated` (id: the agent) says that the contact-centre status of an agent may have changed; every member hears it. The token may be given as `?access_token=` (EventSource cannot send headers). A comment line keeps the stream open every 25 s.',
      request: { params: slugParamsSchema },
      responses: {
        200: {
          description: 'text/event-stream',
          content: { 'text/event-stream': { schema: z.string() } },
        },
      },
    }),
    (c) => {
      const access = c.get('access');
      const workspaceId = access.workspace.id;
      const hears = liveAudience(services.db, access);
      return streamSSE(c, async (stream) => {
        const pending: LiveEvent[] = [];
        let wake: (() => void) | undefined;
        const off = services.bus.subscribe(workspaceId, (event) => {
          pending.push(event);
          wake?.();
        });
        // Sign-out ends the stream at once (in whichever process it runs).
        const offRevoked = services.bus.onRevoked(c.get('auth').tokenHash, () => {
          void stream.close();
          wake?.();
        });
        stream.onAbort(() => {
          off();
          offRevoked();
          wake?.();
        });
        await stream.writeSSE({ event: 'ready', data: '{}' });
        while (!stream.aborted && !stream.closed) {
          const event = pending.shift();
          if (event) {
            const heard = await hears(event).catch((error: unknown) => {
              services.log.warn(
                { err: error },
                'live stream: could not tell who may hear an event',
              );
              return false;
            });
            if (!heard) continue;
            await stream.writeSSE({
              event: event.type,
              data: JSON.stringify({
                type: event.type,
                id: event.id,
                conversationId: event.conversationId ?? null,
              }),
            });
            continue;
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, KEEP_ALIVE_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = undefined;
          if (pending.length === 0 && !stream.aborted && !stream.closed)
            await stream.write(': keep-alive\n\n');
        }
        off();
        offRevoked();
      });
    },
  );
  return router;
}
