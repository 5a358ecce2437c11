/**
 * The voice components' message catalogue: every key of the controller's messages
 * ({@link VOICE_MESSAGES}) plus the UI texts of each area (`messages/*.ts`), in English. A
 * translation (`@x/react-voice/locales`) overrides any subset; untranslated keys fall back to
 * English.
 */
import { VOICE_MESSAGES } from '../controller/messages';
import type { VoiceMessage } from '../controller/messages';
import { CALL_MESSAGES } from './messages/call';
import { COMMON_MESSAGES } from './messages/common';
import { DIALER_MESSAGES } from './messages/dialer';
import { PANEL_MESSAGES } from './messages/panel';
import { QUEUES_MESSAGES } from './messages/queues';
import { TRANSFER_MESSAGES } from './messages/transfer';

/**
 * Every English text of the voice components, by key: the controller's messages and the UI texts.
 * @public
 */
export const VOICE_UI_MESSAGES = Object.freeze({
  ...VOICE_MESSAGES,
  ...COMMON_MESSAGES,
  ...CALL_MESSAGES,
  ...PANEL_MESSAGES,
  ...DIALER_MESSAGES,
  ...QUEUES_MESSAGES,
  ...TRANSFER_MESSAGES,
});

/**
 * The key of one text of the voice components.
 * @public
 */
export type VoiceUiMessageKey = keyof typeof VOICE_UI_MESSAGES;

/**
 * A translation: texts by key, any subset (missing keys show in English). `{name}` placeholders
 * must be kept.
 * @public
 */
export type VoiceTranslation = Readonly<Partial<Record<VoiceUiMessageKey, string>>>;

/**
 * A text to show: a key, or a message with placeholder values (the controller's
 * {@link VoiceMessage}s are accepted as they are).
 * @public
 */
export type VoiceText =
  | VoiceUiMessageKey
  | VoiceMessage
  | {
      readonly key: VoiceUiMessageKey;
      readonly params?: Readonly<Record<string, string | number>>;
    };

/**
 * Formats a text with a translation (English for any key it lacks), filling `{name}` placeholders
 * from `params` (a missing param leaves the placeholder).
 * @example
 * ```ts
 * translateVoiceText({ key: 'participantHold', params: { name: 'Ada' } }); // 'Hold Ada'
 * ```
 * @public
 */
export function translateVoiceText(
  text: VoiceText,
  translation: VoiceTranslation = {},
  params?: Readonly<Record<string, string | number>>,
): string {
  const key = typeof text === 'string' ? text : text.key;
  const values = typeof text === 'string' ? params : (text.params ?? params);
  const template: string = translation[key] ?? VOICE_UI_MESSAGES[key] ?? key;
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
