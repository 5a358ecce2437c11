export { AgentApps } from './agent-apps';
export type {
  AgentAppConfig,
  CustomViewsContact,
  CustomViewsParams,
  TerminateCustomViewOptions,
} from './agent-apps';
