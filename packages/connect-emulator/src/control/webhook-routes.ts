// The control API's webhook and event routes: contact-event webhooks, agent-event webhooks (the
// same four routes on each), recent contact events and their server-sent event stream.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { MAX_WEBHOOKS } from '../constants';
import type { WebhookDispatcher } from '../events/webhook-dispatcher';
import { ALREADY_SENT } from '../http/node-env';
import { HttpError, requestUrl } from '../lib/http';
import { body, json } from './route-docs';
import { anyObject, notFound, pathParam, type GetServices } from './service-route-kit';

/** The documented wording of one webhook family's routes. */
interface WebhookFamily {
  /** `/control/webhooks` or `/control/agent-event-webhooks`. */
  readonly path: string;
  readonly listSummary: string;
  readonly addSummary: string;
  readonly attemptsSummary: string;
  readonly removeSummary: string;
}

/** Registers list, add (at most {@link MAX_WEBHOOKS}), attempts and remove for one dispatcher. */
function registerWebhookFamily(
  app: OpenAPIHono,
  hooks: () => WebhookDispatcher,
  family: WebhookFamily,
): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: family.path,
      summary: family.listSummary,
      responses: { 200: json(z.object({ webhooks: z.array(anyObject) }), 'Webhooks') },
    }),
    (c) => c.json({ webhooks: hooks().list() as never[] }, 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: family.path,
      summary: family.addSummary,
      request: {
        body: body(
          z.strictObject({
            url: z.url({ protocol: /^https?$/ }).max(2048),
            id: z.string().min(1).max(128).optional(),
          }),
        ),
      },
      responses: { 201: json(anyObject, 'The webhook') },
    }),
    (c) => {
      const dispatcher = hooks();
      const p = c.req.valid('json');
      if (dispatcher.list().length >= MAX_WEBHOOKS)
        throw new HttpError(
          400,
          'LimitExceededException',
          `At most ${MAX_WEBHOOKS} webhooks at once.`,
        );
      return c.json(dispatcher.add(p.url, p.id) as never, 201);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${family.path}/attempts`,
      summary: family.attemptsSummary,
      responses: { 200: json(z.object({ attempts: z.array(anyObject) }), 'Attempts') },
    }),
    (c) => c.json({ attempts: hooks().attempts as never[] }, 200),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: `${family.path}/{id}`,
      summary: family.removeSummary,
      request: { params: pathParam('id') },
      responses: { 200: json(anyObject, 'Removed') },
    }),
    (c) => {
      const id = c.req.valid('param').id as string;
      if (!hooks().remove(id)) notFound(`No webhook ${id.slice(0, 200)}`);
      return c.json({}, 200);
    },
  );
}

/** Registers the contact-event and agent-event webhook routes and the contact event routes. */
export function registerWebhookRoutes(app: OpenAPIHono, get: GetServices): void {
  registerWebhookFamily(app, () => get().webhooks, {
    path: '/control/webhooks',
    listSummary: 'Contact-event webhooks',
    addSummary: 'Add a contact-event webhook (at most 20)',
    attemptsSummary: 'Webhook delivery attempts (status, retry delay, give-ups)',
    removeSummary: 'Remove a webhook',
  });
  // ---------------------------------------------------------------- agent-event webhooks
  const agentHooks = (): WebhookDispatcher =>
    get().agentWebhooks ?? notFound('No agent events on this server.');
  registerWebhookFamily(app, agentHooks, {
    path: '/control/agent-event-webhooks',
    listSummary: 'Agent-event webhooks (where agent event stream records are POSTed)',
    addSummary:
      'Add an agent-event webhook (at most 20): each agent event record (STATE_CHANGE) is POSTed to it as JSON, in order per agent, retried like contact events',
    attemptsSummary: 'Agent-event webhook delivery attempts (`contactId` is the agent ARN)',
    removeSummary: 'Remove an agent-event webhook',
  });
  const eventsQuery = z.object({
    since: z.string().max(32).optional(),
    contactId: z.string().max(256).optional(),
  });
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/events',
      summary: 'Recent contact events (?since=N&contactId=)',
      request: { query: eventsQuery },
      responses: { 200: json(z.object({ events: z.array(anyObject) }), 'Events') },
    }),
    (c) => {
      const q = c.req.valid('query');
      const since = Number(q.since ?? 0);
      return c.json(
        {
          events: get().events.since(Number.isFinite(since) ? since : 0, q.contactId) as never[],
        },
        200,
      );
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/events/stream',
      summary: 'Contact events as server-sent events (Last-Event-ID or ?since=N replays)',
      request: { query: eventsQuery },
      responses: {
        200: {
          description: 'An event stream',
          content: { 'text/event-stream': { schema: z.string() } },
        },
      },
    }),
    // The stream is written on the Node response (it stays open until the client leaves).
    async (c) => {
      const { incoming, outgoing } = (c as unknown as Context<{ Bindings: HttpBindings }>).env;
      await get().eventStream(incoming, outgoing, requestUrl(incoming.url)!);
      return ALREADY_SENT;
    },
  );
}
