// The sign-in surface on Hono: the login page and form, `/auth/authorize` (an access token for
// the session cookie), `/logout` and `/whitelisted-origins`, each also under `/connect`. Inputs
// are read with zod schemas; every refusal is AWS-shaped (`HttpError`, answered by the app's
// error boundary).
import type { IncomingMessage } from 'node:http';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { CTI_SERVICE } from '@x/connect-streams/protocol';
import { SESSION_COOKIE } from '../constants';
import type { ContactCentre } from '../domain/contact-centre';
import type { EmulatorEnv } from '../http/node-env';
import { cookieValue, header, HttpError, readBody } from '../lib/http';
import { MESSAGES } from '../messages';
import { loggedInPage, loginPage } from './pages';
import type { SessionStore } from './sessions';

/** What the sign-in routes need. */
export interface AuthRouteOptions {
  readonly centre: () => ContactCentre;
  readonly sessions: SessionStore;
  /** The origins `/whitelisted-origins` lists. */
  readonly allowedOrigins: readonly string[];
  /** The `Set-Cookie` value of the session cookie for a request (`expire` clears it). */
  readonly sessionCookie: (req: IncomingMessage, value: string, expire?: boolean) => string;
}

/** The login form's fields (query string of a GET, form body of a POST). */
export const loginFieldsSchema = z.object({
  username: z.string().max(256).optional(),
  redirect: z.string().max(2048).optional(),
});

const both = (path: string) => [path, `/connect${path}`] as const;

/** A redirect target of this origin only (a path, never `//host` or `/\host`). */
const isLocalPath = (redirect: string) =>
  redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/\\');

/** The sign-in routes. */
export function authRoutes(options: AuthRouteOptions): OpenAPIHono<EmulatorEnv> {
  const { sessions } = options;
  const app = new OpenAPIHono<EmulatorEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        throw new HttpError(
          400,
          'InvalidParameterException',
          MESSAGES.invalidParameter(`${issue?.path.join('.') || '(input)'}: ${issue?.message}`),
        );
      }
      return undefined;
    },
  });

  for (const path of both('/login')) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        summary: 'The login page (pick an agent), or a sign-in with `username` in the query',
        request: { query: loginFieldsSchema },
        responses: { 200: { description: 'The page' }, 303: { description: 'Signed in' } },
      }),
      (c) => {
        const fields = c.req.valid('query');
        if (!fields.username)
          return c.html(
            loginPage([...options.centre().agents.values()], fields.redirect ?? ''),
            200,
          );
        return signIn(c.env.incoming, fields);
      },
    );
    app.post(path, async (c) => {
      const form = Object.fromEntries(new URLSearchParams(await readBody(c.env.incoming)));
      const fields = loginFieldsSchema.safeParse(form);
      if (!fields.success)
        throw new HttpError(
          400,
          'InvalidParameterException',
          MESSAGES.invalidParameter(fields.error.issues[0]?.message ?? 'invalid form'),
        );
      return signIn(c.env.incoming, fields.data);
    });
    app.all(path, () => {
      throw new HttpError(
        405,
        'MethodNotAllowedException',
        MESSAGES.methodNotAllowed('GET or POST'),
      );
    });
  }

  /** Signs the form's agent in: the session cookie, then the redirect or the signed-in page. */
  function signIn(req: IncomingMessage, fields: z.infer<typeof loginFieldsSchema>): Response {
    const username = fields.username ?? '';
    const agent = options.centre().agentByUsername(username);
    if (!agent)
      throw new HttpError(400, 'InvalidParameterException', MESSAGES.unknownAgent(username));
    const session = sessions.login(agent.id);
    const cookie = options.sessionCookie(req, session.id);
    const redirect = fields.redirect ?? '';
    if (isLocalPath(redirect))
      return new Response(null, {
        status: 303,
        headers: { Location: redirect, 'Set-Cookie': cookie },
      });
    return new Response(loggedInPage(agent), {
      status: 200,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Set-Cookie': cookie },
    });
  }

  for (const path of both('/auth/authorize')) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        summary: "An access token for the session cookie's agent",
        responses: {
          200: {
            description: 'A fresh token',
            content: {
              'application/json': {
                schema: z.object({
                  accessToken: z.string(),
                  expiration: z.string(),
                  refreshToken: z.string(),
                }),
              },
            },
          },
        },
      }),
      (c) => {
        const session = sessions.session(cookieValue(c.req.header('cookie'), SESSION_COOKIE));
        if (!session) throw new HttpError(401, 'UnauthorizedException', MESSAGES.notLoggedIn);
        const issued = sessions.issueToken(session);
        return c.json(
          {
            accessToken: issued.accessToken,
            expiration: new Date(issued.expiresAt).toISOString(),
            refreshToken: session.refreshToken,
          },
          200,
        );
      },
    );
    app.all(path, () => {
      throw new HttpError(405, 'MethodNotAllowedException', MESSAGES.methodNotAllowed('GET'));
    });
  }

  for (const path of both('/logout'))
    app.all(path, (c) => {
      const session = sessions.session(cookieValue(c.req.header('cookie'), SESSION_COOKIE));
      // Its web sockets are refused at their next message (not cut at once: a page of the same
      // session in another tab winds down on its own).
      if (session) sessions.logout(session);
      c.header('Set-Cookie', options.sessionCookie(c.env.incoming, '', true));
      return c.json({ loggedOut: session !== undefined }, 200);
    });

  for (const path of both('/whitelisted-origins'))
    app.all(path, (c) => {
      const verdict = sessions.verify(header(c.env.incoming, CTI_SERVICE.bearerHeader));
      if (typeof verdict === 'string')
        throw new HttpError(401, 'UnauthorizedException', MESSAGES.invalidToken);
      return c.json({ whitelistedOrigins: options.allowedOrigins }, 200);
    });

  return app;
}
