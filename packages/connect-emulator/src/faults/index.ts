export {
  FAULT_SERVICES,
  FAULT_STATUSES,
  AUTH_PATHS,
  CTI_PATHS,
  FAULT_ERROR_TYPES,
  WS_FAULT_CLOSE_CODE,
} from '../constants';
export {
  FaultEngine,
  faultActionSchema,
  faultRuleInputSchema,
  parseFaultSeed,
} from './fault-engine';
export type {
  FaultAction,
  FaultDecision,
  FaultEngineOptions,
  FaultRule,
  FaultRuleInput,
} from './fault-engine';
export { createFaultControlRouter, defaultFaultTarget, withFaults } from './fault-http';
export { decideWsFault } from './ws-faults';
export type { WsFaultOutcome } from './ws-faults';
export type {
  FaultTarget,
  FaultTargetResolver,
  FaultingHandler,
  WithFaultsOptions,
} from './fault-http';
