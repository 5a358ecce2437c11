// The rules that tie a communication to the product, shared by the app's call routes and the
// contact-event intake: a call belongs to the contact with its phone number (created, visitor-
// named, when unknown) and to that contact's open voice conversation (started when there is
// none), which goes to the agent who talked in it last; a monitoring leg belongs to the
// conversation of the call it monitors; a call that is over adds its call part (recording and
// transcript links) to its conversation, once.
import type { Transaction } from 'kysely';
import type { Connection, Database } from '../../db/schema';
import { formatPhone } from '../../contract/phone-format';
import { callSearchText } from '../../lib/links';
import { MESSAGES } from '../../lib/messages';
import { conversationForContact } from '../conversations-intake/service';
import type { LiveEvent } from '../live/bus';
import type { VoiceRepository } from './repository';

/** E.164: `+`, then up to 15 digits (an outbound number must start with +). */
export const PHONE_NUMBER = /^\+[1-9]\d{1,14}$/;

export class CallRecords {
  constructor(private readonly repo: VoiceRepository) {}

  /**
   * Links a communication to its contact and conversation when it is not yet linked, gives the
   * conversation to the agent who talked in it last, and adds the call part of a call that is over.
   * Appends the live events to publish after the commit; answers the updated row.
   */
  async settle(
    trx: Transaction<Database>,
    row: Connection,
    options: { readonly assignTo: string | null; readonly events: LiveEvent[] },
  ): Promise<Connection> {
    let current = await this.link(trx, row, options);
    const conversationId = current.id_conversation;
    if (conversationId && current.communication_type !== 'monitor') {
      if (current.connected_at && current.agent_id)
        await this.repo.assignToTalker(
          trx,
          conversationId,
          current.agent_id,
          new Date(current.connected_at),
        );
      if (current.ended_at && !current.id_part) {
        const idPart = await this.repo.insertCallPart(trx, {
          workspaceId: current.workspace_id,
          conversationId,
          idCommunication: current.id_communication,
          agentId: current.agent_id,
          direction: current.communication_type === 'outbound' ? 'outbound' : 'inbound',
          body: MESSAGES.callPart(
            current.communication_type,
            await this.readable(trx, current.workspace_id, current.contact_phone_number),
          ),
          at: new Date(current.ended_at),
        });
        current = await this.repo.updateConnection(trx, current.id, { id_part: idPart });
        options.events.push({
          type: 'message.created',
          workspaceId: current.workspace_id,
          id: idPart,
          conversationId,
        });
      }
    }
    options.events.push({
      type: 'call.updated',
      workspaceId: current.workspace_id,
      id: current.id_communication,
      conversationId: current.id_conversation,
    });
    return current;
  }

  /** A number as people read it, in the workspace's default country (stored texts name it). */
  private async readable(
    trx: Transaction<Database>,
    workspaceId: string,
    phone: string | null,
  ): Promise<string | null> {
    if (!phone) return null;
    const { default_country: country } = await trx
      .selectFrom('workspaces')
      .select('default_country')
      .where('id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    return formatPhone(phone, country);
  }

  private async link(
    trx: Transaction<Database>,
    row: Connection,
    options: { readonly assignTo: string | null; readonly events: LiveEvent[] },
  ): Promise<Connection> {
    if (row.id_conversation) return row;
    const ws = row.workspace_id;
    if (row.communication_type === 'monitor') {
      if (!row.previous_id_communication) return row;
      const monitored = await this.repo.findConnection(ws, row.previous_id_communication, trx);
      if (!monitored?.id_conversation) return row;
      return this.repo.updateConnection(trx, row.id, {
        id_conversation: monitored.id_conversation,
        contact_id: monitored.contact_id,
        contact_phone_number: monitored.contact_phone_number,
        search_text: monitored.search_text,
      });
    }
    const phone = row.contact_phone_number;
    if (!phone || !PHONE_NUMBER.test(phone)) return row;
    const contact = await this.repo.ensureContact(trx, ws, phone);
    // The one path every channel's new activity takes: the open conversation, or a new one
    // assigned to the agent taking the call, else by the workspace's assignment rules.
    const conversation = await conversationForContact(trx, {
      workspaceId: ws,
      channel: 'voice',
      contactId: contact.id,
      subject: MESSAGES.callSubject(
        row.communication_type,
        (await this.readable(trx, ws, phone)) ?? phone,
      ),
      at: new Date(row.created_at),
      assignTo: options.assignTo,
    });
    const conversationId = conversation.id;
    if (!conversation.created && options.assignTo)
      await this.repo.assignIfUnassigned(trx, conversationId, options.assignTo);
    options.events.push({
      type: 'conversation.updated',
      workspaceId: ws,
      id: conversationId,
      conversationId,
    });
    return this.repo.updateConnection(trx, row.id, {
      id_conversation: conversationId,
      contact_id: contact.id,
      search_text: callSearchText(contact.name, contact.phone),
    });
  }
}
