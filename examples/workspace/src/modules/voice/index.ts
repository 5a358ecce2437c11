/**
 * The voice add-on of the workspace, built on `@x/react-voice`: loaded lazily beside the
 * workspace; the rest of the app talks to it through the voice bridge.
 */
export { VoiceAddon } from './components/voice-addon';
export { VoiceHeader } from './components/voice-header';
export { voiceSignOut } from './voice-sign-out';
