import type { AgentAppFailure, AgentAppResult, AgentAppTransport } from '../port/types';
import { isObject } from '../voice-id/validate';

/**
 * How many times the fetch transport tries a call that answers 5xx or 429.
 * @public
 */
export const AGENT_APP_FETCH_MAX_ATTEMPTS = 5;

/**
 * Wait (ms) between two tries of a call that answered 5xx or 429.
 * @public
 */
export const AGENT_APP_FETCH_RETRY_DELAY = 1000;

/**
 * Options of {@link createFetchAgentAppTransport}.
 * @public
 */
export interface FetchAgentAppTransportOptions {
  /**
   * The agent-app endpoint (`agentAppEndpoint`); the page's protocol is prefixed when it has none,
   * and a path (`/agent-app/api`) is taken on the page's origin.
   */
  readonly endpoint: string;
  /** Name of the auth cookie the endpoint expects in the `X-Amz-Bearer` header. */
  readonly authCookieName: string;
  /** The auth token, or a function that returns the current one. */
  readonly authToken: string | (() => string | PromiseLike<string>);
  /** The fetch to use; the global one by default. */
  readonly fetch?: typeof fetch;
  /** Tries per call on 5xx or 429 (5). */
  readonly maxAttempts?: number;
  /** Wait between tries (1000 ms). */
  readonly retryDelay?: number;
}

function withProtocol(endpoint: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(endpoint)) return endpoint;
  const location = (globalThis as { location?: { protocol: string; origin: string } }).location;
  // A path is taken on the page's origin; a host without protocol gets the page's protocol.
  if (/^\/(?!\/)/.test(endpoint) && location) return location.origin + endpoint;
  return `${location?.protocol ?? 'https:'}//${endpoint.replace(/^\/\//, '')}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * An {@link AgentAppTransport} that POSTs straight to the agent-app endpoint, the way the streams
 * worker does: headers `Accept` and `Content-Type: application/json`, `X-Amz-target: <operation>`
 * and `X-Amz-Bearer: {"<authCookieName>": "<authToken>"}`, the params as JSON body; retried up to
 * 5 times 1000 ms apart on 5xx or 429. A 2xx resolves with the JSON body (`{}` when it is not
 * JSON); any other status is a failure carrying the status and the parsed error body.
 * @public
 */
export function createFetchAgentAppTransport(
  options: FetchAgentAppTransportOptions,
): AgentAppTransport {
  const maxAttempts = options.maxAttempts ?? AGENT_APP_FETCH_MAX_ATTEMPTS;
  const retryDelay = options.retryDelay ?? AGENT_APP_FETCH_RETRY_DELAY;
  return {
    async call(method, params): Promise<AgentAppResult> {
      const token =
        typeof options.authToken === 'string' ? options.authToken : await options.authToken();
      const init: RequestInit = {
        method: 'POST',
        body: JSON.stringify(params),
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'X-Amz-target': method,
          'X-Amz-Bearer': JSON.stringify({ [options.authCookieName]: token }),
        },
      };
      const url = withProtocol(options.endpoint);
      for (let attempt = 1; ; attempt++) {
        let response: Response;
        try {
          response = await (options.fetch ?? fetch)(url, init);
        } catch (cause) {
          return { ok: false, error: { cause } };
        }
        const text = await response.text().catch(() => '');
        if (response.ok) {
          const data = parseJson(text);
          return { ok: true, data: typeof data === 'string' ? {} : data };
        }
        if (attempt >= maxAttempts || (response.status < 500 && response.status !== 429)) {
          return { ok: false, error: { status: response.status, body: parseJson(text) } };
        }
        await new Promise((resolve) => setTimeout(resolve, retryDelay));
      }
    },
  };
}

/**
 * Sends one agent-app operation over a request channel (e.g. the panel's `api_request`), resolving
 * with the response data and rejecting with the error as the channel delivers it.
 * @public
 */
export type AgentAppRequestFunction = (method: string, params: unknown) => PromiseLike<unknown>;

/**
 * Reads a channel error as an {@link AgentAppFailure}. The streams worker sends the agent-app
 * error as a JSON string of the error body with its HTTP `status` added; a request-channel error
 * object (e.g. `CcpRequestError`) carries the response `data` (the body with `status`) and the
 * panel's `error` (with `statusCode`). The status is read from the first of these that has one.
 * @public
 */
export function toAgentAppFailure(err: unknown): AgentAppFailure {
  const raw = typeof err === 'string' ? parseJson(err) : err;
  if (isObject(raw)) {
    for (const body of [raw, raw['data'], raw['error']]) {
      if (!isObject(body)) continue;
      const status = body['status'] ?? body['statusCode'];
      if (typeof status === 'number')
        return body === raw ? { status, body } : { status, body, cause: err };
    }
  }
  return { body: raw, cause: err };
}

/**
 * An {@link AgentAppTransport} over a request channel, such as the host → panel `api_request`
 * that the panel routes to the agent-app endpoint.
 * @public
 */
export function createChannelAgentAppTransport(
  request: AgentAppRequestFunction,
): AgentAppTransport {
  return {
    async call(method, params): Promise<AgentAppResult> {
      try {
        return { ok: true, data: await request(method, params) };
      } catch (err) {
        return { ok: false, error: toAgentAppFailure(err) };
      }
    },
  };
}
