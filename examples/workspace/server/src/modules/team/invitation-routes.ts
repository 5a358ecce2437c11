// Team routes of the invitations: an admin's list, invite, resend and revoke
// (`/ws/{slug}/settings/invitations`), and the public accept page's preview and accept
// (`/invitations/{token}`: the token is the key).
import { createRoute } from '@hono/zod-openapi';
import { apiErrorSchema, slugParamsSchema } from '../../contract/common';
import {
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationParamsSchema,
  invitationPreviewSchema,
  invitationResponseSchema,
  invitationsResponseSchema,
  signedInResponseSchema,
  tokenParamsSchema,
} from '../../contract/team';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import type { TeamService } from './service';
import { gone, signedInJson, tags } from './route-parts';

/** The invitation routes, the admin ones and the public ones. */
export function invitationRoutes(team: TeamService) {
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

  return router;
}
