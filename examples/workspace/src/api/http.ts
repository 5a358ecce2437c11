// The typed API layer: every request's path, parameters and body and every answer's type come
// from the server's route declarations (src/api/generated/schema.d.ts, written by
// server/scripts/api-types.ts from the server's OpenAPI document). A path the server does not declare,
// a missing parameter or a body of the wrong shape fails the typecheck.
import createClient, { type Middleware } from 'openapi-fetch';
import type {
  HttpMethod,
  OperationRequestBodyContent,
  PathsWithMethod,
  SuccessResponseJSON,
} from 'openapi-typescript-helpers';
import { setAuth } from './auth-token';
import { API_PREFIX, ApiError, authHeaders, isErrorBody, NETWORK_ERROR_MESSAGE } from './client';
import type { components, paths } from './generated/schema';

/** The server's routes below {@link API_PREFIX}, keyed by path (`/ws/{slug}/contacts`). */
export type ApiPaths = {
  [P in keyof paths as P extends `${typeof API_PREFIX}${infer Rest}` ? Rest : never]: paths[P];
};

/** The paths that answer `method`. */
export type PathOf<M extends HttpMethod> = PathsWithMethod<ApiPaths, M>;

/** The JSON answer of a route on success: `Res<'get', '/ws/{slug}/contacts'>`. */
export type Res<M extends HttpMethod, P extends PathOf<M>> = ApiPaths[P][M] extends infer O extends
  Record<string | number, unknown>
  ? SuccessResponseJSON<O>
  : never;

/** The JSON body a route takes: `Req<'post', '/ws/{slug}/contacts'>`. */
export type Req<M extends HttpMethod, P extends PathOf<M>> = NonNullable<
  OperationRequestBodyContent<ApiPaths[P][M]>
>;

/** A named schema of the server's contract: `Schema<'Contact'>`. */
export type Schema<N extends keyof components['schemas']> = components['schemas'][N];

/** Query values as the old client sent them: empty, null and undefined values are left out. */
function querySerializer(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (
      typeof value === 'string'
        ? value !== ''
        : typeof value === 'number' || typeof value === 'boolean'
    )
      params.set(key, String(value));
  }
  return params.toString();
}

const bearer: Middleware = {
  onRequest({ request }) {
    for (const [name, value] of Object.entries(authHeaders())) request.headers.set(name, value);
    return request;
  },
  onResponse({ response }) {
    // A revoked or expired token signs the user out everywhere (the router sends them to sign-in).
    if (response.status === 401) setAuth(null);
    return undefined;
  },
};

/** The client of every signed-in call (sends the bearer token; a 401 signs the user out). */
export const http = createClient<ApiPaths>({ baseUrl: API_PREFIX, querySerializer });
http.use(bearer);

/** The client of calls made without a token (sign-in): a 401 there is a wrong password. */
export const anonymousHttp = createClient<ApiPaths>({ baseUrl: API_PREFIX, querySerializer });

interface Outcome<D> {
  readonly data?: D;
  readonly error?: unknown;
  readonly response: Response;
}

/**
 * Awaits one call of {@link http} (or {@link anonymousHttp}) and returns its typed answer, or
 * throws {@link ApiError}: the server's error body (`error`, `message`, `issues`, `Retry-After`),
 * `http_error` for an answer without one, `network_error` (status 0) when the server cannot be
 * reached. An abort rethrows the `AbortError`. (A 401 of a signed-in call has already cleared the
 * token: the router then shows sign-in.)
 *
 * @example
 * const page = await call(http.GET('/ws/{slug}/contacts', { params: { path: { slug }, query } }));
 */
export async function call<D>(request: Promise<Outcome<D>>): Promise<D> {
  let outcome: Outcome<D>;
  try {
    outcome = await request;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }
  const { data, error, response } = outcome;
  if (response.ok) return data as D;
  const retryAfter = Number(response.headers.get('retry-after'));
  throw isErrorBody(error)
    ? new ApiError(
        response.status,
        error.error,
        error.message,
        error.issues,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      )
    : new ApiError(response.status, 'http_error', `The server answered ${response.status}.`);
}
