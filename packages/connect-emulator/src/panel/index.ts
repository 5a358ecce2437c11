export {
  buildPanelBundles,
  createPanelRequestHandler,
  panelRoutes,
  PANEL_PATH_PREFIXES,
  panelHtml,
  ringtoneWav,
} from './panel-page';
export type { PanelRouteOptions } from './panel-page';
export { PANEL_CONFIG_ELEMENT_ID, panelPageConfigSchema } from './panel-config';
export type { PanelPageConfig } from './panel-config';
export { REQUEST_STORAGE_ACCESS_PATH, storageAccessPageHtml } from './storage-access-page';
export type { StorageAccessDecision } from './storage-access-page';
