// Inbound integrations (no bearer token; a shared secret instead): the contact centre's
// contact events, `POST /integrations/connect/contact-events?key=…`.
import { timingSafeEqual, createHash } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '../contract/common';
import type { Services } from '../lib/context';
import { ApiError } from '../lib/errors';
import { MESSAGES } from '../lib/messages';
import { createRouter, json } from '../lib/router';
import { ContactEventIntake, contactEventSchema } from './contact-events';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Compares the presented key with the secret in constant time. */
export function keyMatches(presented: string | undefined, secret: string): boolean {
  return presented !== undefined && timingSafeEqual(digest(presented), digest(secret));
}

const errors = (description: string) => ({
  description,
  content: { 'application/json': { schema: apiErrorSchema } },
});

export function integrationRoutes(services: Services) {
  const intake = new ContactEventIntake(services);
  const router = createRouter();
  const path = '/integrations/connect/contact-events';
  // The key is checked before the body is read, so a caller without it learns nothing.
  router.use(path, async (c, next) => {
    const secret = services.config.contactEventsSecret;
    if (!secret) throw new ApiError(404, 'not_found', MESSAGES.contactEventsDisabled);
    if (!keyMatches(c.req.query('key'), secret))
      throw new ApiError(401, 'unauthorized', MESSAGES.contactEventsKey);
    return next();
  });
  router.openapi(
    createRoute({
      method: 'post',
      path,
      tags: ['Integrations'],
      summary: 'Receive a contact event (Amazon Connect Contact Event, EventBridge JSON)',
      description:
        "The contact centre's webhook (the emulator's, or an EventBridge API destination). Each event is processed once by its id: a duplicate answers `duplicate`; events of another instance or channel are `ignored`. Authenticated by the shared secret CONTACT_EVENTS_SECRET in `?key=`.",
      request: {
        query: z.object({ key: z.string().max(200).optional() }),
        body: { content: { 'application/json': { schema: contactEventSchema } }, required: true },
      },
      responses: {
        200: json(
          z.object({ outcome: z.enum(['processed', 'duplicate', 'ignored']) }),
          'Accepted (processed, a duplicate, or ignored)',
        ),
        400: errors('Not a contact event: `issues` lists each field error.'),
        401: errors('Missing or wrong key.'),
        404: errors('Contact events are not enabled (no CONTACT_EVENTS_SECRET).'),
      },
    }),
    async (c) => {
      const result = await intake.receive(c.req.valid('json'));
      if (result.outcome === 'ignored')
        c.var.log.info(
          { eventId: c.req.valid('json').id, reason: result.reason },
          'contact event ignored',
        );
      return c.json({ outcome: result.outcome }, 200);
    },
  );
  return router;
}
