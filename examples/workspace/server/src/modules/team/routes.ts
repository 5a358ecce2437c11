// Invitations (`/ws/{slug}/settings/invitations`, the public `/invitations/{token}`), password
// resets (`/auth/password-reset`) and an admin's reset mail to a member.
import { createRoute } from '@hono/zod-openapi';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { apiErrorSchema, idParamsSchema, slugParamsSchema } from '../../contract/common';
import {
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationParamsSchema,
  invitationPreviewSchema,
  invitationResponseSchema,
  invitationsResponseSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  signedInResponseSchema,
  tokenParamsSchema,
} from '../../contract/team';
import type { AppEnv, Services } from '../../lib/context';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import { TeamService } from './service';

const tags = ['Team'];
const gone = json(apiErrorSchema, 'Used, revoked or expired');

function clientKey(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'in-process';
  }
}

const signedInJson = (
  r: Awaited<ReturnType<TeamService['accept']>> | Awaited<ReturnType<TeamService['reset']>>,
) => ({
  token: r.token,
  expiresAt: r.expiresAt.toISOString(),
  user: { id: r.user.id, email: r.user.email, name: r.user.name, avatarURL: r.user.avatar_url },
  workspace: r.workspace,
});

export function teamRoutes(services: Services) {
  const team = new TeamService(services);
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/invitations',
      tags,
      summary: 'Pending invitations, newest first (flag_permissions)',
      request: { params: slugParamsSchema },
      responses: { 200: json(invitationsResponseSchema) },
    }),
    async (c) => c.json({ invitations: await team.invitations(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/settings/invitations',
      tags,
      summary:
        'Invite someone by email (flag_permissions; the admin role needs admin); replaces a pending invitation of the same email',
      description:
        'Mails a link `<app>/invite/<token>` that works for 7 days. 409 `already_member`, `mail_not_connected`, `mail_not_sent`.',
      request: { params: slugParamsSchema, ...jsonBody(invitationCreateSchema) },
      responses: {
        201: json(invitationResponseSchema, 'Invited'),
        409: json(apiErrorSchema, 'Already a member, or the mail cannot go out'),
      },
    }),
    async (c) =>
      c.json({ invitation: await team.invite(c.get('access'), c.req.valid('json')) }, 201),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/settings/invitations/{id}/resend',
      tags,
      summary: 'Send a pending invitation again with a new 7-day link (the old link stops working)',
      request: { params: invitationParamsSchema },
      responses: {
        200: json(invitationResponseSchema),
        409: json(apiErrorSchema, 'The mail cannot go out'),
      },
    }),
    async (c) =>
      c.json({ invitation: await team.resend(c.get('access'), c.req.valid('param').id) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'delete',
      path: '/ws/{slug}/settings/invitations/{id}',
      tags,
      summary: 'Revoke a pending invitation (its link stops working)',
      request: { params: invitationParamsSchema },
      responses: { 204: { description: 'Revoked' } },
    }),
    async (c) => {
      await team.revoke(c.get('access'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/invitations/{token}',
      tags,
      summary: 'What the accept page shows of a pending invitation (public: the token is the key)',
      request: { params: tokenParamsSchema },
      responses: {
        200: json(invitationPreviewSchema),
        400: json(apiErrorSchema, 'Not a token'),
        404: json(apiErrorSchema, 'Unknown token'),
        410: gone,
      },
    }),
    async (c) => c.json(await team.preview(c.req.valid('param').token), 200),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/invitations/{token}/accept',
      tags,
      summary:
        'Accept an invitation: a new user sets name and password, an existing user gives theirs; answers a session',
      request: { params: tokenParamsSchema, ...jsonBody(invitationAcceptSchema) },
      responses: {
        200: json(signedInResponseSchema),
        400: json(apiErrorSchema, 'Invalid body'),
        401: json(apiErrorSchema, "The existing account's password is wrong"),
        404: json(apiErrorSchema, 'Unknown token'),
        410: gone,
      },
    }),
    async (c) => {
      const { token } = c.req.valid('param');
      return c.json(signedInJson(await team.accept(token, c.req.valid('json'))), 200);
    },
  );

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
