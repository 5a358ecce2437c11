// Campaign routes of a campaign's results: the report (JSON and CSV) and its recipients.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { neutraliseCell } from '../../contract/csv-cell';
import { idParamsSchema } from '../../contract/common';
import {
  campaignReportResponseSchema,
  recipientListQuerySchema,
  recipientListResponseSchema,
  reportCsvQuerySchema,
} from '../../contract/campaigns';
import { authRoute, createRouter, json } from '../../lib/router';
import type { CampaignReports } from './report-service';
import { PERMIT, tags } from './route-docs';

/** A cell as a spreadsheet will not run it as a formula (the shared CSV cell rule). */
export const safeCell = neutraliseCell;

/** The report routes: the report, its CSV download and the recipients page. */
export function reportRoutes(reports: CampaignReports) {
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/campaigns/{id}/report',
      tags,
      summary: 'Sent, delivered, failed and replied: totals and over time',
      description: PERMIT,
      request: { params: idParamsSchema },
      responses: { 200: json(campaignReportResponseSchema) },
    }),
    async (c) =>
      c.json({ report: await reports.report(c.get('access'), c.req.valid('param').id) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/campaigns/{id}/report.csv',
      tags,
      summary: 'The report as CSV: one row per recipient, or the timeline',
      description: PERMIT,
      request: { params: idParamsSchema, query: reportCsvQuerySchema },
      responses: {
        200: {
          description: 'CSV (text/csv)',
          content: { 'text/csv': { schema: { type: 'string' } } },
        },
      },
    }),
    async (c) => {
      const access = c.get('access');
      const { id } = c.req.valid('param');
      const { kind } = c.req.valid('query');
      // Checks the permit and the campaign before the first byte goes out.
      const filename = await reports.csvName(access, id, kind);
      const rows = reports.csvRows(access, id, kind);
      const csv = Readable.from(
        (async function* () {
          for await (const row of rows) yield row.map(safeCell);
        })(),
      ).pipe(stringify());
      return c.body(Readable.toWeb(csv) as ReadableStream, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${filename}"`,
      });
    },
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/campaigns/{id}/recipients',
      tags,
      summary: 'A page of recipients with their delivery state',
      description: PERMIT,
      request: { params: idParamsSchema, query: recipientListQuerySchema },
      responses: { 200: json(recipientListResponseSchema) },
    }),
    async (c) =>
      c.json(
        await reports.recipients(c.get('access'), c.req.valid('param').id, c.req.valid('query')),
        200,
      ),
  );

  return router;
}
