/**
 * `@x/react-voice`: React provider, hooks and components for contact-centre voice screens. The
 * rules live in `@x/react-voice/controller` (no React, re-exported here); the product API client in
 * `@x/react-voice/api`; translations in `@x/react-voice/locales`; styles in
 * `@x/react-voice/styles.css`.
 * @packageDocumentation
 */
export { VoiceStatusBadge } from './status/voice-status-badge';
export type { VoiceStatusBadgeProps } from './status/voice-status-badge';
export * from './react';
export * from './i18n';
export * from './ui';
export * from './components';
export * from './panel';
export * from './controller';
export * from './lists';
export * from './api';
export * from './dialer';
