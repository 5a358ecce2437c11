export { SERVICES_OPENAPI_PATHS } from './openapi';
export { SERVICES_CLI_OPTIONS, createServices, loadServicesCliOptions } from './create-services';
export type { Services, ServicesOptions } from './create-services';
