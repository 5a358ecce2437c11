// The sign-in surface on Hono: the login page and form, `/auth/authorize` (an access token for
// the session cookie), `/logout` and `/whitelisted-origins`, each also under `/connect`. Inputs
// are read with zod schemas; every refusal is AWS-shaped (`HttpError`, answered by the app's
// error boundary).
//
// Cross-site sign-in: a page of any site could otherwise sign a visitor's browser in as any agent
// (`GET /login?username=…` in a frame, or a form posted at `/login`). The browser says where a
// request comes from (`Sec-Fetch-Site`): `same-origin`, `same-site` (another port of this host
// name), `none` (typed or opened by the person) and requests without it (clients that are not
// browsers carry no visitor's cookies) sign in as before; a `cross-site` GET signs in only with a
// one-time ticket the emulator minted (`Emulator.signInUrl`, `POST /control/sign-in-links`) or
// from a host page the emulator trusts (its `Referer` names an allowed origin, or a loopback
// one when none is set: the pages CORS serves), and otherwise shows the login page with that
// agent preselected, so the person presses Sign in (a same-origin form post); a `cross-site`
// POST is refused 403.
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
import type { SignInTickets, TicketRefusal } from './sign-in-tickets';

/** What the sign-in routes need. */
export interface AuthRouteOptions {
  readonly centre: () => ContactCentre;
  readonly sessions: SessionStore;
  /** The origins `/whitelisted-origins` lists. */
  readonly allowedOrigins: readonly string[];
  /** The `Set-Cookie` value of the session cookie for a request (`expire` clears it). */
  readonly sessionCookie: (req: IncomingMessage, value: string, expire?: boolean) => string;
  /** The one-time sign-in tickets a cross-site sign-in link needs. */
  readonly tickets: SignInTickets;
  /** The CSP `frame-ancestors` value of the login page (who may frame it). */
  readonly frameAncestors: () => string;
  /** Whether a page origin is a host page the emulator trusts (may sign in from another site). */
  readonly trustedPage: (origin: string) => boolean;
}

/** The login form's fields (query string of a GET, form body of a POST). */
export const loginFieldsSchema = z.object({
  username: z.string().max(256).optional(),
  redirect: z.string().max(2048).optional(),
  /** A one-time sign-in ticket (for a link opened from another site). */
  ticket: z.string().max(1024).optional(),
});

/** Whether the browser says the request comes from another site (`Sec-Fetch-Site`). */
const crossSite = (req: IncomingMessage) => header(req, 'sec-fetch-site') === 'cross-site';

/**
 * Whether a POST's `Origin` names another host than the one it is sent to (for browsers that
 * send no `Sec-Fetch-Site`; another port of the same host name is the same site).
 */
function foreignOrigin(req: IncomingMessage): boolean {
  const origin = header(req, 'origin');
  if (origin === undefined) return false;
  if (origin === 'null') return true;
  const host = header(req, 'host') ?? '';
  if (!URL.canParse(origin) || !URL.canParse(`http://${host}`)) return true;
  return new URL(origin).hostname !== new URL(`http://${host}`).hostname;
}

const TICKET_NOTICE: Record<TicketRefusal, string> = {
  invalid: MESSAGES.ticketInvalid,
  expired: MESSAGES.ticketExpired,
  used: MESSAGES.ticketUsed,
};

const both = (path: string) => [path, `/connect${path}`] as const;

/** A redirect target of this origin only (a path, never `//host` or `/\host`). */
const isLocalPath = (redirect: string) =>
  redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/\\');

/** The sign-in routes. */
export function authRoutes(options: AuthRouteOptions): OpenAPIHono<EmulatorEnv> {
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

  loginRoutes(app, options);
  sessionRoutes(app, options);
  return app;
}

/**
 * The login page and form (`/login`): a sign-in by username, refused or ticket-checked when it
 * comes from another site.
 */
function loginRoutes(app: OpenAPIHono<EmulatorEnv>, options: AuthRouteOptions): void {
  const { sessions } = options;
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
        const req = c.env.incoming;
        if (!fields.username) return page(fields.redirect ?? '', 200);
        // A ticket is looked at (and spent) only where it is needed: a cross-site request from
        // a page the emulator does not trust.
        if (crossSite(req) && !fromTrustedPage(req)) {
          if (fields.ticket === undefined)
            return page(fields.redirect ?? '', 200, {
              selected: fields.username,
              notice: MESSAGES.crossSiteSignIn,
            });
          const verdict = options.tickets.redeem(
            fields.ticket,
            fields.username,
            fields.redirect ?? '',
          );
          if (verdict !== true)
            return page(fields.redirect ?? '', 403, {
              selected: fields.username,
              notice: TICKET_NOTICE[verdict],
            });
        }
        return signIn(req, fields);
      },
    );
    app.post(path, async (c) => {
      const req = c.env.incoming;
      if (crossSite(req) || foreignOrigin(req))
        throw new HttpError(403, 'AccessDeniedException', MESSAGES.crossSiteSignInRefused);
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

  /** Whether the `Referer` of a request is a page of a trusted origin. */
  function fromTrustedPage(req: IncomingMessage): boolean {
    const referer = header(req, 'referer');
    if (referer === undefined || !URL.canParse(referer)) return false;
    const origin = new URL(referer).origin;
    return origin !== 'null' && options.trustedPage(origin);
  }

  /** The login page, framed only where the panel may be, never cached. */
  function page(
    redirect: string,
    status: 200 | 403,
    shown: { selected?: string; notice?: string } = {},
  ): Response {
    return new Response(loginPage([...options.centre().agents.values()], redirect, shown), {
      status,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': `frame-ancestors ${options.frameAncestors()}`,
        'Cache-Control': 'no-store',
      },
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
}

/** The signed-in session's routes: `/auth/authorize`, `/logout` and `/whitelisted-origins`. */
function sessionRoutes(app: OpenAPIHono<EmulatorEnv>, options: AuthRouteOptions): void {
  const { sessions } = options;
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
}
