import { createContext, useContext, useMemo } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { translateVoiceText } from './catalogue';
import type { VoiceText, VoiceTranslation } from './catalogue';
import { DEFAULT_VOICE_LOCALE, voiceLocaleTag } from './locales';
import type { VoiceLocale } from './locales';

/** What {@link useVoiceMessages} returns. @public */
export interface VoiceMessages {
  /** The softphone locale of the texts. */
  readonly locale: VoiceLocale;
  /** Its BCP 47 tag (`de-DE`), for `Intl` formatting and `lang`. */
  readonly tag: string;
  /** The text of a key or message in the locale (English when untranslated). */
  readonly t: (text: VoiceText, params?: Readonly<Record<string, string | number>>) => string;
}

const ENGLISH: VoiceMessages = {
  locale: DEFAULT_VOICE_LOCALE,
  tag: voiceLocaleTag(DEFAULT_VOICE_LOCALE),
  t: (text, params) => translateVoiceText(text, {}, params),
};

const VoiceI18nContext = createContext<VoiceMessages>(ENGLISH);

/** Props of {@link VoiceI18nProvider}. @public */
export interface VoiceI18nProviderProps {
  /** One of the ten softphone locales (default `en_US`). */
  readonly locale?: VoiceLocale;
  /**
   * The translation of that locale (from `@x/react-voice/locales`, or the host's own); keys it
   * lacks show in English.
   */
  readonly messages?: VoiceTranslation;
  /** The components that read the language. */
  readonly children?: ReactNode;
}

/**
 * Sets the language of the voice components below it. `VoiceProvider` accepts the same `locale`
 * and `messages` props; use this provider on its own for components outside a `VoiceProvider`.
 * @example
 * ```tsx
 * import { de_DE } from '@x/react-voice/locales';
 * <VoiceI18nProvider locale="de_DE" messages={de_DE}>…</VoiceI18nProvider>
 * ```
 * @public
 */
export function VoiceI18nProvider(props: VoiceI18nProviderProps): ReactElement {
  const { locale = DEFAULT_VOICE_LOCALE, messages, children } = props;
  const value = useMemo<VoiceMessages>(
    () =>
      !messages && locale === DEFAULT_VOICE_LOCALE
        ? ENGLISH
        : {
            locale,
            tag: voiceLocaleTag(locale),
            t: (text, params) => translateVoiceText(text, messages, params),
          },
    [locale, messages],
  );
  return <VoiceI18nContext.Provider value={value}>{children}</VoiceI18nContext.Provider>;
}

/**
 * The texts of the voice components in the current locale (English outside any provider).
 * @example
 * ```tsx
 * const { t } = useVoiceMessages();
 * return <h2>{t('transferCall')}</h2>;
 * ```
 * @public
 */
export function useVoiceMessages(): VoiceMessages {
  return useContext(VoiceI18nContext);
}
