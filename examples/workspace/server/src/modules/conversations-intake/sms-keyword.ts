// The opt-out keywords' step in the inbound path, once a customer's SMS or WhatsApp message is
// stored: STOP (and the other opt-out keywords) records the number as opted out of that channel,
// START lifts it, each with a line in the conversation. On SMS, Twilio also refuses our later
// messages (21610); on WhatsApp the opt-out is ours: campaigns skip the number, while replies in
// the customer-service window still reach them. A replay does not come here (it is not stored
// twice).
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { smsKeyword } from '../../integrations/channels/sms/keywords';
import { newId } from '../../lib/ids';
import type { LiveEvent } from '../live/bus';
import { INTAKE_MESSAGES } from './messages';

/** Whether a stored SMS body is an opt-out or opt-in keyword (the step has work to do). */
export const isOptKeyword = (body: string): boolean => {
  const keyword = smsKeyword(body);
  return keyword === 'opt-out' || keyword === 'opt-in';
};

/** Applies an opt-out/opt-in keyword of a stored SMS or WhatsApp message; answers the events. */
export async function applySmsKeyword(
  trx: Transaction<Database>,
  sms: {
    readonly channel: 'sms' | 'whatsapp';
    readonly workspaceId: string;
    readonly phone: string;
    readonly body: string;
    readonly messageId: string;
    readonly conversationId: string;
  },
): Promise<LiveEvent[]> {
  const keyword = smsKeyword(sms.body);
  if (keyword !== 'opt-out' && keyword !== 'opt-in') return [];
  const word = sms.body.trim().toUpperCase();
  if (keyword === 'opt-out')
    await trx
      .insertInto('channel_opt_outs')
      .values({
        workspace_id: sms.workspaceId,
        channel: sms.channel,
        address: sms.phone,
        keyword: word,
      })
      .onConflict((oc) =>
        oc
          .columns(['workspace_id', 'channel', 'address'])
          .doUpdateSet({ keyword: word, opted_out_at: new Date() }),
      )
      .execute();
  else
    await trx
      .deleteFrom('channel_opt_outs')
      .where('workspace_id', '=', sms.workspaceId)
      .where('channel', '=', sms.channel)
      .where('address', '=', sms.phone)
      .execute();
  await trx
    .insertInto('messages')
    .values({
      id: newId(),
      workspace_id: sms.workspaceId,
      conversation_id: sms.conversationId,
      kind: 'system',
      direction: null,
      author_agent_id: null,
      body:
        keyword === 'opt-out'
          ? INTAKE_MESSAGES.optedOut(word, sms.channel)
          : INTAKE_MESSAGES.optedIn(word, sms.channel),
      created_at: new Date(),
    })
    .execute();
  return [
    {
      type: 'message.created',
      workspaceId: sms.workspaceId,
      id: sms.messageId,
      conversationId: sms.conversationId,
    },
  ];
}
