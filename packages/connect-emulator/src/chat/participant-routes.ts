import { Hono } from 'hono';
import type { ContactCentre } from '../domain/contact-centre';
import type { EmulatorEnv } from '../http/node-env';
import { attachmentRoutes } from './attachment-routes';
import type { ChatSessions } from './chat-sessions';
import { connectionRoutes } from './connection-routes';
import { messageRoutes } from './message-routes';
import { participantKit } from './participant-kit';

/** Options of {@link participantRoutes}. */
export interface ParticipantRoutesOptions {
  readonly centre: () => ContactCentre;
  readonly chats: ChatSessions;
  /** The emulator's base URL (`http://127.0.0.1:PORT`). */
  readonly base: () => string;
  /** The chat web socket's base URL (`ws://127.0.0.1:PORT`). */
  readonly wsBase: () => string;
  readonly now: () => number;
}

/**
 * The Amazon Connect Participant Service (restJson1, bearer `X-Amz-Bearer`) at its real paths and
 * shapes, so that `amazon-connect-chatjs` and `@aws-sdk/client-connectparticipant` work unchanged
 * with their endpoint pointed at the emulator: CreateParticipantConnection (participant token),
 * then with the connection token SendMessage, SendEvent, GetTranscript, DisconnectParticipant and
 * the attachments (StartAttachmentUpload → PUT to the URL it gives → CompleteAttachmentUpload;
 * GetAttachment → GET). Bad input is ValidationException; a wrong token AccessDeniedException;
 * an ended chat AccessDeniedException (chatjs then reports the chat ended).
 */
export function participantRoutes(options: ParticipantRoutesOptions): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>();
  const kit = participantKit(app, options);
  connectionRoutes(kit);
  messageRoutes(kit);
  attachmentRoutes(kit);
  return app;
}
