import { describe, expect, it } from 'vitest';
import { VOICE_MESSAGES } from '../controller/messages';
import { VOICE_TRANSLATIONS } from '../locales';
import { CALL_TRANSLATIONS } from '../locales/call';
import { COMMON_TRANSLATIONS } from '../locales/common';
import { CONTROLLER_TRANSLATIONS } from '../locales/controller';
import { DIALER_TRANSLATIONS } from '../locales/dialer';
import { PANEL_TRANSLATIONS } from '../locales/panel';
import { QUEUES_TRANSLATIONS } from '../locales/queues';
import { TRANSFER_TRANSLATIONS } from '../locales/transfer';
import { VOICE_UI_MESSAGES, translateVoiceText } from './catalogue';
import type { VoiceUiMessageKey } from './catalogue';
import { VOICE_LOCALES, isVoiceLocale, voiceLocaleTag } from './locales';
import { CALL_MESSAGES } from './messages/call';
import { COMMON_MESSAGES } from './messages/common';
import { DIALER_MESSAGES } from './messages/dialer';
import { PANEL_MESSAGES } from './messages/panel';
import { QUEUES_MESSAGES } from './messages/queues';
import { TRANSFER_MESSAGES } from './messages/transfer';

const AREAS = {
  controller: [VOICE_MESSAGES, CONTROLLER_TRANSLATIONS],
  common: [COMMON_MESSAGES, COMMON_TRANSLATIONS],
  call: [CALL_MESSAGES, CALL_TRANSLATIONS],
  panel: [PANEL_MESSAGES, PANEL_TRANSLATIONS],
  dialer: [DIALER_MESSAGES, DIALER_TRANSLATIONS],
  queues: [QUEUES_MESSAGES, QUEUES_TRANSLATIONS],
  transfer: [TRANSFER_MESSAGES, TRANSFER_TRANSLATIONS],
} as const;

/** The texts of a translation (any area's shape). */
const textsOf = (translation: object) => Object.entries(translation) as [string, string][];

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the message catalogue', () => {
  it('offers the ten softphone locales of §1', () => {
    expect(VOICE_LOCALES).toEqual([
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
    ]);
    expect(Object.keys(VOICE_TRANSLATIONS).sort()).toEqual([...VOICE_LOCALES].sort());
    expect(isVoiceLocale('pt_BR')).toBe(true);
    expect(isVoiceLocale('pt_PT')).toBe(false);
    expect(voiceLocaleTag('zh_TW')).toBe('zh-TW');
  });

  it('keeps every key in one area only (areas never override each other)', () => {
    const seen = new Map<string, string>();
    for (const [area, [messages]] of Object.entries(AREAS)) {
      for (const key of Object.keys(messages)) {
        expect(seen.get(key), `${key} of ${area}`).toBeUndefined();
        seen.set(key, area);
      }
    }
    expect(seen.size).toBe(Object.keys(VOICE_UI_MESSAGES).length);
  });

  it('has the spec strings in English', () => {
    expect(VOICE_UI_MESSAGES.transferCall).toBe('Transfer call');
    expect(VOICE_UI_MESSAGES.noCallAgents).toBe('No call agents');
    expect(VOICE_UI_MESSAGES.noAgentsFound).toBe('No agents found');
    expect(VOICE_UI_MESSAGES.noCallTeams).toBe('No call teams');
    expect(VOICE_UI_MESSAGES.noTeamsFound).toBe('No teams found');
    expect(VOICE_UI_MESSAGES.downloadLogs).toBe('Download logs');
    expect(VOICE_UI_MESSAGES.viewConversationInInbox).toBe('View conversation in inbox');
    expect(VOICE_UI_MESSAGES.microphoneNotSharedTooltip).toBe(
      'Cannot change call status if microphone is not shared with the browser.',
    );
  });

  it('translates only known keys and keeps their placeholders', () => {
    const areas = Object.entries(AREAS) as [string, readonly [object, Record<string, object>]][];
    for (const [area, [messages, translations]] of areas) {
      for (const [locale, translation] of Object.entries(translations)) {
        for (const [key, text] of textsOf(translation)) {
          expect(Object.hasOwn(messages, key), `${area} ${locale} ${key} is a key`).toBe(true);
          expect(placeholders(text), `${area} ${locale} ${key}`).toEqual(
            placeholders((messages as Record<string, string>)[key]!),
          );
        }
      }
    }
  });

  it('falls back to English for untranslated keys and fills the placeholders', () => {
    const partial = { close: 'Schließen' };
    expect(translateVoiceText('close', partial)).toBe('Schließen');
    expect(translateVoiceText('refresh', partial)).toBe('Refresh');
    expect(translateVoiceText({ key: 'participantHold', params: { name: 'Ada' } })).toBe(
      'Hold Ada',
    );
    expect(translateVoiceText('statusUnhandled', {}, { status: 'Training' })).toBe(
      'Unhandled agent status: Training',
    );
    expect(translateVoiceText({ key: 'statusUnhandled' })).toBe('Unhandled agent status: {status}');
  });

  it('translates the controller, shared and call texts into every locale (placeholder-only keys need none)', () => {
    const placeholderOnly = (text: string) => /^\{\w+\}$/.test(text);
    for (const locale of VOICE_LOCALES.filter((l) => l !== 'en_US')) {
      const t = VOICE_TRANSLATIONS[locale];
      const keys = [
        ...Object.entries(VOICE_MESSAGES)
          .filter(([, text]) => !placeholderOnly(text))
          .map(([key]) => key),
        ...Object.keys(COMMON_MESSAGES),
        ...Object.keys(CALL_MESSAGES),
        ...Object.keys(DIALER_MESSAGES),
        ...Object.keys(TRANSFER_MESSAGES),
      ];
      for (const key of keys as VoiceUiMessageKey[]) {
        // every key is translated (some words are the same as in English: 'Status', 'Teams')
        expect(t[key], `${locale} ${key}`).toBeTruthy();
      }
    }
  });
});
