/**
 * The participants unit: the other parties of the call, and
 * their controls (a participant can be controlled only if it exists and is active).
 */
import type { Connection, Contact, VoiceConnection } from '@x/connect-streams';
import type { ConversationContact } from '../api/contract';
import { voiceError } from './errors';
import { VOICE_MESSAGES } from './messages';
import type { Participant, ParticipantsState } from './types';
import { agentConnectionOf } from './unit-context';
import type { UnitContext } from './unit-context';

/** The participants slice without a call. */
export const INITIAL_PARTICIPANTS_STATE: ParticipantsState = {
  list: [],
  multiparty: false,
  anyConnecting: false,
};

function participantOf(connection: Connection, contact: ConversationContact | null): Participant {
  const endpoint = connection.getEndpoint();
  const initial = connection.isInitialConnection();
  const state = connection.getState().type;
  const isCustomer = initial || endpoint?.type === 'phone_number';
  const phoneNumber = endpoint?.phoneNumber ?? null;
  const name = initial
    ? (contact?.name ?? phoneNumber ?? endpoint?.name ?? VOICE_MESSAGES.internalTransfer)
    : (connection.getQuickConnectName() ?? endpoint?.name ?? VOICE_MESSAGES.internalTransfer);
  return {
    participantId: connection.connectionId,
    name,
    phoneNumber,
    avatar: initial ? (contact?.avatar ?? null) : null,
    mute: connection.isMute(),
    onHold: connection.isOnHold(),
    connecting: connection.isConnecting(),
    connected: connection.isConnected(),
    active: connection.isActive(),
    disconnected: state === 'disconnected',
    // whole seconds, so a refresh changes the list once a second at most
    stateDuration: Math.floor(connection.getStateDuration() / 1000) * 1000,
    type: isCustomer ? 'CUSTOMER' : 'AGENT',
  };
}

/** The participants unit. @internal */
export class ParticipantsUnit {
  constructor(private readonly ctx: UnitContext) {}

  /** Recomputes the participants of the current contact (after an update, and every second). */
  sync(contact: Contact | undefined): void {
    if (!contact) {
      this.ctx.store.update('participants', INITIAL_PARTICIPANTS_STATE);
      return;
    }
    const own = agentConnectionOf(contact);
    const conversationContact = this.ctx.store.getState().call.conversationContact;
    const others = contact.getConnections().filter((c) => c.connectionId !== own?.connectionId);
    const active = contact.getConnections().filter((c) => c.isActive()).length;
    this.ctx.store.update('participants', {
      list: others.map((c) => participantOf(c, conversationContact)),
      multiparty: contact.isMultiPartyConferenceEnabled() && active > 2,
      anyConnecting: others.some((c) => c.isConnecting()),
    });
  }

  private participant(participantId: string, action: string): Connection {
    const contact = this.ctx.contact();
    const own = agentConnectionOf(contact);
    const connection = contact
      ?.getConnections()
      .find((c) => c.connectionId === participantId && c.connectionId !== own?.connectionId);
    if (!connection || !connection.isActive()) throw voiceError('noParticipantTo', { action });
    return connection;
  }

  async hold(participantId: string): Promise<void> {
    await this.participant(participantId, 'hold').hold();
  }

  async resume(participantId: string): Promise<void> {
    await this.participant(participantId, 'resume').resume();
  }

  async mute(participantId: string): Promise<void> {
    await (this.participant(participantId, 'mute') as VoiceConnection).muteParticipant();
  }

  async unmute(participantId: string): Promise<void> {
    await (this.participant(participantId, 'unmute') as VoiceConnection).unmuteParticipant();
  }

  async remove(participantId: string): Promise<void> {
    await this.participant(participantId, 'remove').destroy();
  }
}
