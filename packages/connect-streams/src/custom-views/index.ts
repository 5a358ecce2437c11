export { AgentApps } from './agent-apps';
export type {
  AgentAppConfig,
  AgentAppInstance,
  AgentAppModule,
  CustomViewsContact,
  CustomViewsParams,
  TerminateCustomViewOptions,
} from './agent-apps';
