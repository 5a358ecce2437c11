// The control API's simulation routes (customers dialling, answering, hanging up, pressing
// digits; agents and contacts; reset; the manual clock) on Hono with zod route schemas: the
// requests are validated by the same schemas the OpenAPI document is generated from. This file
// holds the app's conventions, reset and the clock; the listing and customer-side routes have
// their own modules.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { CtiErrorType } from '@x/connect-streams/protocol';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from '../constants';
import { ManualClock, type Clock } from '../domain/clock';
import { DomainError, type ContactCentre } from '../domain/contact-centre';
import { getRequestListener } from '@hono/node-server';
import { awsErrorBody, HttpError, jsonDepth, safeDecode, type RouteHandler } from '../lib/http';
import { registerServiceRoutes, type ControlServices } from './service-routes';
import { MESSAGES } from '../messages';
import type { ContactStartBackend } from '../admin/contact-start-routes';
import { controlErrorSchema, errors, fail } from './control-kit';
import { registerCustomerRoutes } from './customer-routes';
import { registerListingRoutes } from './listing-routes';
import { body, json } from './route-docs';

/** What the control API acts on. */
export interface ControlContext {
  readonly centre: () => ContactCentre;
  readonly clock: Clock;
  readonly reset: () => void;
  /** Logs a bug (a request answered 500). */
  readonly log?: (line: string) => void;
  /** The services the control API drives beside the simulation (faults, Voice ID, events, regions). */
  readonly services?: () => ControlServices;
  /** Starts a chat contact as the admin API's StartChatContact does (`POST /control/chats`). */
  readonly startChatContact?: ContactStartBackend['startChatContact'];
  /**
   * A one-time sign-in link of an agent (`POST /control/sign-in-links`); undefined for an
   * unknown agent.
   */
  readonly signInLink?: (
    username: string,
    redirect: string | undefined,
  ) => { readonly url: string; readonly expiresAt: number } | undefined;
}

const advanceSchema = z.strictObject({ ms: z.number().int().nonnegative().max(86_400_000) });

/**
 * A Hono app with the control API's conventions: zod validation failures are 400
 * `ValidationException`, bodies bounded and well-formed JSON, domain errors mapped to 404/409/400,
 * every error AWS-shaped, unknown routes 404.
 */
export function newControlHono(log?: (line: string) => void): OpenAPIHono {
  const app = new OpenAPIHono({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        return fail(
          c,
          400,
          'ValidationException',
          `${issue?.path.join('.') || '(body)'}: ${issue?.message ?? 'invalid'}`,
        );
      }
      return undefined;
    },
  });

  // Bounded, well-formed JSON before any route reads it; a path with a malformed `%` escape is
  // refused (as every surface does).
  app.use('/control/*', async (ctxt, next) => {
    const c = ctxt as Context;
    const raw = new URL(c.req.url).pathname;
    if (raw.split('/').some((segment) => safeDecode(segment) === undefined))
      return fail(c, 400, 'InvalidRequestException', MESSAGES.badPath);
    await next();
    return undefined;
  });
  app.use(
    '/control/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        fail(
          c,
          413,
          'RequestEntityTooLargeException',
          `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
        ),
    }),
  );
  app.use('/control/*', async (ctxt, next) => {
    const c = ctxt as Context;
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.method !== 'DELETE') {
      const text = await c.req.text();
      if (jsonDepth(text) > MAX_JSON_DEPTH)
        return fail(
          c,
          400,
          'SerializationException',
          `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`,
        );
      if (text.trim() !== '') {
        try {
          JSON.parse(text);
        } catch {
          return fail(c, 400, 'SerializationException', 'The request body is not valid JSON.');
        }
      }
    }
    await next();
    return undefined;
  });

  app.onError((error, c) => {
    if (error instanceof DomainError) {
      if (error.type === CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION)
        return fail(c, 404, 'ResourceNotFoundException', error.message);
      if (error.type === CtiErrorType.INVALID_STATE_EXCEPTION)
        return fail(c, 409, 'ConflictException', error.message);
      return fail(c, 400, 'ValidationException', error.message);
    }
    if (error instanceof HttpError)
      return c.json(awsErrorBody(error.type, error.message), error.status as 400, {
        'x-amzn-ErrorType': error.type,
      });
    if (error instanceof HTTPException)
      return fail(c, 400, 'SerializationException', error.message);
    log?.(`500 on ${c.req.method} ${c.req.path}: ${error.stack ?? String(error)}`);
    return fail(c, 500, 'InternalServiceException', MESSAGES.internal);
  });
  app.notFound((c) =>
    fail(
      c,
      404,
      'NotFoundException',
      `No control endpoint ${c.req.method} ${c.req.path.slice(0, 200)}.`,
    ),
  );

  return app;
}

/**
 * The control API's simulation routes as a Hono app (declared with zod route schemas; its OpenAPI
 * document is generated from them, see {@link controlOpenApiPaths}).
 * @public
 */
export function createControlApp(ctx: ControlContext): OpenAPIHono {
  const app = newControlHono(ctx.log);
  registerListingRoutes(app, ctx);
  registerCustomerRoutes(app, ctx);

  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/reset',
      summary: 'Reset the instance to its seed (sessions stay)',
      responses: { 200: json(z.object({ reset: z.literal(true) }), 'Reset') },
    }),
    (c) => {
      ctx.reset();
      return c.json({ reset: true as const }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/clock/advance',
      summary: 'Advance the manual clock (only when started with one)',
      request: { body: body(advanceSchema) },
      responses: {
        200: json(z.object({ now: z.number() }), 'The new time (epoch ms)'),
        400: errors[400],
        409: json(controlErrorSchema, 'The emulator runs on the system clock'),
      },
    }),
    (c) => {
      if (!(ctx.clock instanceof ManualClock))
        return fail(
          c,
          409,
          'ConflictException',
          'The clock is the system clock; start the emulator with a manual clock.',
        );
      ctx.clock.advance(c.req.valid('json').ms);
      return c.json({ now: ctx.clock.now() }, 200);
    },
  );

  registerServiceRoutes(app, () => ctx.services?.());
  // Mounted on the emulator's app, an unknown control path is the control API's 404 too.
  app.all('/control/*', (c) =>
    fail(
      c,
      404,
      'NotFoundException',
      `No control endpoint ${c.req.method} ${c.req.path.slice(0, 200)}.`,
    ),
  );
  return app;
}

/**
 * The control API's service routes ({@link registerServiceRoutes}) as a Node-style route handler
 * for the paths under `prefix` (for a server that is not the emulator's Hono app).
 */
export function controlServiceRouter(
  services: Partial<ControlServices>,
  prefix: string,
): RouteHandler {
  const app = newControlHono();
  registerServiceRoutes(app, () => services as ControlServices);
  const listener = getRequestListener(app.fetch, { hostname: 'localhost' });
  return async (req, res, url) => {
    if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return false;
    await listener(req, res);
    return true;
  };
}

/**
 * The OpenAPI 3.1 paths and schemas generated from {@link createControlApp}'s routes.
 * @public
 */
export function controlOpenApiPaths(): {
  paths: Record<string, unknown>;
  schemas: Record<string, unknown>;
} {
  const app = createControlApp({
    centre: () => {
      throw new Error('not for requests');
    },
    clock: new ManualClock(),
    reset: () => undefined,
  });
  const doc = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'control', version: '1' },
  }) as { paths?: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } };
  return { paths: doc.paths ?? {}, schemas: doc.components?.schemas ?? {} };
}
