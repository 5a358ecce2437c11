import type { ServerResponse } from 'node:http';
import { controlServiceRouter } from '../control/control-app';
import type { RouteHandler } from '../lib/http';
import type { ContactEventHub, PublishedContactEvent } from './contact-events';
import type { WebhookDispatcher } from './webhook-dispatcher';
import { SSE_KEEPALIVE_MS } from '../constants';

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
 * Contact-event routes as a Node-style handler: `GET /control/events/stream` server-sent events
 * (`id` = stream position, `event` = eventType, `data` = the EventBridge JSON; `Last-Event-ID` or
 * `?since=N` replays; `?contactId=` filters), written here; `GET /control/events`,
 * `GET|POST /control/webhooks`, `DELETE /control/webhooks/{id}` and `GET /control/webhooks/attempts`
 * are the control API's routes (see `registerServiceRoutes`).
 */
export function createEventsRouter(
  hub: ContactEventHub,
  webhooks: WebhookDispatcher,
  prefix = '/control',
): EventsRouter {
  const streams = new Set<ServerResponse>();
  let others: RouteHandler | undefined; // built on first use
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
    // The other event and webhook routes: the control API's (see `registerServiceRoutes`).
    if (
      path === `${prefix}/events` ||
      path === `${prefix}/webhooks` ||
      path.startsWith(`${prefix}/webhooks/`)
    )
      return (others ??= controlServiceRouter({ events: hub, webhooks }, prefix))(req, res, url);
    return false;
  }) as EventsRouter;
  handler.closeStreams = () => {
    for (const res of streams) res.end();
    streams.clear();
  };
  return handler;
}
