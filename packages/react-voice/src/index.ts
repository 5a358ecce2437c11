/**
 * `@x/react-voice`: React provider, hooks and components for contact-centre voice screens.
 * @packageDocumentation
 */
export { VoiceStatusBadge } from './status/voice-status-badge';
export type { VoiceStatusBadgeProps } from './status/voice-status-badge';
