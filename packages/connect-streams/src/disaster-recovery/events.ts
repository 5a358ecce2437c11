/**
 * Disaster-recovery events on the wire (reference §1.3 `disasterRecovery::*`). The same names as
 * the protocol's `DisasterRecoveryEvents`, kept here so that this entry does not bundle the
 * protocol's schemas.
 * @public
 */
export const DR_EVENTS = Object.freeze({
  SUPPRESS: 'disasterRecovery::suppress',
  FORCE_OFFLINE: 'disasterRecovery::force_offline',
  SET_OFFLINE: 'disasterRecovery::set_offline',
  INIT_DISASTER_RECOVERY: 'disasterRecovery::init_disaster_recovery',
  FAILOVER: 'disasterRecovery::failover',
  FAILOVER_PENDING: 'disasterRecovery::failover_pending',
  INIT_DR_POLLING: 'disasterRecovery::init_dr_polling',
} as const);
