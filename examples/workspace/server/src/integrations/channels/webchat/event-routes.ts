// The widget's event stream: the visitor's conversation changes as server-sent events.
import { createRoute, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import type { Services } from '../../../lib/context';
import { createRouter } from '../../../lib/router';
import type { LiveEvent } from '../../../modules/live/bus';
import { WEBCHAT } from './constants';
import type { WebchatService } from './service';
import { errors, slugParams, tags } from './route-docs';

/** The event-stream route (the token comes as `?token=`: EventSource cannot give headers). */
export function widgetEventRoutes(services: Services, chat: WebchatService) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: 'get',
      path: '/widget/{slug}/events',
      tags,
      summary: "The visitor's conversation changes as server-sent events",
      description:
        'Each event is `event: message` with `data: {"id"}` when a message of the visitor\'s chat is added or changes state; the widget then reloads its messages. The token is given as `?token=`.',
      request: { params: slugParams, query: z.object({ token: z.string().max(200).optional() }) },
      responses: {
        200: {
          description: 'text/event-stream',
          content: { 'text/event-stream': { schema: z.string() } },
        },
        ...errors,
      },
    }),
    async (c) => {
      const ws = await chat.openWorkspace(c.req.valid('param').slug);
      const visitor = await chat.requireVisitor(ws.id, c.req.valid('query').token);
      return streamSSE(c, async (stream) => {
        const pending: LiveEvent[] = [];
        let wake: (() => void) | undefined;
        const off = services.bus.subscribe(ws.id, (event) => {
          if (event.type === 'message.created' || event.type === 'message.updated') {
            pending.push(event);
            wake?.();
          }
        });
        stream.onAbort(() => {
          off();
          wake?.();
        });
        await stream.writeSSE({ event: 'ready', data: '{}' });
        while (!stream.aborted && !stream.closed) {
          const event = pending.shift();
          if (event) {
            if (event.conversationId && (await chat.concerns(ws, visitor, event.conversationId)))
              await stream.writeSSE({ event: 'message', data: JSON.stringify({ id: event.id }) });
            continue;
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, WEBCHAT.keepAliveMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = undefined;
          if (pending.length === 0 && !stream.aborted) await stream.write(': keep-alive\n\n');
        }
        off();
      });
    },
  );

  return router;
}
