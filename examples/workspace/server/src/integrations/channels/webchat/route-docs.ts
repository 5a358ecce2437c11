// What the widget's route declarations share: their tag, the error answers, the workspace slug
// parameter and the visitor-token header.
import { z } from '@hono/zod-openapi';
import { apiErrorSchema } from '../../../contract/common';
import { WEBCHAT } from './constants';

export const tags = ['Web chat'];
export const errors = {
  400: {
    description: 'Invalid request',
    content: { 'application/json': { schema: apiErrorSchema } },
  },
  401: {
    description: 'Missing or unknown visitor token',
    content: { 'application/json': { schema: apiErrorSchema } },
  },
  403: {
    description: 'Web chat is off for this workspace (channel_off)',
    content: { 'application/json': { schema: apiErrorSchema } },
  },
  404: {
    description: 'Unknown workspace',
    content: { 'application/json': { schema: apiErrorSchema } },
  },
} as const;

export const slugParams = z.object({ slug: z.string().min(1).max(64) });
export const tokenHeaders = z.object({ [WEBCHAT.tokenHeader]: z.string().max(200).optional() });
