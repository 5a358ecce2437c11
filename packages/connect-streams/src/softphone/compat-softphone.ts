// The host-side softphone behind the compat global, where amazon-connect-streams has its own:
// `connect.SoftphoneManager`, `connect.core.initSoftphoneManager()`, `connect.core.softphoneManager`
// and the `onSoftphoneSessionInit` notice. Installed on demand (as connect-rtc-js is loaded beside
// amazon-connect-streams), so an integration with a framed softphone bundles none of it.
import type { Ccp } from '@x/connect-streams';
import { SoftphoneManager } from '../panel/softphone/softphone-manager';
import { currentAgentUpdate, hostSoftphoneOptions, startHostSoftphone } from './host-softphone';
import type { HostSoftphone, HostSoftphoneOptions } from './host-softphone';

/**
 * What {@link installCompatSoftphone} needs of the compat global `connect`.
 * @public
 */
export interface CompatSoftphoneTarget {
  /** The compat core. */
  readonly core: {
    /** The typed panel underneath. */
    getCcp(): Ccp;
    /** The compat event bus (`onSoftphoneSessionInit` listens on it). */
    getEventBus(): { trigger(event: string, data?: unknown): void };
    /** Starts competing for the softphone (replaced by the installer). */
    initSoftphoneManager?: (params?: unknown) => void;
    /** The running softphone manager, or `null`. */
    softphoneManager?: unknown;
  };
  /** The connection events (`SESSION_INIT`). */
  readonly ConnectionEvents: { readonly SESSION_INIT: string };
  /** The softphone manager class (set by the installer). */
  SoftphoneManager?: unknown;
}

/** Tells the compat bus that a call's session started, as `{connectionId}` of the agent's leg. */
function announceSession(target: CompatSoftphoneTarget, ccp: Ccp, contactId: string): void {
  const connectionId = ccp.contacts.get(contactId)?.getAgentConnection()?.connectionId;
  if (connectionId)
    target.core.getEventBus().trigger(target.ConnectionEvents.SESSION_INIT, { connectionId });
}

/**
 * Installs the host-side softphone on the compat global (`@x/connect-streams/compat`), where
 * amazon-connect-streams has it once connect-rtc-js is loaded:
 * - `connect.core.initSoftphoneManager(params?)` makes this tab compete for the softphone (see
 *   {@link startHostSoftphone}); the winner's manager is `connect.core.softphoneManager`
 *   (also `connect.core.getSoftphoneManager()`). A second call does nothing.
 * - `new connect.SoftphoneManager(params?)` runs the softphone in this tab at once.
 * - Every started session triggers `connect.core.onSoftphoneSessionInit` with `{connectionId}`.
 *
 * `options` are those of {@link startHostSoftphone} (devices, far end, periods).
 *
 * @example
 * ```ts
 * import '@x/connect-streams/compat';
 * import { installCompatSoftphone } from '@x/connect-streams/softphone';
 *
 * installCompatSoftphone();
 * connect.core.initCCP(el, { ccpUrl, softphone: { allowFramedSoftphone: false } });
 * connect.core.initSoftphoneManager();
 * ```
 * @public
 */
export function installCompatSoftphone(
  target?: CompatSoftphoneTarget,
  options: Omit<HostSoftphoneOptions, 'onStarted' | 'createManager'> = {},
): void {
  const connect = target ?? (globalThis as { connect?: CompatSoftphoneTarget }).connect;
  if (!connect) throw new Error('installCompatSoftphone: import @x/connect-streams/compat first.');
  /** amazon-connect-streams' `connect.SoftphoneManager`: the softphone of this tab, started. */
  class CompatSoftphoneManager extends SoftphoneManager {
    constructor(_params?: unknown) {
      const ccp = connect!.core.getCcp();
      super(hostSoftphoneOptions(ccp, options));
      this.on('sessionStarted', (contactId) => announceSession(connect!, ccp, contactId));
      this.start(currentAgentUpdate(ccp));
    }
  }
  connect.SoftphoneManager = CompatSoftphoneManager;
  let host: HostSoftphone | undefined;
  connect.core.initSoftphoneManager = () => {
    host ??= startHostSoftphone(connect.core.getCcp(), {
      ...options,
      createManager: () => new CompatSoftphoneManager(),
      onStarted: (manager) => {
        connect.core.softphoneManager = manager;
      },
    });
  };
}
