import { MIN_WEBSOCKET_LIFETIME_MS } from './constants';
import type { WebSocketConnectionConfig } from './types';

const URL_PATTERN = /^(wss:\/\/|ws:\/\/(127\.0\.0\.1|localhost):)/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Whether a socket URL is acceptable: `wss://…`, or for local development `ws://127.0.0.1:…`
 * and `ws://localhost:…` (with a port).
 * @public
 */
export function isValidWebSocketUrl(url: unknown): url is string {
  return typeof url === 'string' && URL_PATTERN.test(url);
}

/**
 * Whether a transport answer is a valid connection configuration: an object whose
 * `webSocketTransport` has a valid `url` and `transportLifeTimeInSeconds × 1000 ≥ 300000`.
 * @public
 */
export function isValidWebSocketConnectionConfig(
  config: unknown,
): config is WebSocketConnectionConfig {
  if (!isObject(config)) return false;
  const transport = config.webSocketTransport;
  return (
    isObject(transport) &&
    isValidWebSocketUrl(transport.url) &&
    typeof transport.transportLifeTimeInSeconds === 'number' &&
    transport.transportLifeTimeInSeconds * 1000 >= MIN_WEBSOCKET_LIFETIME_MS
  );
}

/**
 * Whether a transport rejection is a networking error (then the fetch is retried): Streams'
 * `{ _debug: { type: 'NetworkingError' } }`, or a fetch `TypeError` ("Failed to fetch", "Load failed").
 * @public
 */
export function isNetworkFailure(reason: unknown): boolean {
  if (reason instanceof TypeError) return /Failed to fetch|Load failed/.test(reason.message);
  return isObject(reason) && isObject(reason._debug) && reason._debug.type === 'NetworkingError';
}
