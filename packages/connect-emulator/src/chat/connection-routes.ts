// The Participant Service's connection routes: CreateParticipantConnection (the participant
// token gives a connection token, a web socket URL or both) and DisconnectParticipant.
import { z } from 'zod';
import { CHAT_CONNECTION_LIFETIME_S, CHAT_WEB_SOCKET_PATH } from '../constants';
import { chatToken } from '../domain/chat-tokens';
import { PARTICIPANT_MESSAGES as M, ParticipantApiError } from './participant-errors';
import { clientToken, parse, type ParticipantKit } from './participant-kit';

const connectionBody = z.object({
  Type: z
    .array(z.enum(['WEBSOCKET', 'CONNECTION_CREDENTIALS', 'WEBRTC_CONNECTION']))
    .min(1)
    .max(3)
    .optional(),
  ConnectParticipant: z.boolean().optional(),
});
const disconnectBody = z.object({ ClientToken: clientToken });

/** CreateParticipantConnection and DisconnectParticipant. */
export function connectionRoutes(kit: ParticipantKit): void {
  const { options, chats, caller, body, reply, route } = kit;
  const expiry = () => new Date(options.now() + CHAT_CONNECTION_LIFETIME_S * 1000).toISOString();

  route('post', '/participant/connection', async (c) => {
    const input = parse(connectionBody, await body(c));
    const { session, participant } = caller(c, 'participant');
    const centre = options.centre();
    if (input.ConnectParticipant && participant.role !== 'AGENT')
      throw new ParticipantApiError('ValidationException', M.notParticipantAck);
    const types = input.Type ?? [];
    const connectionToken = chatToken(
      centre.chatSecret,
      'connection',
      session.contactId,
      participant.id,
    );
    return reply(c, {
      ...(types.includes('WEBSOCKET')
        ? {
            Websocket: {
              Url: `${options.wsBase()}${CHAT_WEB_SOCKET_PATH}?token=${encodeURIComponent(connectionToken)}`,
              ConnectionExpiry: expiry(),
            },
          }
        : {}),
      ...(types.includes('CONNECTION_CREDENTIALS')
        ? { ConnectionCredentials: { ConnectionToken: connectionToken, Expiry: expiry() } }
        : {}),
    });
  });

  route('post', '/participant/disconnect', async (c) => {
    parse(disconnectBody, await body(c));
    const { session, participant } = caller(c, 'connection');
    const centre = options.centre();
    const contact = centre.contacts.get(session.contactId);
    if (participant.role === 'CUSTOMER') {
      chats.leave(session, participant);
      if (contact && contact.state !== 'ended') centre.customerHangsUp(contact.id);
      else chats.end(session);
    } else if (contact) {
      const agent = centre.agents.get(participant.agentId!);
      const leg = contact.connections.find((x) => x.id === participant.id);
      if (agent && leg && leg.state !== 'disconnected')
        centre.destroyConnection(agent, centre.contactIdOf(contact, agent.id), leg.id);
    }
    return reply(c, {});
  });
}
