// Settings routes of the channels (`/settings/channels`): on or off, and their addresses.
import { slugParamsSchema } from '../../contract/common';
import {
  channelParamsSchema,
  channelPatchSchema,
  channelResponseSchema,
  channelsResponseSchema,
} from '../../contract/settings';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import type { ChannelSettings } from './channel-service';

const tags = ['Settings'];

/** The channel routes: list the channels and edit one. */
export function channelRoutes(settings: ChannelSettings) {
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/channels',
      tags,
      summary: 'The channels, their addresses and open conversations (admin)',
      request: { params: slugParamsSchema },
      responses: { 200: json(channelsResponseSchema) },
    }),
    async (c) => c.json({ channels: await settings.channels(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'patch',
      path: '/ws/{slug}/settings/channels/{channel}',
      tags,
      summary: 'Turn a channel on or off, set its address (admin)',
      request: { params: channelParamsSchema, ...jsonBody(channelPatchSchema) },
      responses: { 200: json(channelResponseSchema) },
    }),
    async (c) =>
      c.json(
        {
          channel: await settings.updateChannel(
            c.get('access'),
            c.req.valid('param').channel,
            c.req.valid('json'),
          ),
        },
        200,
      ),
  );

  return router;
}
