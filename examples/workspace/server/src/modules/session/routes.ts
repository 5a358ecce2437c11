// Auth (login, logout), the signed-in user (GET /me) and a workspace session.
import { createRoute } from '@hono/zod-openapi';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { apiErrorSchema, slugParamsSchema } from '../../contract/common';
import {
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  preferencesSchema,
  sessionResponseSchema,
} from '../../contract/session';
import type { AppEnv, Services } from '../../lib/context';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import { meetLinksOn } from '../../integrations/google-meet/service';
import { presenceOf } from '../live/presence';
import { SessionService } from './service';

const userJson = (u: { id: string; email: string; name: string; avatar_url: string | null }) => ({
  id: u.id,
  email: u.email,
  name: u.name,
  avatarURL: u.avatar_url,
});

function clientKey(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'in-process';
  }
}

/** The cookie that marks a browser a user signed in from (see SessionService.login). */
export const DEVICE_COOKIE = 'ws_device';
const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 3600;

export function sessionRoutes(services: Services) {
  const sessions = new SessionService(services);
  const router = createRouter();

  router.openapi(
    createRoute({
      method: 'post',
      path: '/auth/login',
      tags: ['Auth'],
      summary: 'Sign in with email and password; answers a bearer token',
      request: {
        ...jsonBody(loginBodySchema),
      },
      responses: {
        200: json(loginResponseSchema),
        400: json(apiErrorSchema, 'Invalid body'),
        401: json(apiErrorSchema, "invalid_credentials: 'Email or password is incorrect.'"),
        429: json(apiErrorSchema, 'Too many failed attempts; see Retry-After'),
      },
    }),
    async (c) => {
      const { email, password } = c.req.valid('json');
      const { token, expiresAt, user, device } = await sessions.login(
        email,
        password,
        clientKey(c),
        getCookie(c, DEVICE_COOKIE),
      );
      // The browser is known from now on: its own attempts are counted apart from others'.
      setCookie(c, DEVICE_COOKIE, device, {
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/auth',
        secure: new URL(c.req.url).protocol === 'https:',
        maxAge: DEVICE_COOKIE_MAX_AGE_S,
      });
      return c.json({ token, expiresAt: expiresAt.toISOString(), user: userJson(user) }, 200);
    },
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/auth/logout',
      tags: ['Auth'],
      summary: 'Revoke the presented bearer token',
      responses: { 204: { description: 'Signed out' } },
    }),
    async (c) => {
      await sessions.logout(c.get('auth'));
      // Signing out sets the user's agents Offline (those whose tabs this process follows).
      await presenceOf(services).signedOut(c.get('auth').userId);
      return c.body(null, 204);
    },
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/me',
      tags: ['Auth'],
      summary: 'The signed-in user and the workspaces they belong to',
      responses: { 200: json(meResponseSchema) },
    }),
    async (c) => {
      const { user, workspaces } = await sessions.me(c.get('auth').userId);
      return c.json({ user: userJson(user), workspaces }, 200);
    },
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/session',
      tags: ['Workspaces'],
      summary: 'The workspace session: permits, profile, workspace and app flags',
      request: { params: slugParamsSchema },
      responses: { 200: json(sessionResponseSchema) },
    }),
    async (c) => {
      const access = c.get('access');
      const [user, meetLinks] = await Promise.all([
        sessions.user(access.membership.user_id),
        meetLinksOn(services, access.workspace.id),
      ]);
      const w = access.workspace;
      return c.json(
        {
          session: {
            slug: w.slug,
            token: c.get('auth').token,
            permits: access.permits,
            profile: {
              name: access.agent?.name ?? user?.name ?? '',
              avatarURL: access.agent?.avatar_url ?? user?.avatar_url ?? null,
              idAgent: access.agent?.id ?? null,
              screenPop: sessions.preferences(access).screenPop,
            },
            workspace: {
              slug: w.slug,
              name: w.name,
              timeZone: w.time_zone,
              defaultCountry: w.default_country,
            },
            app: { planVoice: w.plan_voice, meetLinks },
          },
        },
        200,
      );
    },
  );

  router.openapi(
    authRoute({
      method: 'put',
      path: '/ws/{slug}/me/preferences',
      tags: ['Workspaces'],
      summary: "The caller's own preferences in the workspace (what a ringing call opens)",
      request: {
        params: slugParamsSchema,
        ...jsonBody(preferencesSchema),
      },
      responses: { 200: json(preferencesSchema), 400: json(apiErrorSchema, 'Invalid body') },
    }),
    async (c) => c.json(await sessions.savePreferences(c.get('access'), c.req.valid('json')), 200),
  );

  return router;
}
