/**
 * `@x/react-voice/locales`: translations of every voice component text into the softphone's
 * locales. Pass one to `VoiceProvider` (or `VoiceI18nProvider`) with its locale; any key a
 * translation lacks shows in English.
 * @example
 * ```tsx
 * import { de_DE } from '@x/react-voice/locales';
 * <VoiceProvider api={api} locale="de_DE" messages={de_DE}>…</VoiceProvider>
 * ```
 * @packageDocumentation
 */
import { CALL_TRANSLATIONS } from './call';
import { COMMON_TRANSLATIONS } from './common';
import { CONTROLLER_TRANSLATIONS } from './controller';
import { DIALER_TRANSLATIONS } from './dialer';
import { PANEL_TRANSLATIONS } from './panel';
import { QUEUES_TRANSLATIONS } from './queues';
import { TRANSFER_TRANSLATIONS } from './transfer';
// Through the package's main entry, so that the declarations name where the types come from.
import type { TranslatedVoiceLocale, VoiceTranslation } from '@x/react-voice';

/** One locale's translation: every area's texts combined. */
/* @__NO_SIDE_EFFECTS__ */
function translation(locale: TranslatedVoiceLocale): VoiceTranslation {
  return Object.freeze({
    ...CONTROLLER_TRANSLATIONS[locale],
    ...COMMON_TRANSLATIONS[locale],
    ...CALL_TRANSLATIONS[locale],
    ...PANEL_TRANSLATIONS[locale],
    ...DIALER_TRANSLATIONS[locale],
    ...QUEUES_TRANSLATIONS[locale],
    ...TRANSFER_TRANSLATIONS[locale],
  });
}

/** German (Germany). @public */
export const de_DE: VoiceTranslation = translation('de_DE');
/** Spanish (Spain). @public */
export const es_ES: VoiceTranslation = translation('es_ES');
/** French (France). @public */
export const fr_FR: VoiceTranslation = translation('fr_FR');
/** Japanese. @public */
export const ja_JP: VoiceTranslation = translation('ja_JP');
/** Italian. @public */
export const it_IT: VoiceTranslation = translation('it_IT');
/** Korean. @public */
export const ko_KR: VoiceTranslation = translation('ko_KR');
/** Portuguese (Brazil). @public */
export const pt_BR: VoiceTranslation = translation('pt_BR');
/** Chinese (Simplified). @public */
export const zh_CN: VoiceTranslation = translation('zh_CN');
/** Chinese (Traditional). @public */
export const zh_TW: VoiceTranslation = translation('zh_TW');

/**
 * Every translation by locale (English, `en_US`, is the built-in catalogue: an empty translation).
 * @public
 */
export const VOICE_TRANSLATIONS: Readonly<
  Record<TranslatedVoiceLocale | 'en_US', VoiceTranslation>
> = Object.freeze({ en_US: {}, de_DE, es_ES, fr_FR, ja_JP, it_IT, ko_KR, pt_BR, zh_CN, zh_TW });
