export {
  ServiceCallError,
  TaskTemplatesClient,
  taskTemplatesBaseUrl,
  toServiceCallError,
} from './task-templates-client';
export type {
  GetTaskTemplateParams,
  ListTaskTemplatesParams,
  TaskTemplatesMethod,
} from './task-templates-client';
