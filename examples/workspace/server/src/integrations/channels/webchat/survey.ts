// The satisfaction survey in the web-chat widget: the survey message carries its card (question,
// scale, the score given), and the visitor's tap on a score posts to
// `POST /api/widget/{slug}/survey` (their own survey only), recorded like any answer.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { apiErrorSchema } from '../../../contract/common';
import type { AppEnv, Services } from '../../../lib/context';
import { json, jsonBody } from '../../../lib/router';
import { csatDb } from '../../../modules/csat/tables';
import { CsatSurveys } from '../../../modules/csat/service';
import { WEBCHAT } from './constants';
import type { WebchatService } from './service';

/** A survey card as the widget shows it. */
export const widgetSurveySchema = z
  .object({
    id: z.string(),
    question: z.string(),
    scale: z.number(),
    score: z.number().nullable(),
    /** Past its expiry: the card shows the question without buttons. */
    expired: z.boolean(),
  })
  .openapi('WidgetSurvey');

export type WidgetSurvey = z.infer<typeof widgetSurveySchema>;

/** The survey cards of the given messages (by the message that carried each). */
export async function widgetSurveys(
  services: Services,
  messageIds: readonly string[],
): Promise<Map<string, WidgetSurvey>> {
  if (messageIds.length === 0) return new Map();
  const rows = await csatDb(services.db)
    .selectFrom('csat_surveys')
    .select(['id', 'message_id', 'question', 'scale', 'score', 'expires_at'])
    .where('message_id', 'in', [...messageIds])
    .where('channel', '=', 'chat')
    .execute();
  const now = Date.now();
  return new Map(
    rows.map((r) => [
      r.message_id!,
      {
        id: r.id,
        question: r.question,
        scale: r.scale,
        score: r.score,
        expired: new Date(r.expires_at).getTime() <= now,
      },
    ]),
  );
}

const answerSchema = z
  .object({ surveyId: z.string().min(1).max(64), score: z.number().int().min(1).max(10) })
  .strict();

/** Registers the widget's survey route on the web-chat router. */
export function widgetSurveyRoutes(
  router: OpenAPIHono<AppEnv>,
  services: Services,
  chat: WebchatService,
): void {
  const surveys = new CsatSurveys(services);
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: apiErrorSchema } },
  });
  router.openapi(
    createRoute({
      method: 'post',
      path: '/widget/{slug}/survey',
      tags: ['Web chat'],
      summary: "The visitor's score on their satisfaction survey card (a second score replaces it)",
      request: {
        params: z.object({ slug: z.string().min(1).max(64) }),
        headers: z.object({ [WEBCHAT.tokenHeader]: z.string().max(200).optional() }),
        ...jsonBody(answerSchema),
      },
      responses: {
        200: json(widgetSurveySchema),
        400: error('Invalid request, or a score off the scale'),
        401: error('Missing or unknown visitor token'),
        403: error('Web chat is off for this workspace (channel_off)'),
        404: error("Unknown workspace, or not the visitor's survey"),
        410: error('The survey has expired (survey_expired)'),
      },
    }),
    async (c) => {
      const ws = await chat.openWorkspace(c.req.valid('param').slug);
      const visitor = await chat.requireVisitor(ws.id, c.req.header(WEBCHAT.tokenHeader));
      const { surveyId, score } = c.req.valid('json');
      const s = await surveys.answerFromWidget(ws.id, visitor.contactId, surveyId, score);
      return c.json(
        { id: s.id, question: s.question, scale: s.scale, score: s.score, expired: false },
        200,
      );
    },
  );
}
