import { DisasterRecoveryEvents } from '../protocol/names';
/**
 * Disaster-recovery events on the wire (reference §1.3 `disasterRecovery::*`): the protocol's
 * zod-free `DisasterRecoveryEvents` names.
 * @public
 */
export const DR_EVENTS = DisasterRecoveryEvents;
