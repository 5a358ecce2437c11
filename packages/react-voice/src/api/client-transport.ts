/**
 * The HTTP transport of the product voice API client: the bearer token on every call, routes of
 * the contract resolved below the workspace, every JSON answer validated with its schema, and
 * errors as {@link VoiceApiError}. The resource builders (`client-*.ts`) call the API through it.
 */
import type * as z from 'zod/mini';
import { apiErrorSchema, workspacePath } from './contract';
import type { VoiceApiClientOptions } from './client';
import { VoiceApiError } from './errors';

/** How the resource builders call the API. */
export interface VoiceTransport {
  /** The API base without its trailing slashes, e.g. `/api`. */
  readonly base: string;
  /**
   * Sends one request and returns the response when it is ok. A path starting with `/addons/` or
   * `/v2/` is a route of the contract, below the workspace; any other is used as it is.
   */
  readonly send: (
    method: string,
    path: string,
    body?: unknown,
    accept?: string,
  ) => Promise<Response>;
  /** Sends one request and returns its JSON answer, validated with `schema`. */
  readonly json: <T>(
    schema: z.ZodMiniType<T>,
    method: string,
    path: string,
    body?: unknown,
  ) => Promise<T>;
}

/** Creates the transport of {@link createVoiceApiClient} from its options. */
export function createVoiceTransport(options: VoiceApiClientOptions): VoiceTransport {
  const base = options.baseUrl.replace(/\/+$/, '');
  const prefix = `${base}${workspacePath(options.slug)}`;

  async function send(
    method: string,
    path: string,
    body?: unknown,
    accept = 'application/json',
  ): Promise<Response> {
    const doFetch = options.fetch ?? globalThis.fetch;
    const token = await options.getToken();
    const headers: Record<string, string> = { accept };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(
        path.startsWith('/addons/') || path.startsWith('/v2/') ? `${prefix}${path}` : path,
        {
          method,
          headers,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
      );
    } catch (cause) {
      throw new VoiceApiError(
        0,
        { error: 'network_error', message: cause instanceof Error ? cause.message : String(cause) },
        { cause },
      );
    }
    if (!response.ok) throw await errorOf(response);
    return response;
  }

  async function json<T>(
    schema: z.ZodMiniType<T>,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T> {
    const response = await send(method, path, body);
    let data: unknown;
    try {
      data = await response.json();
    } catch (cause) {
      throw invalidResponse(response.status, path, 'the body is not JSON', cause);
    }
    const result = schema.safeParse(data);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw invalidResponse(
        response.status,
        path,
        `${issue?.path.join('.') || '(body)'}: ${issue?.message ?? 'invalid'}`,
        result.error,
      );
    }
    return result.data;
  }

  return { base, send, json };
}

async function errorOf(response: Response): Promise<VoiceApiError> {
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  const parsed = apiErrorSchema.safeParse(data);
  return new VoiceApiError(
    response.status,
    parsed.success
      ? parsed.data
      : { error: 'http_error', message: `HTTP ${response.status} ${response.statusText}`.trim() },
  );
}

function invalidResponse(
  status: number,
  path: string,
  detail: string,
  cause: unknown,
): VoiceApiError {
  return new VoiceApiError(
    status,
    { error: 'invalid_response', message: `Unexpected answer from ${path}: ${detail}` },
    { cause },
  );
}
