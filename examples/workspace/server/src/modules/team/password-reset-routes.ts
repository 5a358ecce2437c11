// Team routes of password resets: the public reset mail, link check and new password
// (`/auth/password-reset`), and an admin's reset mail to a member.
import { createRoute } from '@hono/zod-openapi';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { apiErrorSchema, idParamsSchema } from '../../contract/common';
import {
  passwordResetRequestSchema,
  passwordResetSchema,
  signedInResponseSchema,
  tokenParamsSchema,
} from '../../contract/team';
import type { AppEnv } from '../../lib/context';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import type { TeamService } from './service';
import { gone, signedInJson, tags } from './route-parts';

/** The address a request came from: the key of the per-client limit on reset mails. */
function clientKey(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'in-process';
  }
}

/** The password-reset routes. */
export function passwordResetRoutes(team: TeamService) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: 'post',
      path: '/auth/password-reset',
      tags: ['Auth'],
      summary:
        'Ask for a password-reset mail; always 202, whether or not the account exists (429 per client address)',
      request: jsonBody(passwordResetRequestSchema),
      responses: {
        202: { description: 'Accepted: a mail goes out if the account exists' },
        400: json(apiErrorSchema, 'Invalid body'),
        429: json(apiErrorSchema, 'Too many requests from this address; see Retry-After'),
      },
    }),
    async (c) => {
      await team.requestReset(c.req.valid('json').email, clientKey(c));
      return c.body(null, 202);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/auth/password-reset/{token}',
      tags: ['Auth'],
      summary: 'Whether a reset link can still be used (204; 410 used or expired)',
      request: { params: tokenParamsSchema },
      responses: { 204: { description: 'Usable' }, 410: gone },
    }),
    async (c) => {
      await team.checkReset(c.req.valid('param').token);
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/auth/password-reset/{token}',
      tags: ['Auth'],
      summary:
        'Set a new password with a reset link (once, within 1 hour): every session of the user ends; answers a new one',
      request: { params: tokenParamsSchema, ...jsonBody(passwordResetSchema) },
      responses: {
        200: json(signedInResponseSchema),
        400: json(apiErrorSchema, 'Invalid body'),
        410: gone,
      },
    }),
    async (c) => {
      const { token } = c.req.valid('param');
      return c.json(signedInJson(await team.reset(token, c.req.valid('json').password)), 200);
    },
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/settings/agents/{id}/password-reset',
      tags,
      summary: 'Send a member the password-reset mail (admin)',
      request: { params: idParamsSchema },
      responses: {
        202: { description: 'Sent' },
        409: json(apiErrorSchema, 'The mail cannot go out'),
      },
    }),
    async (c) => {
      await team.adminReset(c.get('access'), c.req.valid('param').id);
      return c.body(null, 202);
    },
  );

  return router;
}
