import type { CALL_MESSAGES } from '../i18n/messages/call';
import type { AreaTranslations } from './types';

/** Translations of the call components' texts (`i18n/messages/call.ts`). */
export const CALL_TRANSLATIONS: AreaTranslations<typeof CALL_MESSAGES> = {
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
