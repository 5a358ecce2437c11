// The web-chat widget's API, `/api/widget/{slug}/…` (no bearer token: the visitor's token in
// `x-widget-token`, or `?token=` on the event stream which EventSource cannot give headers).
// Any origin may call it (the widget runs on the customer's website); it never reads cookies.
//
// This holds the widget's middleware (CORS, body size) and its config route, and composes the
// message, survey, attachment and event routes in the order of the API document.
import { createRoute, z } from '@hono/zod-openapi';
import { cors } from 'hono/cors';
import type { Services } from '../../../lib/context';
import { ApiError } from '../../../lib/errors';
import { createRouter, json } from '../../../lib/router';
import { WEBCHAT, WEBCHAT_MESSAGES } from './constants';
import { WebchatService } from './service';
import { widgetSurveyRoutes } from './survey';
import { widgetAttachmentRoutes } from './attachments';
import { widgetEventRoutes } from './event-routes';
import { widgetMessageRoutes } from './message-routes';
import { errors, slugParams, tags } from './route-docs';

const configSchema = z
  .object({ workspace: z.object({ name: z.string(), slug: z.string() }), enabled: z.boolean() })
  .openapi('WidgetConfig');

export function webchatRoutes(services: Services) {
  const chat = new WebchatService(services);
  const router = createRouter();

  router.use(
    '/widget/*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: ['content-type', WEBCHAT.tokenHeader],
      maxAge: 600,
    }),
  );
  // Size before parsing: a body over the limit is refused from its declared length.
  router.use('/widget/*', async (c, next) => {
    // A file upload has its own, larger limit (the attachment route class and the file's cap).
    if (c.req.method === 'POST' && /^\/api\/widget\/[^/]+\/attachments\/?$/.test(c.req.path))
      return next();
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > WEBCHAT.maxBodyBytes)
      throw new ApiError(413, 'payload_too_large', WEBCHAT_MESSAGES.bodyTooLarge);
    return next();
  });

  router.openapi(
    createRoute({
      method: 'get',
      path: '/widget/{slug}/config',
      tags,
      summary: "The widget's settings: the workspace's name and whether its web chat is on",
      request: { params: slugParams },
      responses: { 200: json(configSchema), 404: errors[404] },
    }),
    async (c) => {
      const ws = await chat.workspace(c.req.valid('param').slug);
      return c.json({ workspace: { name: ws.name, slug: ws.slug }, enabled: ws.enabled }, 200);
    },
  );

  router.route('/', widgetMessageRoutes(chat));

  widgetSurveyRoutes(router, services, chat);
  widgetAttachmentRoutes(router, services, chat);
  router.route('/', widgetEventRoutes(services, chat));

  return router;
}
