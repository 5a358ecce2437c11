// The survey's step in the inbound path: on SMS and WhatsApp, a customer's message that is just a
// number (surrounding spaces allowed; "4/5", "4 stars" are not) on the scale of their latest
// survey on that channel, sent while it can be answered (SURVEY_EXPIRY_MS) and while its
// conversation is still closed, answers that survey: the message is stored on the surveyed
// conversation, which stays closed, and the score is recorded (a second number replaces the
// first). Anything else goes the normal way.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { SURVEY_REPLY_PATTERN } from '../csat/constants';
import { answerableSurvey, onScale, recordSurveyAnswer } from '../csat/service';
import type { LiveEvent } from '../live/bus';

/** A message that answers a survey: its conversation, and how to record it once stored. */
export interface SurveyAnswer {
  readonly conversation: { id: string; assigneeId: string | null; created: false };
  /** Records the score with the stored message's id; answers the events to publish. */
  record(messageId: string): Promise<LiveEvent[]>;
}

/** The survey a customer's inbound message answers, or null (the message goes the normal way). */
export async function surveyAnswer(
  trx: Transaction<Database>,
  message: {
    readonly workspaceId: string;
    readonly channel: string;
    readonly contactId: string;
    readonly body: string;
    readonly at: Date;
  },
): Promise<SurveyAnswer | null> {
  if (message.channel !== 'sms' && message.channel !== 'whatsapp') return null;
  const match = SURVEY_REPLY_PATTERN.exec(message.body);
  if (!match) return null;
  const score = Number(match[1]);
  const survey = await answerableSurvey(trx, {
    workspaceId: message.workspaceId,
    contactId: message.contactId,
    channel: message.channel,
    at: message.at,
  });
  if (!survey || !onScale(score, survey.scale)) return null;
  // A number written while another conversation on the channel is open belongs to that one.
  const open = await trx
    .selectFrom('conversations')
    .select('id')
    .where('workspace_id', '=', message.workspaceId)
    .where('contact_id', '=', message.contactId)
    .where('channel', '=', message.channel)
    .where('status', 'in', ['open', 'pending'])
    .executeTakeFirst();
  if (open) return null;
  const conversation = await trx
    .selectFrom('conversations')
    .select('assignee_agent_id')
    .where('id', '=', survey.conversation_id)
    .executeTakeFirstOrThrow();
  return {
    conversation: {
      id: survey.conversation_id,
      assigneeId: conversation.assignee_agent_id,
      created: false,
    },
    record: async (messageId) =>
      (await recordSurveyAnswer(trx, survey, score, message.at, messageId)) ?? [],
  };
}
