// The survey's routes: the public page (`/survey/{token}`, outside /api: a customer opens it from
// an email) and the inbox's read of a conversation's survey. The page answers HTML to browsers
// and the API's error shape ({error, message}) to any other client: 404 for an unknown token,
// 410 for an expired survey, 400 for a score off the scale. GET never records (mail scanners
// open links); POST records and answers 303 to the page, which then shows the answer. The same
// score twice records once; another score replaces the first until the survey expires.
import type { Context, Hono } from 'hono';
import { idParamsSchema } from '../../contract/common';
import { conversationSurveyResponseSchema } from '../../contract/csat';
import type { AppEnv, Services } from '../../lib/context';
import { ApiError } from '../../lib/errors';
import { payloadTooLarge } from '../../lib/guard';
import { MESSAGES } from '../../lib/messages';
import { authRoute, createRouter, json } from '../../lib/router';
import { InboxService } from '../inbox/service';
import { SURVEY_PATH, SURVEY_POST_MAX_BYTES } from './constants';
import { surveyErrorPage, surveyPage } from './page';
import { CsatSurveys } from './service';

const wantsHtml = (c: Context) => (c.req.header('accept') ?? '').includes('text/html');

function answerError(c: Context, error: unknown) {
  if (!(error instanceof ApiError)) throw error;
  if (wantsHtml(c) && (error.status === 404 || error.status === 410))
    return c.html(surveyErrorPage(error.status), error.status);
  return c.json(error.toBody(), error.status);
}

/** Reads the score of a POST: a form field or JSON `{score}`; 400 otherwise. */
async function postedScore(c: Context): Promise<number> {
  const length = Number(c.req.header('content-length') ?? 0);
  if (length > SURVEY_POST_MAX_BYTES) throw payloadTooLarge(SURVEY_POST_MAX_BYTES);
  const type = c.req.header('content-type') ?? '';
  let raw: unknown;
  if (type.includes('application/json')) {
    const body = (await c.req.json().catch(() => null)) as { score?: unknown } | null;
    raw = body?.score;
  } else {
    const text = await c.req.text();
    if (text.length > SURVEY_POST_MAX_BYTES) throw payloadTooLarge(SURVEY_POST_MAX_BYTES);
    raw = new URLSearchParams(text).get('score');
  }
  const score = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  if (!Number.isInteger(score))
    throw new ApiError(400, 'invalid_request', MESSAGES.invalidRequest, [
      { path: 'body.score', message: 'Expected a whole number' },
    ]);
  return score;
}

/** Mounts the public survey page on the app (outside /api). */
export function mountSurveyPage(app: Hono<AppEnv>, services: Services): void {
  const surveys = new CsatSurveys(services);
  app.get(`${SURVEY_PATH}/:token`, async (c) => {
    try {
      const token = c.req.param('token');
      const survey = await surveys.byToken(token);
      const pre = Number(c.req.query('score'));
      c.header('Cache-Control', 'no-store');
      if (!wantsHtml(c))
        return c.json({ question: survey.question, scale: survey.scale, score: survey.score }, 200);
      return c.html(
        surveyPage({
          workspace: survey.workspace_name,
          question: survey.question,
          scale: survey.scale,
          score: survey.score,
          preselected: Number.isInteger(pre) && pre >= 1 && pre <= survey.scale ? pre : null,
          action: `${SURVEY_PATH}/${token}`,
          thanks: c.req.query('answered') === '1',
        }),
        200,
      );
    } catch (error) {
      return answerError(c, error);
    }
  });
  app.post(`${SURVEY_PATH}/:token`, async (c) => {
    try {
      const token = c.req.param('token');
      await surveys.byToken(token);
      const answered = await surveys.answerByToken(token, await postedScore(c));
      if (wantsHtml(c)) return c.redirect(`${SURVEY_PATH}/${token}?answered=1`, 303);
      return c.json(
        {
          score: answered.score,
          scale: answered.scale,
          answeredAt: answered.answered_at?.toISOString() ?? null,
        },
        200,
      );
    } catch (error) {
      return answerError(c, error);
    }
  });
}

/** `GET /ws/{slug}/inbox/conversations/{id}/survey`: the conversation's survey, or null. */
export function csatRoutes(services: Services) {
  const inbox = new InboxService(services);
  const surveys = new CsatSurveys(services);
  const router = createRouter();
  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/inbox/conversations/{id}/survey',
      tags: ['Inbox'],
      summary: "The conversation's satisfaction survey: when it was sent and the score, or null",
      request: { params: idParamsSchema },
      responses: { 200: json(conversationSurveyResponseSchema) },
    }),
    async (c) => {
      const access = c.get('access');
      const { id } = c.req.valid('param');
      await inbox.get(access, id);
      return c.json({ survey: await surveys.ofConversation(access.workspace.id, id) }, 200);
    },
  );
  return router;
}
