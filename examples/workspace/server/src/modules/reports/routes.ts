// Report routes: conversations, calls and satisfaction over a range of days, as JSON for the
// Reports screen and as CSV for a spreadsheet.
import {
  callReportQuerySchema,
  callReportSchema,
  conversationReportQuerySchema,
  conversationReportSchema,
  csatReportSchema,
  rangeQuerySchema,
  reportCsvParamsSchema,
  reportCsvQuerySchema,
  reportParamsSchema,
} from '../../contract/reports';
import type { Services } from '../../lib/context';
import { ApiError } from '../../lib/errors';
import { MESSAGES } from '../../lib/messages';
import { authRoute, createRouter, json } from '../../lib/router';
import { callCsv, conversationCsv, csatCsv } from './csv';
import { ReportsService } from './service';

const tags = ['Reports'];
const PERMIT =
  "Needs the reports permit (flag_reports); admins pass. Days are the workspace's time zone's.";

export function reportRoutes(services: Services) {
  const reports = new ReportsService(services);
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/reports/conversations',
      tags,
      summary: 'Conversations opened and closed, first response and resolution times',
      description: `By day, and by channel, team (the assignee's teams) or agent (the assignee). ${PERMIT}`,
      request: { params: reportParamsSchema, query: conversationReportQuerySchema },
      responses: { 200: json(conversationReportSchema) },
    }),
    async (c) => c.json(await reports.conversations(c.get('access'), c.req.valid('query')), 200),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/reports/calls',
      tags,
      summary: 'Calls in and out, answered, missed rate, handle and after-call work times',
      description: `Customer calls by the day they started, and by agent or by contact-centre queue, from the contact events received. ${PERMIT}`,
      request: { params: reportParamsSchema, query: callReportQuerySchema },
      responses: { 200: json(callReportSchema) },
    }),
    async (c) => c.json(await reports.calls(c.get('access'), c.req.valid('query')), 200),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/reports/csat',
      tags,
      summary: 'Customer satisfaction answers by day',
      description: `Survey answers by the day they came in (the settings' previews left out). ${PERMIT}`,
      request: { params: reportParamsSchema, query: rangeQuerySchema },
      responses: { 200: json(csatReportSchema) },
    }),
    async (c) => c.json(await reports.csat(c.get('access'), c.req.valid('query')), 200),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/reports/{report}/export',
      tags,
      summary: 'A report as CSV',
      description: `The table of the Reports screen: the whole range first, then each group (satisfaction: each day). ${PERMIT}`,
      request: { params: reportCsvParamsSchema, query: reportCsvQuerySchema },
      responses: {
        200: {
          description: 'CSV (text/csv)',
          content: { 'text/csv': { schema: { type: 'string' } } },
        },
      },
    }),
    async (c) => {
      const access = c.get('access');
      const { report } = c.req.valid('param');
      const q = c.req.valid('query');
      let body: string;
      if (report === 'csat') body = csatCsv(await reports.csat(access, q));
      else if (report === 'calls') {
        if (q.groupBy !== undefined && q.groupBy !== 'agent' && q.groupBy !== 'queue')
          throw new ApiError(400, 'invalid_request', MESSAGES.invalidRequest, [
            { path: 'query.groupBy', message: 'Calls group by agent or queue' },
          ]);
        body = callCsv(await reports.calls(access, { ...q, groupBy: q.groupBy ?? 'agent' }));
      } else {
        if (q.groupBy === 'queue')
          throw new ApiError(400, 'invalid_request', MESSAGES.invalidRequest, [
            { path: 'query.groupBy', message: 'Conversations group by channel, team or agent' },
          ]);
        body = conversationCsv(
          await reports.conversations(access, { ...q, groupBy: q.groupBy ?? 'channel' }),
        );
      }
      return c.body(body, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${report}-${q.from}-${q.to}.csv"`,
      });
    },
  );

  return router;
}
