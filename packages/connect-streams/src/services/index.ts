/**
 * `@x/connect-streams/services`: the services around the panel — task templates, quick
 * responses and screen sharing, chat and task session set-up, the storage-access request flow,
 * and embedded agent apps (custom views).
 * @packageDocumentation
 */
export {
  API_PROXY_METHODS,
  CUSTOM_VIEW_TERMINATION_DELAY_MS,
  CUSTOM_VIEWS_APP_NAME,
  REQUEST_STORAGE_ACCESS_PATH,
  STORAGE_ACCESS_DEFAULT_LANDING_PATH,
  STORAGE_ACCESS_EVENTS,
  TASK_TEMPLATES_BASE_PATH,
  TASK_TEMPLATES_METHODS,
  WEBRTC_CONTACT_SUBTYPE,
} from '../constants';
export * from '../custom-views/index';
export * from '../media-sessions/index';
export * from '../quick-responses/index';
export * from '../storage-access/index';
export * from '../task-templates/index';
