import type { PANEL_MESSAGES } from '../i18n/messages/panel';
import type { AreaTranslations } from './types';

/** Translations of the voice panel's texts (`i18n/messages/panel.ts`). */
export const PANEL_TRANSLATIONS: AreaTranslations<typeof PANEL_MESSAGES> = {
  de_DE: {},
  es_ES: {},
  fr_FR: {},
  ja_JP: {},
  it_IT: {},
  ko_KR: {},
  pt_BR: {},
  zh_CN: {},
  zh_TW: {},
};
