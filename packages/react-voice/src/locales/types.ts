import type { TranslatedVoiceLocale } from '../i18n/locales';

/** The translations of one area's messages, per locale; any key may be missing (English shows). */
export type AreaTranslations<M> = Readonly<
  Record<TranslatedVoiceLocale, Readonly<Partial<Record<keyof M, string>>>>
>;
