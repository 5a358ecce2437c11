/**
 * The voice add-on of the workspace, built on `@x/react-voice`: the provider around the workspace,
 * the header chip and the sign-out hook.
 */
export { VoiceAddon } from './components/voice-addon';
export { VoiceHeader } from './components/voice-header';
export { useVoiceSignOut } from './hooks/use-voice-sign-out';
