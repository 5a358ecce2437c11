export {
  FAULT_SERVICES,
  FAULT_STATUSES,
  AUTH_PATHS,
  CTI_PATHS,
  FAULT_ERROR_TYPES,
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
export type {
  FaultTarget,
  FaultTargetResolver,
  FaultingHandler,
  WithFaultsOptions,
} from './fault-http';
