import { fetchWithRetry, HttpStatusError, type FetchFunction } from '../http/fetch-with-retry';
import { missingParamMessage } from '../messages';
import type { CtiOutcome } from '../cti/cti-client';

/**
 * Client for the agent-app service (Voice ID and contact lookups): `POST agentAppEndpoint` with
 * `X-Amz-target: <method>` and `X-Amz-Bearer: {"<authCookieName>": "<token>"}`;
 * failures carry the answer's JSON body with its `status` added.
 * @public
 */
export class AgentAppClient {
  private readonly endpoint: string;
  private readonly bearer: string;
  private readonly fetch: FetchFunction | undefined;

  /** A client for the agent-app endpoint. */
  constructor(options: {
    readonly authCookieName: string | null | undefined;
    readonly authToken: string;
    readonly endpoint: string | null | undefined;
    readonly fetch?: FetchFunction;
  }) {
    if (!options.authCookieName) throw new TypeError(missingParamMessage('authCookieName'));
    if (!options.authToken) throw new TypeError(missingParamMessage('authToken'));
    if (!options.endpoint) throw new TypeError(missingParamMessage('endpoint'));
    this.endpoint = options.endpoint;
    this.bearer = JSON.stringify({ [options.authCookieName]: options.authToken });
    this.fetch = options.fetch;
  }

  /** Calls one agent-app method, e.g. `AgentAppService.VoiceId.describeSpeaker`. */
  async call(method: string, params: Record<string, unknown> = {}): Promise<CtiOutcome> {
    try {
      const data = await fetchWithRetry(
        this.endpoint,
        {
          method: 'POST',
          body: JSON.stringify(params),
          headers: {
            Accept: 'application/json',
            'Content-Type': 'application/json',
            'X-Amz-target': method,
            'X-Amz-Bearer': this.bearer,
          },
        },
        this.fetch ? { fetch: this.fetch } : {},
      );
      return { kind: 'success', data };
    } catch (cause) {
      if (cause instanceof HttpStatusError) {
        let body: Record<string, unknown>;
        try {
          body = (await cause.response.json()) as Record<string, unknown>;
        } catch {
          body = {};
        }
        return {
          kind: 'failure',
          error: {
            type: typeof body['type'] === 'string' ? body['type'] : undefined,
            message: typeof body['message'] === 'string' ? body['message'] : undefined,
            stack: [],
            retryStatus: 'none',
            statusCode: cause.status,
          },
          data: { ...body, status: cause.status },
        };
      }
      return {
        kind: 'failure',
        error: {
          type: 'NetworkingError',
          message: cause instanceof Error ? cause.message : String(cause),
          stack: [],
          retryStatus: 'none',
        },
      };
    }
  }
}
