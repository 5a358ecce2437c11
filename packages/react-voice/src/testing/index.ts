/**
 * `@x/react-voice/testing`: the product voice API in memory ({@link createMemoryVoiceApi}), so a
 * React app runs the voice kit against the contact-centre emulator with no product backend, and
 * the emulator's agent list and live calls ({@link createEmulatorDirectory}).
 * @packageDocumentation
 */
export { createMemoryVoiceApi } from './memory-voice-api';
export type { MemoryVoiceApi, MemoryVoiceApiOptions, VoiceDirectory } from './memory-voice-api';
export { createEmulatorDirectory } from './emulator-directory';
export type { EmulatorDirectoryOptions } from './emulator-directory';
