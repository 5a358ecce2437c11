export { Contact } from './contact';
export type { ContactEvents } from './contact';
export { Connection, VoiceConnection, MediaConnection } from './connection';
