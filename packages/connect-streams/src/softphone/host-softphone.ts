// The host-side softphone: with `allowFramedSoftphone: false` the panel runs no media, and the one
// host tab that is master of the softphone topic runs the calls itself, with the same manager the
// framed panel uses, talking to the panel through the host's conduit instead of the worker.
import type { Ccp, WireEventName } from '@x/connect-streams';
import { STREAMS_VERSION } from '../constants';
import { MASTER_TOPICS } from '../master/master-client';
import { createSignallingFarEnd } from '../panel/softphone/signalling-far-end';
import type { SoftphoneMediaInfo } from '../panel/softphone/signalling-far-end';
import type { FarEnd } from '../panel/softphone/softphone-call';
import { SoftphoneManager } from '../panel/softphone/softphone-manager';
import type { SoftphoneManagerOptions } from '../panel/softphone/softphone-manager';

/**
 * Options of {@link startHostSoftphone}: the manager's options, without the panel session (the
 * host's conduit is used) and with a default far end.
 * @public
 */
export interface HostSoftphoneOptions extends Omit<
  SoftphoneManagerOptions,
  'session' | 'createFarEnd'
> {
  /**
   * Creates the far end of a call (default: the contact centre's softphone signalling named by
   * the agent connection's `softphoneMediaInfo`).
   */
  readonly createFarEnd?: (contactId: string, media?: SoftphoneMediaInfo) => FarEnd;
  /** Called once this tab runs the softphone (it won the softphone master topic). */
  readonly onStarted?: (manager: SoftphoneManager) => void;
  /** Makes the manager (default `new SoftphoneManager(options)`; a subclass may be given). */
  readonly createManager?: (options: SoftphoneManagerOptions) => SoftphoneManager;
}

/**
 * The host tab's softphone, from {@link startHostSoftphone}: the manager once this tab runs the
 * call media, and the way to stop.
 * @public
 */
export interface HostSoftphone {
  /** The manager, once this tab won the softphone topic (else `undefined`). */
  readonly manager: SoftphoneManager | undefined;
  /** Stops competing for the topic, ends every session (sending the call reports). */
  dispose(): Promise<void>;
}

/**
 * The manager options of a host tab: the panel reached through the host's conduit, and the far end
 * behind the contact centre's softphone signalling unless `createFarEnd` is given.
 * @public
 */
export function hostSoftphoneOptions(
  ccp: Ccp,
  options: Omit<HostSoftphoneOptions, 'onStarted' | 'createManager'> = {},
): SoftphoneManagerOptions {
  const { createFarEnd, ...rest } = options;
  return {
    ccpVersion: STREAMS_VERSION,
    ...rest,
    session: {
      on: (event, handler) => ccp.onMessage(event as WireEventName, handler),
      call: (method, params) => ccp.client.request(method, params),
      broadcast: (event, data) => ccp.send('broadcast', { event, data }),
    },
    createFarEnd:
      createFarEnd ?? ((contactId, media) => createSignallingFarEnd(contactId, media ?? {})),
  };
}

/**
 * The agent data as an `agent::update` carries it, read from the agent the host already has (a
 * manager started after the last update applies it at once); `undefined` before the first update.
 * @public
 */
export function currentAgentUpdate(ccp: Ccp): unknown {
  if (!ccp.agent.isInitialized()) return undefined;
  return {
    snapshot: { contacts: ccp.agent.getContacts().map((contact) => contact.getData()) },
    configuration: ccp.agent.getConfiguration(),
  };
}

/**
 * Runs the call media in this host tab (`softphone: { allowFramedSoftphone: false }`): on every
 * agent update until it succeeds, the tab asks to be master of the softphone topic (the first tab
 * to ask wins; when the master tab closes, the next tab's ask wins, so the softphone fails over to
 * another open tab). The winner opens the microphone, runs one WebRTC session per connected voice
 * call against the contact centre's signalling, follows mute and the speaker and microphone
 * devices, and sends the statistics and call reports through the panel, as the framed panel does.
 * Softphone errors reach every tab as `agent::softphone_error`.
 *
 * @example
 * ```ts
 * const ccp = initCCP(el, { ccpUrl, softphone: { allowFramedSoftphone: false } });
 * const softphone = startHostSoftphone(ccp);
 * ccp.agent.on('softphoneError', (error) => console.warn(error));
 * ```
 * @public
 */
export function startHostSoftphone(ccp: Ccp, options: HostSoftphoneOptions = {}): HostSoftphone {
  const { onStarted, createManager, ...rest } = options;
  let manager: SoftphoneManager | undefined;
  let asking = false;
  let disposed = false;
  let latest: unknown;
  const compete = (): void => {
    if (manager || asking || disposed) return;
    asking = true;
    void ccp
      .checkMaster(MASTER_TOPICS.softphone)
      .then((isMaster) => {
        if (!isMaster || manager || disposed) return;
        offUpdates();
        offInitialized();
        const managerOptions = hostSoftphoneOptions(ccp, rest);
        manager = createManager
          ? createManager(managerOptions)
          : new SoftphoneManager(managerOptions);
        manager.start(latest ?? currentAgentUpdate(ccp));
        onStarted?.(manager);
      })
      .catch(() => undefined)
      .finally(() => {
        asking = false;
      });
  };
  const offUpdates = ccp.onMessage('agent::update', (data) => {
    latest = data;
    compete();
  });
  // A request sent before the panel acknowledges could be lost: ask once it has.
  const offInitialized = ccp.on('initialized', compete);
  if (ccp.isInitialized) compete();
  return {
    get manager() {
      return manager;
    },
    async dispose() {
      disposed = true;
      offUpdates();
      offInitialized();
      await manager?.dispose();
      manager = undefined;
    },
  };
}
