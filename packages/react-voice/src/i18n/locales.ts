/**
 * The softphone's supported locales. The voice components show their
 * texts in one of them; English (`en_US`) is the default and the fallback of every untranslated key.
 * @public
 */
export const VOICE_LOCALES = Object.freeze([
  'en_US',
  'de_DE',
  'es_ES',
  'fr_FR',
  'ja_JP',
  'it_IT',
  'ko_KR',
  'pt_BR',
  'zh_CN',
  'zh_TW',
] as const);

/**
 * One of the ten softphone locales ({@link VOICE_LOCALES}).
 * @public
 */
export type VoiceLocale = (typeof VOICE_LOCALES)[number];

/**
 * A locale with a translation in `@x/react-voice/locales` (English is the built-in catalogue).
 * @public
 */
export type TranslatedVoiceLocale = Exclude<VoiceLocale, 'en_US'>;

/** The default locale. @public */
export const DEFAULT_VOICE_LOCALE: VoiceLocale = 'en_US';

/**
 * Whether a string names a softphone locale.
 * @public
 */
export function isVoiceLocale(value: string): value is VoiceLocale {
  return (VOICE_LOCALES as readonly string[]).includes(value);
}

/**
 * The BCP 47 language tag of a softphone locale (`de_DE` → `de-DE`), for `Intl` formatting and the
 * `lang` attribute.
 * @public
 */
export function voiceLocaleTag(locale: VoiceLocale): string {
  return locale.replace('_', '-');
}
