// Google Meet routes: a Meet link from a conversation, and the settings' connection test.
import { idParamsSchema, slugParamsSchema } from '../../contract/common';
import { meetCreateSchema, meetResponseSchema, meetTestResponseSchema } from '../../contract/meet';
import type { Services } from '../../lib/context';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import { GoogleMeetService } from './service';

export function googleMeetRoutes(services: Services) {
  const meet = new GoogleMeetService(services);
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/conversations/{id}/meet',
      tags: ['Inbox'],
      summary: 'Create a Google Meet link for a conversation and post it as a note',
      description:
        'Any member who can see the conversation (the permit of writing a note). The same idempotencyKey makes the same meeting and one note. 409 integration_off / integration_not_configured when Google Meet is not ready, 409 integration_failed with what Google refused (recorded on the integration). When the integration does not add links to conversations, the link is returned and no note is posted.',
      request: {
        params: idParamsSchema,
        ...jsonBody(meetCreateSchema),
      },
      responses: { 201: json(meetResponseSchema, 'Created') },
    }),
    async (c) =>
      c.json(await meet.create(c.get('access'), c.req.valid('param').id, c.req.valid('json')), 201),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/settings/integrations/googleMeet/test',
      tags: ['Settings'],
      summary: 'Test the Google Meet service account: exchange a token for the delegated user',
      description: "Admin. A refusal is recorded as the integration's last error.",
      request: { params: slugParamsSchema },
      responses: { 200: json(meetTestResponseSchema) },
    }),
    async (c) => c.json(await meet.test(c.get('access')), 200),
  );
  return router;
}
