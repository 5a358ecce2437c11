// Messages from the embedding page (downstream) and where they go: most up to the worker, some
// answered by the panel page itself as the real CCP page does (API proxy calls for quick responses
// and screen sharing, and the media device list).
import { AgentAppClient } from '../worker/agent-app-client';

/** Sends one event down to the embedding page. */
type SendDownstream = (event: string, data?: unknown) => void;

/** Methods the real CCP page answers itself, not the worker. */
const API_PROXY_METHODS: ReadonlySet<string> = new Set([
  'qrIntegrationExists',
  'qrSearchQuickResponses',
  'startScreenSharing',
]);

/** What {@link answerApiProxyRequest} needs of the session's parameters. */
export interface ApiProxyParams {
  readonly authToken: string;
  readonly agentAppEndpoint?: string | null;
  readonly authCookieName?: string | null;
}

/**
 * Answers an API proxy call (quick responses, screen sharing) through the agent-app endpoint, as
 * the real CCP page's `handleApiProxyRequest`: `{data, requestId}` on success, `{err, requestId}`
 * (the error body with its `status`) on failure.
 */
function answerApiProxyRequest(
  params: ApiProxyParams,
  data: object,
  sendDownstream: SendDownstream,
): void {
  const {
    requestId,
    method,
    params: body,
  } = data as {
    requestId?: unknown;
    method: string;
    params?: unknown;
  };
  if (!params.agentAppEndpoint || !params.authCookieName) {
    sendDownstream('api_response', {
      requestId,
      err: { message: `${method} is not supported by this panel`, status: 501 },
    });
    return;
  }
  const client = new AgentAppClient({
    authCookieName: params.authCookieName,
    authToken: params.authToken,
    endpoint: params.agentAppEndpoint,
  });
  void client
    .call(
      method,
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {},
    )
    .then((outcome) =>
      sendDownstream(
        'api_response',
        outcome.kind === 'success'
          ? { requestId, data: outcome.data }
          : { requestId, err: ('data' in outcome ? outcome.data : undefined) ?? outcome.error },
      ),
    );
}

/** Answers `media_device_request` with this page's media devices (`[]` when they cannot be listed). */
function answerMediaDeviceRequest(sendDownstream: SendDownstream): void {
  void globalThis.navigator.mediaDevices
    ?.enumerateDevices()
    .then((devices) =>
      sendDownstream(
        'media_device_response',
        devices.map((d) => d.toJSON() as unknown),
      ),
    )
    .catch(() => sendDownstream('media_device_response', []));
}

/** Where {@link routeDownstreamMessage} sends a message from the embedding page. */
export interface DownstreamRoutes {
  /** The session's parameters, for the API proxy. */
  readonly params: ApiProxyParams;
  /** Sends an answer down to the embedding page. */
  readonly sendDownstream: SendDownstream;
  /** Delivers the event to the session's `onDownstream` handlers. */
  readonly emit: (event: string, data: unknown) => void;
  /** Passes the message, as it came, up to the worker. */
  readonly forward: (raw: object) => void;
}

/**
 * Routes one `{event, data}` message from the embedding page: an API proxy call is answered here;
 * any other event reaches the `onDownstream` handlers, then a media device request is answered
 * here and everything else goes up to the worker. Anything but an envelope is ignored.
 */
export function routeDownstreamMessage(raw: unknown, routes: DownstreamRoutes): void {
  if (typeof raw !== 'object' || raw === null) return;
  const { event, data } = raw as { event?: unknown; data?: unknown };
  if (typeof event !== 'string' || event === '') return;
  if (event === 'api_request' && typeof data === 'object' && data !== null) {
    const request = data as { requestId?: unknown; method?: unknown };
    if (typeof request.method === 'string' && API_PROXY_METHODS.has(request.method)) {
      answerApiProxyRequest(routes.params, data, routes.sendDownstream);
      return;
    }
  }
  routes.emit(event, data);
  if (event === 'media_device_request') {
    answerMediaDeviceRequest(routes.sendDownstream);
    return;
  }
  routes.forward(raw);
}
