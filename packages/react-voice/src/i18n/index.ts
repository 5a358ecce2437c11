export { VOICE_LOCALES, DEFAULT_VOICE_LOCALE, isVoiceLocale, voiceLocaleTag } from './locales';
export type { TranslatedVoiceLocale, VoiceLocale } from './locales';
export { VOICE_UI_MESSAGES, translateVoiceText } from './catalogue';
export type { VoiceText, VoiceTranslation, VoiceUiMessageKey } from './catalogue';
export { VoiceI18nProvider, useVoiceMessages } from './context';
export type { VoiceI18nProviderProps, VoiceMessages } from './context';
