// Voice add-on routes of past calls: the call history and the recordings.
import { Readable } from 'node:stream';
import { z } from '@hono/zod-openapi';
import { slugParamsSchema } from '../../contract/common';
import {
  historyBodySchema,
  historyQuerySchema,
  historyResponseSchema,
  recordingParamsSchema,
} from '../../contract/voice';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import type { VoiceService } from './service';
import { base, GATE, tags } from './route-docs';

/** The history routes: a page of the call history, and a recording. */
export function historyRoutes(voice: VoiceService) {
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'patch',
      path: `${base}/history`,
      tags,
      summary: 'One page of the call history, newest first (lastId pages; an empty page ends)',
      description: `searchType (lowercase): all, missed (not answered, over), inbound, outbound, transferred; searchText matches the contact's name or phone. Without the shared-inbox permit, only the caller's own calls. ${GATE}`,
      request: {
        params: slugParamsSchema,
        query: historyQuerySchema,
        ...jsonBody(historyBodySchema),
      },
      responses: { 200: json(historyResponseSchema) },
    }),
    async (c) =>
      c.json(
        {
          list: await voice.history(
            c.get('access'),
            c.req.valid('query').lastId,
            c.req.valid('json'),
          ),
        },
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: `${base}/recordings/{idCommunication}`,
      tags,
      summary: 'The recording of a call (WAV), streamed from the location DescribeContact gives',
      description: `404 recording_not_ready until the call is over and its recording stored. ${GATE}`,
      request: { params: recordingParamsSchema },
      responses: {
        200: { description: 'WAV audio', content: { 'audio/wav': { schema: z.string() } } },
      },
    }),
    async (c) => {
      const { body: stream, size } = await voice.recording(
        c.get('access'),
        c.req.valid('param').idCommunication,
      );
      return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
        'content-type': 'audio/wav',
        'content-disposition': `attachment; filename="voice_call_recording-${Date.now()}.wav"`,
        ...(size === undefined ? {} : { 'content-length': String(size) }),
      });
    },
  );

  return router;
}
