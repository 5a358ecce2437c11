export {
  buildPanelBundles,
  createPanelRequestHandler,
  PANEL_PATH_PREFIXES,
  panelHtml,
  ringtoneWav,
} from './panel-page';
export type { PanelRouteOptions } from './panel-page';
export { PANEL_CONFIG_ELEMENT_ID, panelPageConfigSchema } from './panel-config';
export type { PanelPageConfig } from './panel-config';
