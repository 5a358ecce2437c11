import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import {
  HttpError,
  readJson,
  safeDecode,
  sendAwsError,
  sendHttpError,
  sendJson,
  type RouteHandler,
} from '../lib/http';
import type { ContactEventHub, PublishedContactEvent } from './contact-events';
import type { WebhookDispatcher } from './webhook-dispatcher';
import { MAX_WEBHOOKS, SSE_KEEPALIVE_MS } from '../constants';

function writeSse(res: ServerResponse, published: PublishedContactEvent): void {
  res.write(
    `id: ${published.seq}\nevent: ${published.event.detail.eventType}\ndata: ${JSON.stringify(published.event)}\n\n`,
  );
}

/** Live SSE streams, so the server can end them on shutdown. */
export interface EventsRouter extends RouteHandler {
  /** Ends every open event stream. */
  closeStreams(): void;
}

/**
 * Contact-event routes:
 * - `GET /control/events/stream` server-sent events (`id` = stream position, `event` = eventType,
 *   `data` = the EventBridge JSON); `Last-Event-ID` (or `?since=N`) replays; `?contactId=` filters
 * - `GET /control/events` recent events (`?since=N&contactId=`)
 * - `GET|POST /control/webhooks` (`{url}`), `DELETE /control/webhooks/{id}`
 * - `GET /control/webhooks/attempts` delivery attempts (status, retries, give-ups)
 */
export function createEventsRouter(
  hub: ContactEventHub,
  webhooks: WebhookDispatcher,
  prefix = '/control',
): EventsRouter {
  const streams = new Set<ServerResponse>();
  const handler = (async (req, res, url) => {
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (path === `${prefix}/events/stream` && method === 'GET') {
      const contactId = url.searchParams.get('contactId') ?? undefined;
      const lastId = req.headers['last-event-id'];
      const since = Number(
        (Array.isArray(lastId) ? lastId[0] : lastId) ?? url.searchParams.get('since') ?? NaN,
      );
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      res.write(': connected\n\n');
      if (Number.isFinite(since)) for (const p of hub.since(since, contactId)) writeSse(res, p);
      const off = hub.onEvent((p) => {
        if (contactId === undefined || p.event.detail.contactId === contactId) writeSse(res, p);
      });
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), SSE_KEEPALIVE_MS);
      keepAlive.unref();
      streams.add(res);
      res.on('close', () => {
        off();
        clearInterval(keepAlive);
        streams.delete(res);
      });
      return true;
    }
    if (path === `${prefix}/events` && method === 'GET') {
      const since = Number(url.searchParams.get('since') ?? 0);
      sendJson(res, 200, {
        events: hub.since(
          Number.isFinite(since) ? since : 0,
          url.searchParams.get('contactId') ?? undefined,
        ),
      });
      return true;
    }
    if (path === `${prefix}/webhooks/attempts` && method === 'GET') {
      sendJson(res, 200, { attempts: webhooks.attempts });
      return true;
    }
    if (path === `${prefix}/webhooks`) {
      if (method === 'GET') {
        sendJson(res, 200, { webhooks: webhooks.list() });
        return true;
      }
      if (method === 'POST') {
        try {
          const parsed = z
            .object({
              url: z.url({ protocol: /^https?$/ }).max(2048),
              id: z.string().min(1).max(128).optional(),
            })
            .strict()
            .safeParse(await readJson(req));
          if (!parsed.success)
            throw new HttpError(400, 'ValidationException', 'Expected {"url": "http(s)://…"}');
          if (webhooks.list().length >= MAX_WEBHOOKS)
            throw new HttpError(
              400,
              'LimitExceededException',
              `At most ${MAX_WEBHOOKS} webhooks at once.`,
            );
          sendJson(res, 201, webhooks.add(parsed.data.url, parsed.data.id));
        } catch (error) {
          if (error instanceof HttpError) sendHttpError(res, error);
          else throw error;
        }
        return true;
      }
    }
    if (path.startsWith(`${prefix}/webhooks/`) && method === 'DELETE') {
      const id = safeDecode(path.slice(`${prefix}/webhooks/`.length));
      if (id !== undefined && webhooks.remove(id)) sendJson(res, 200, {});
      else sendAwsError(res, 404, 'NotFoundException', `No webhook ${String(id).slice(0, 200)}`);
      return true;
    }
    return false;
  }) as EventsRouter;
  handler.closeStreams = () => {
    for (const res of streams) res.end();
    streams.clear();
  };
  return handler;
}
