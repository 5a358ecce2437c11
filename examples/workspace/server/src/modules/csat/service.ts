// The customer-satisfaction survey: when a conversation with a customer on a messaging channel is
// closed and the workspace's survey is on, one survey (per conversation, ever) goes out through the
// conversation's channel as an ordinary outbound message of the reply outbox (queued → sent →
// delivered, retried like any reply): "reply 1–N" on SMS and WhatsApp (outside WhatsApp's 24-hour
// window, the approved `customer_satisfaction_survey` template), a link per score on email, a
// one-tap card in the web-chat widget. Answers (the survey page, the widget card, a number replied
// by SMS or WhatsApp through the intake) are recorded on the survey and in csat_responses, the one
// table the settings card counts: one response per survey, a second answer updates it.
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { WHATSAPP_WINDOW_MS } from '../../integrations/channels/whatsapp/constants';
import { isMessagingChannel } from '../../integrations/channels/registry';
import { renderTemplate } from '../../integrations/channels/whatsapp/outbound';
import type { ConversationSurvey } from '../../contract/csat';
import type { Database, MessageTemplateRef } from '../../db/schema';
import type { Services } from '../../lib/context';
import { ApiError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { MESSAGES } from '../../lib/messages';
import type { LiveEvent } from '../live/bus';
import { OutboxService } from '../outbox/service';
import { wakeOutbox } from '../outbox/worker';
import { CSAT_DEFAULTS } from '../settings/messages';
import {
  SURVEY_EXPIRY_MS,
  SURVEY_PATH,
  SURVEY_TOKEN_BYTES,
  SURVEY_TOKEN_PATTERN,
  WHATSAPP_SURVEY_TEMPLATE,
} from './constants';
import { CSAT_MESSAGES } from './messages';
import { csatDb, type CsatSurveysTable } from './tables';

type Trx = Transaction<Database>;

/** A survey as stored. */
export interface SurveyRow {
  readonly id: string;
  readonly workspace_id: string;
  readonly conversation_id: string;
  readonly contact_id: string;
  readonly channel: CsatSurveysTable['channel'];
  readonly token: string;
  readonly question: string;
  readonly scale: number;
  readonly message_id: string | null;
  readonly answer_message_id: string | null;
  readonly sent_at: Date;
  readonly expires_at: Date;
  readonly answered_at: Date | null;
  readonly score: number | null;
}

/** The public link of a survey (with a preselected score for the email's links). */
export function surveyUrl(origin: string, token: string, score?: number): string {
  return `${origin}${SURVEY_PATH}/${token}${score === undefined ? '' : `?score=${score}`}`;
}

/** Whether a score is on a survey's scale. */
export const onScale = (score: number, scale: number): boolean =>
  Number.isInteger(score) && score >= 1 && score <= scale;

/**
 * Records a score on a survey (in the caller's transaction): the survey's score and answer time,
 * its one row in csat_responses, and a system line in the conversation. The same score again
 * changes nothing (answers `null`); another score replaces the first. Answers the events to publish.
 */
export async function recordSurveyAnswer(
  trx: Trx,
  survey: SurveyRow,
  score: number,
  at: Date,
  answerMessageId: string | null,
): Promise<LiveEvent[] | null> {
  const db = csatDb(trx);
  if (survey.score === score) {
    if (answerMessageId)
      await db
        .updateTable('csat_surveys')
        .set({ answer_message_id: answerMessageId })
        .where('id', '=', survey.id)
        .execute();
    return null;
  }
  await db
    .updateTable('csat_surveys')
    .set({
      score,
      answered_at: at,
      ...(answerMessageId ? { answer_message_id: answerMessageId } : {}),
    })
    .where('id', '=', survey.id)
    .execute();
  await db
    .insertInto('csat_responses')
    .values({
      id: newId(),
      workspace_id: survey.workspace_id,
      conversation_id: survey.conversation_id,
      scale: survey.scale,
      score,
      comment: null,
      created_at: at,
      demo: false,
      survey_id: survey.id,
    })
    .onConflict((oc) => oc.column('survey_id').doUpdateSet({ score }))
    .execute();
  const lineId = newId();
  await trx
    .insertInto('messages')
    .values({
      id: lineId,
      workspace_id: survey.workspace_id,
      conversation_id: survey.conversation_id,
      kind: 'system',
      direction: null,
      author_agent_id: null,
      body:
        survey.score === null
          ? CSAT_MESSAGES.answered(score, survey.scale)
          : CSAT_MESSAGES.changed(score, survey.scale),
      // Just after the customer's answer message, when there is one.
      created_at: new Date(at.getTime() + 1),
    })
    .execute();
  return [
    {
      type: 'message.created',
      workspaceId: survey.workspace_id,
      id: lineId,
      conversationId: survey.conversation_id,
    },
  ];
}

/**
 * The survey a customer's number on SMS or WhatsApp may answer: their latest survey on that
 * channel, not expired at `at`, whose conversation is still closed (locked for the caller's
 * transaction).
 */
export async function answerableSurvey(
  trx: Trx,
  where: { workspaceId: string; contactId: string; channel: string; at: Date },
): Promise<SurveyRow | null> {
  const row = await csatDb(trx)
    .selectFrom('csat_surveys as s')
    .innerJoin('conversations as c', 'c.id', 's.conversation_id')
    .selectAll('s')
    .where('s.workspace_id', '=', where.workspaceId)
    .where('s.contact_id', '=', where.contactId)
    .where('s.channel', '=', where.channel as CsatSurveysTable['channel'])
    .where('s.expires_at', '>', where.at)
    .where('c.status', '=', 'closed')
    .orderBy('s.sent_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

export class CsatSurveys {
  private readonly outbox: OutboxService;

  constructor(private readonly services: Services) {
    this.outbox = new OutboxService(services);
  }

  /**
   * Sends the survey of a conversation that was just closed, when the workspace's survey is on,
   * the conversation is on a messaging channel with a reachable customer and was never surveyed.
   * Answers the survey id, or null when none was sent.
   */
  async onClosed(workspaceId: string, conversationId: string): Promise<string | null> {
    const db = csatDb(this.services.db);
    const settings = await db
      .selectFrom('csat_settings')
      .select(['enabled', 'question', 'scale'])
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    if (!(settings?.enabled ?? CSAT_DEFAULTS.enabled)) return null;
    const conversation = await db
      .selectFrom('conversations as c')
      .innerJoin('contacts as k', 'k.id', 'c.contact_id')
      .select(['c.id', 'c.channel', 'c.status', 'c.assignee_agent_id', 'k.id as contact_id'])
      .select(['k.name', 'k.phone', 'k.email'])
      .where('c.workspace_id', '=', workspaceId)
      .where('c.id', '=', conversationId)
      .executeTakeFirst();
    if (!conversation || conversation.status !== 'closed') return null;
    const channel = conversation.channel;
    if (!isMessagingChannel(channel)) return null;
    if ((channel === 'sms' || channel === 'whatsapp') && !conversation.phone) return null;
    if (channel === 'email' && !conversation.email) return null;

    const question = settings?.question ?? CSAT_DEFAULTS.question;
    let scale: number = settings?.scale ?? CSAT_DEFAULTS.scale;
    let template: MessageTemplateRef | null = null;
    if (channel === 'whatsapp' && !(await this.inWhatsappWindow(workspaceId, conversation))) {
      const name = conversation.name.trim().split(/\s+/)[0] || conversation.name;
      template = {
        name: WHATSAPP_SURVEY_TEMPLATE.name,
        language: WHATSAPP_SURVEY_TEMPLATE.language,
        parameters: [name],
      };
      scale = WHATSAPP_SURVEY_TEMPLATE.scale;
    }
    const token = randomBytes(SURVEY_TOKEN_BYTES).toString('base64url');
    const origin = this.services.callbackOrigin.url ?? this.services.config.publicApiUrl ?? '';
    const body = template
      ? await this.templateText(template)
      : channel === 'email'
        ? CSAT_MESSAGES.emailText(
            question,
            Array.from({ length: scale }, (_, i) => ({
              score: i + 1,
              url: surveyUrl(origin, token, i + 1),
            })),
          )
        : channel === 'chat'
          ? CSAT_MESSAGES.chatText(question, scale)
          : CSAT_MESSAGES.replyText(question, scale);

    const at = new Date();
    const surveyId = newId();
    const messageId = newId();
    const sent = await this.services.db.transaction().execute(async (trx) => {
      const inserted = await csatDb(trx)
        .insertInto('csat_surveys')
        .values({
          id: surveyId,
          workspace_id: workspaceId,
          conversation_id: conversationId,
          contact_id: conversation.contact_id,
          channel,
          token,
          question,
          scale,
          sent_at: at,
          expires_at: new Date(at.getTime() + SURVEY_EXPIRY_MS),
        })
        .onConflict((oc) => oc.column('conversation_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return false;
      await trx
        .insertInto('messages')
        .values({
          id: messageId,
          workspace_id: workspaceId,
          conversation_id: conversationId,
          kind: 'message',
          direction: 'outbound',
          author_agent_id: null,
          body,
          created_at: at,
          status: 'queued',
          status_at: at,
          template: template ? JSON.stringify(template) : null,
        })
        .execute();
      await csatDb(trx)
        .updateTable('csat_surveys')
        .set({ message_id: messageId })
        .where('id', '=', surveyId)
        .execute();
      await this.outbox.enqueue(trx, { workspaceId, messageId, channel });
      return true;
    });
    if (!sent) return null;
    wakeOutbox(this.services);
    this.services.bus.publish({
      type: 'message.created',
      workspaceId,
      id: messageId,
      conversationId,
      assigneeId: conversation.assignee_agent_id,
    });
    return surveyId;
  }

  /** Whether the customer wrote on WhatsApp in the last 24 hours (free text is allowed). */
  private async inWhatsappWindow(
    workspaceId: string,
    conversation: { contact_id: string },
  ): Promise<boolean> {
    const last = await this.services.db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select((eb) => eb.fn.max('m.created_at').as('at'))
      .where('c.workspace_id', '=', workspaceId)
      .where('c.contact_id', '=', conversation.contact_id)
      .where('c.channel', '=', 'whatsapp')
      .where('m.direction', '=', 'inbound')
      .executeTakeFirst();
    return !!last?.at && new Date(last.at).getTime() + WHATSAPP_WINDOW_MS > Date.now();
  }

  /** The text the customer sees of the survey template (its approved text when listed). */
  private async templateText(template: MessageTemplateRef): Promise<string> {
    try {
      const templates = (await this.services.channels.whatsapp.templates?.()) ?? [];
      const t = templates.find((x) => x.name === template.name && x.language === template.language);
      if (t) return renderTemplate(t, template.parameters);
    } catch {
      // The template list is not reachable now: the send itself will say what is wrong.
    }
    return `${template.name} (${template.parameters.join(', ')})`;
  }

  /** The survey of a token, checked: 404 when unknown, 410 when expired. */
  async byToken(token: string): Promise<SurveyRow & { workspace_name: string }> {
    if (!SURVEY_TOKEN_PATTERN.test(token))
      throw new ApiError(404, 'not_found', CSAT_MESSAGES.notFound);
    const row = await csatDb(this.services.db)
      .selectFrom('csat_surveys as s')
      .innerJoin('workspaces as w', 'w.id', 's.workspace_id')
      .selectAll('s')
      .select('w.name as workspace_name')
      .where('s.token', '=', token)
      .executeTakeFirst();
    if (!row) throw new ApiError(404, 'not_found', CSAT_MESSAGES.notFound);
    if (new Date(row.expires_at).getTime() <= Date.now())
      throw new ApiError(410, 'survey_expired', CSAT_MESSAGES.expired);
    return row;
  }

  /** Records a score given on the survey page (idempotent; another score replaces the first). */
  async answerByToken(token: string, score: number): Promise<SurveyRow> {
    const survey = await this.byToken(token);
    return this.answer(survey, score);
  }

  /** Records a score from the widget's card: the visitor's own survey only (else 404). */
  async answerFromWidget(
    workspaceId: string,
    contactId: string,
    surveyId: string,
    score: number,
  ): Promise<SurveyRow> {
    const row = await csatDb(this.services.db)
      .selectFrom('csat_surveys')
      .selectAll()
      .where('id', '=', surveyId)
      .where('workspace_id', '=', workspaceId)
      .where('contact_id', '=', contactId)
      .where('channel', '=', 'chat')
      .executeTakeFirst();
    if (!row) throw new ApiError(404, 'not_found', CSAT_MESSAGES.notFound);
    if (new Date(row.expires_at).getTime() <= Date.now())
      throw new ApiError(410, 'survey_expired', CSAT_MESSAGES.expired);
    return this.answer(row, score);
  }

  private async answer(survey: SurveyRow, score: number): Promise<SurveyRow> {
    if (!onScale(score, survey.scale))
      throw new ApiError(400, 'invalid_request', MESSAGES.invalidRequest, [
        { path: 'body.score', message: CSAT_MESSAGES.scoreRange(survey.scale) },
      ]);
    const at = new Date();
    const { events, row } = await this.services.db.transaction().execute(async (trx) => {
      const locked = (await csatDb(trx)
        .selectFrom('csat_surveys')
        .selectAll()
        .where('id', '=', survey.id)
        .forUpdate()
        .executeTakeFirstOrThrow()) as SurveyRow;
      const events = await recordSurveyAnswer(trx, locked, score, at, null);
      return { events, row: { ...locked, score, answered_at: locked.answered_at ?? at } };
    });
    for (const event of events ?? []) this.services.bus.publish(event);
    return row;
  }

  /** The survey of a conversation (null when none was sent). */
  async ofConversation(
    workspaceId: string,
    conversationId: string,
  ): Promise<ConversationSurvey | null> {
    const row = await csatDb(this.services.db)
      .selectFrom('csat_surveys as s')
      .leftJoin('messages as m', 'm.id', 's.message_id')
      .select([
        's.id',
        's.channel',
        's.scale',
        's.sent_at',
        's.expires_at',
        's.answered_at',
        's.score',
        'm.status',
      ])
      .where('s.workspace_id', '=', workspaceId)
      .where('s.conversation_id', '=', conversationId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      channel: row.channel,
      scale: row.scale,
      sentAt: new Date(row.sent_at).toISOString(),
      expiresAt: new Date(row.expires_at).toISOString(),
      answeredAt: row.answered_at ? new Date(row.answered_at).toISOString() : null,
      score: row.score,
      delivery: row.status ?? null,
    };
  }

  /** Surveys sent and answered since a date (the settings card's response rate). */
  async sentSince(workspaceId: string, since: Date): Promise<{ sent: number; answered: number }> {
    const row = await csatDb(this.services.db)
      .selectFrom('csat_surveys')
      .select((eb) => [
        eb.fn.countAll<string>().as('sent'),
        eb.fn.count<string>('answered_at').as('answered'),
      ])
      .where('workspace_id', '=', workspaceId)
      .where('sent_at', '>=', since)
      .executeTakeFirst();
    return { sent: Number(row?.sent ?? 0), answered: Number(row?.answered ?? 0) };
  }
}
