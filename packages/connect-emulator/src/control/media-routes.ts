// The control API's media routes: recordings and transcripts, streamed from their files and not
// protected (like presigned URLs).
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { ALREADY_SENT } from '../http/node-env';
import { requestUrl } from '../lib/http';
import { json } from './route-docs';
import { anyObject, notFound, pathParam, type GetServices } from './service-route-kit';

/** Registers the media routes. */
export function registerMediaRoutes(app: OpenAPIHono, get: GetServices): void {
  const media = async (c: Context): Promise<Response> => {
    const { incoming, outgoing } = (c as unknown as Context<{ Bindings: HttpBindings }>).env;
    const url = requestUrl(incoming.url);
    const handler = get().media;
    if (url && handler && (await handler(incoming, outgoing, url))) return ALREADY_SENT;
    return notFound('Not found');
  };
  app.openapi(
    createRoute({
      method: 'get',
      path: '/recordings/{location}',
      summary:
        'The recording at a DescribeContact Recordings[].Location (bucket/key); not protected, like a presigned URL',
      request: { params: pathParam('location') },
      responses: {
        200: { description: 'The recording', content: { 'audio/wav': { schema: z.string() } } },
      },
    }),
    media as never,
  );
  app.get('/recordings/*', media);
  app.openapi(
    createRoute({
      method: 'get',
      path: '/media/transcripts/{contactId}',
      summary: "A contact's transcript; not protected",
      request: { params: pathParam('contactId') },
      responses: { 200: json(anyObject, 'The transcript') },
    }),
    media as never,
  );
}
