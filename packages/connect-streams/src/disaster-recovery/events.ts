import { DisasterRecoveryEvents } from '../protocol/names';
/**
 * Disaster-recovery events on the wire: the protocol's
 * zod-free `DisasterRecoveryEvents` names.
 * @public
 */
export const DR_EVENTS = DisasterRecoveryEvents;
