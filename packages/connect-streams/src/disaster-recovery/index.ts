/**
 * `@x/connect-streams/disaster-recovery`: disaster recovery across two regions (suppression,
 * force-offline, soft and hard failover), on the host and in a panel page.
 * @packageDocumentation
 */
export { DR_EVENTS } from './events';
export { DISASTER_RECOVERY_POLL } from '../constants';
export { DisasterRecoveryDuties, disasterRecoveryParamsSchema } from './disaster-recovery';
export type {
  DisasterRecoveryAgentApi,
  DisasterRecoveryContact,
  DisasterRecoveryDutiesEvents,
  DisasterRecoveryParams,
  ForceOfflineOptions,
} from './disaster-recovery';
export {
  ccpDisasterRecoveryApi,
  initDisasterRecovery,
  setPanelOffline,
  suppressPanelContacts,
} from './host';
export { startPanelDisasterRecovery } from './panel';
export type { DisasterRecoveryPanelSession, DisasterRecoveryPanelWindow } from './panel';
export { DisasterRecoveryCcp, initDisasterRecoveryCCP } from './two-region';
export type {
  DisasterRecoveryCcpEvents,
  DisasterRecoveryCcpParams,
  StandByRegion,
} from './two-region';
