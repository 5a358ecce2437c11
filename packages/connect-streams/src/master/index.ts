export { MasterClient, MASTER_TOPICS } from './master-client';
export type { MasterStatus } from './master-client';
