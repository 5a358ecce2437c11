/**
 * `@x/voice-id/compat`: the global `connect` of `@x/connect-streams/compat` with the Voice ID
 * methods of `VoiceConnection` working (`getVoiceIdSpeakerId`, `evaluateSpeakerWithVoiceId`, …),
 * as amazon-connect-streams 2.18 has them. An integration that uses Voice ID imports this instead
 * of `@x/connect-streams/compat` (one import either way); the others do not bundle Voice ID.
 *
 * @example
 * ```ts
 * import '@x/voice-id/compat';
 * connect.contact((contact) =>
 *   contact.onConnected(async () => {
 *     const voice = contact.getAgentConnection() as connect.VoiceConnection;
 *     const result = await voice.evaluateSpeakerWithVoiceId(true);
 *     console.log(result.AuthenticationResult.Decision);
 *   }),
 * );
 * ```
 * @packageDocumentation
 */
// Importing it installs the global `connect` (a side effect of @x/connect-streams/compat); its built
// declarations reference those of @x/connect-streams/compat, which declare that global.
import { installCompatVoiceId } from '@x/connect-streams/compat';
import { createVoiceId } from '../streams/create-voice-id';
import type { VoiceIdOptions } from '../voice-id/voice-id';

/**
 * Installs Voice ID behind the compat `VoiceConnection` methods, with the given delays and poll
 * limits (the spec's constants by default). Importing this module already installs it with the
 * defaults; call it again only to change the options.
 * @public
 */
export function installVoiceIdForCompat(options: VoiceIdOptions = {}): void {
  installCompatVoiceId((contact, { ccp }) => createVoiceId(contact, { ccp, ...options }));
}

installVoiceIdForCompat();
