import type { Ccp } from '../ccp/ccp';
import { MASTER_TOPICS } from '../master/master-client';
import { DR_EVENTS as DR } from './events';
import {
  DisasterRecoveryDuties,
  type DisasterRecoveryAgentApi,
  type DisasterRecoveryParams,
} from './disaster-recovery';

/**
 * The disaster-recovery duties' view of a host `Ccp`: its agent and contacts, its panel's
 * messages and its master-tab client.
 * @public
 */
export function ccpDisasterRecoveryApi(ccp: Ccp): DisasterRecoveryAgentApi {
  return {
    whenAgent: () =>
      ccp.agent.isInitialized()
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const off = ccp.agent.on('init', () => {
              off();
              resolve();
            });
          }),
    contacts: () =>
      ccp.agent.getContacts().map((contact) => ({
        contactId: contact.getContactId(),
        type: contact.getType(),
        destroyAgentConnection: () =>
          contact.getAgentConnection()?.destroy() ?? Promise.resolve(undefined),
      })),
    setOffline: () => {
      const offline = ccp.agent.getAgentStates().find((s) => s.type === 'offline');
      return offline ? ccp.agent.setState(offline) : Promise.resolve(undefined);
    },
    onContactDestroyed: (handler) =>
      ccp.contacts.on('destroyed', (data) => handler(data.contactId)),
    sendUpstream: (event, data) => ccp.send(event as Parameters<Ccp['send']>[0], data),
    onUpstream: (event, handler) =>
      ccp.onMessage(event as Parameters<Ccp['onMessage']>[0], handler),
    // On the host the duties' own events stand for what a panel sends downstream.
    sendDownstream: () => undefined,
    isFailoverMaster: () =>
      ccp.master.checkMaster(MASTER_TOPICS.failover).then((s) => s.isMaster === true),
  };
}

/**
 * Runs the disaster-recovery duties on the host, for a panel that does not run them itself
 * (the original's `connect.core.initDisasterRecovery`, "only called from custom CCPs that are DR
 * enabled"): a stand-by suppresses contacts and is forced offline, a primary suppresses nothing;
 * force-offline requests from the panel's worker run in the failover master tab only.
 *
 * @example
 * ```ts
 * const ccp = initCCP(container, { ccpUrl, disasterRecoveryOn: true, region: 'us-west-2' });
 * ccp.on('initialized', () => initDisasterRecovery(ccp, { region: 'us-west-2', isPrimary: false }));
 * ```
 * @public
 */
export function initDisasterRecovery(
  ccp: Ccp,
  params: DisasterRecoveryParams,
): DisasterRecoveryDuties {
  const duties = new DisasterRecoveryDuties(ccpDisasterRecoveryApi(ccp));
  duties.init(params);
  return duties;
}

/**
 * The host side of a disaster-recovery panel (the original host's `connect.core.suppressContacts`):
 * asks the panel's worker to suppress contacts, or to stop.
 * @public
 */
export function suppressPanelContacts(ccp: Pick<Ccp, 'send'>, suppress: boolean): void {
  ccp.send(DR.SUPPRESS, { suppress, shouldSendFailoverDownstream: false });
}

/**
 * The host side of a disaster-recovery panel (the original host's `connect.core.forceOffline`):
 * asks the panel to force the agent offline (`disasterRecovery::set_offline {softFailover}`).
 * @public
 */
export function setPanelOffline(
  ccp: Pick<Ccp, 'send'>,
  options: { readonly softFailover?: boolean } = {},
): void {
  ccp.send(DR.SET_OFFLINE, { softFailover: options.softFailover === true });
}
