/**
 * The message-port link's lifecycle, written down: which statuses follow which. The proxy changes
 * its status only along this table (a move that is not in it is logged and ignored); tests walk
 * it.
 *
 * - `init()` starts listening for the panel: notConnected → connecting.
 * - The panel's handshake hands over a port: connecting → initializing.
 * - The panel acknowledges on the port: → ready (again after a new port, or after an error the
 *   panel recovered from).
 * - A new port or a new CCP iframe drops the old port: → reset, then → connecting.
 * - A fatal error from the panel: → error, from any status but notConnected.
 */
import type { ProxyConnectionStatus } from './proxy-types';

/** Where each status may go next. @internal */
export const PROXY_STATUS_TRANSITIONS: Readonly<
  Record<ProxyConnectionStatus, readonly ProxyConnectionStatus[]>
> = {
  notConnected: ['connecting'],
  connecting: ['initializing', 'reset', 'error'],
  initializing: ['ready', 'reset', 'error'],
  ready: ['ready', 'reset', 'error'],
  error: ['ready', 'reset', 'error'],
  reset: ['connecting'],
};

/** Whether the link may go from `from` to `to`. @internal */
export function isProxyTransition(from: ProxyConnectionStatus, to: ProxyConnectionStatus): boolean {
  return PROXY_STATUS_TRANSITIONS[from].includes(to);
}
