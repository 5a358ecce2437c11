// Route declaration helpers: every module declares its routes with zod schemas through
// @hono/zod-openapi; a failed validation becomes our 400 body.
import { createRoute, OpenAPIHono, type RouteConfig, type z } from '@hono/zod-openapi';
import { apiErrorSchema } from '../contract/common';
import type { AppEnv, WorkspaceAccess } from './context';
import { forbidden, validationError } from './errors';
import type { Permits } from '../contract/session';
import { holds } from '../modules/session/service';

/** A router whose failed request validations answer 400 with the field errors. */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error, result.target);
    },
  });
}

const errorContent = (description: string) => ({
  description,
  content: { 'application/json': { schema: apiErrorSchema } },
});

/** The error answers every authenticated route can give. */
export const ERROR_RESPONSES = {
  400: errorContent('Invalid request: `issues` lists each field error.'),
  401: errorContent('Missing, unknown, expired or revoked bearer token.'),
  403: errorContent('The caller lacks the permit this route needs.'),
  404: errorContent('Unknown resource, or one of another workspace.'),
} as const;

/** Declares an authenticated route (bearer token) with the standard error answers. */
export function authRoute<R extends RouteConfig>(config: R) {
  return createRoute({
    ...config,
    security: [{ Bearer: [] }],
    responses: { ...ERROR_RESPONSES, ...config.responses },
  });
}

/** Throws 403 unless the caller holds the permit (admins hold every permit). */
export function requirePermit(access: WorkspaceAccess, permit: keyof Permits): void {
  if (!holds(access, permit)) throw forbidden(permit);
}

/** A required `application/json` request body of a schema, for route declarations. */
export const jsonBody = <S extends z.ZodType>(schema: S) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

/** `application/json` content of a schema, for route declarations. */
export const json = <S>(schema: S, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
});
