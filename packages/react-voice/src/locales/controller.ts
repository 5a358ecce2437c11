import type { VOICE_MESSAGES } from '../controller/messages';
import type { AreaTranslations } from './types';

/** Translations of the controller's messages (`controller/messages.ts`). */
export const CONTROLLER_TRANSLATIONS: AreaTranslations<typeof VOICE_MESSAGES> = {
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
