// Reports (the Reports area): conversations, calls and customer satisfaction over a range of days
// in the workspace's time zone, each computed by SQL over the stored rows when asked.
import { z } from '@hono/zod-openapi';
import { slugParamsSchema } from './common';
import { dayNumber, REPORT_MAX_DAYS, toDay } from './report-days';

const day = z
  .string()
  .max(10, { abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && toDay(dayNumber(v)) === v, {
    message: 'Not a calendar day',
  });

const rangeShape = {
  from: day.openapi({ example: '2026-11-01', description: 'First day (workspace time zone)' }),
  to: day.openapi({ example: '2026-11-30', description: 'Last day, included' }),
};

/** A range runs forwards and covers at most `REPORT_MAX_DAYS` days. */
function checkRange(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (q.from > q.to)
    ctx.addIssue({ code: 'custom', message: '`from` is after `to`', path: ['from'] });
  else if (dayNumber(q.to) - dayNumber(q.from) >= REPORT_MAX_DAYS)
    ctx.addIssue({
      code: 'custom',
      message: `A report covers at most ${REPORT_MAX_DAYS} days`,
      path: ['to'],
    });
}

export const CONVERSATION_REPORT_GROUPS = ['channel', 'team', 'agent'] as const;
export const CALL_REPORT_GROUPS = ['agent', 'queue'] as const;
export const REPORT_KINDS = ['conversations', 'calls', 'csat'] as const;

export const rangeQuerySchema = z.object(rangeShape).superRefine(checkRange);
export const conversationReportQuerySchema = z
  .object({ ...rangeShape, groupBy: z.enum(CONVERSATION_REPORT_GROUPS).default('channel') })
  .superRefine(checkRange);
export const callReportQuerySchema = z
  .object({ ...rangeShape, groupBy: z.enum(CALL_REPORT_GROUPS).default('agent') })
  .superRefine(checkRange);
export const reportParamsSchema = slugParamsSchema;
export const reportCsvParamsSchema = slugParamsSchema.extend({
  report: z.enum(REPORT_KINDS).openapi({ param: { name: 'report', in: 'path' } }),
});
export const reportCsvQuerySchema = z
  .object({
    ...rangeShape,
    groupBy: z.enum([...CONVERSATION_REPORT_GROUPS, ...CALL_REPORT_GROUPS]).optional(),
  })
  .superRefine(checkRange);

const rangeSchema = z.object({ from: z.string(), to: z.string(), timeZone: z.string() });

/** Seconds: the median and 90th percentile of `count` durations (null when none). */
export const durationStatsSchema = z
  .object({
    count: z.number().int(),
    medianSeconds: z.number().nullable(),
    p90Seconds: z.number().nullable(),
  })
  .openapi('DurationStats');

const conversationFiguresSchema = z.object({
  /** Conversations started in the range. */
  opened: z.number().int(),
  /** Conversations closed in the range (and not reopened since). */
  closed: z.number().int(),
  /** From the customer's first message to the first agent reply, of conversations opened. */
  firstResponse: durationStatsSchema,
  /** From start to close, of conversations closed. */
  resolution: durationStatsSchema,
});

export const conversationReportSchema = z
  .object({
    range: rangeSchema,
    groupBy: z.enum(CONVERSATION_REPORT_GROUPS),
    totals: conversationFiguresSchema,
    days: z.array(
      z.object({ date: z.string(), opened: z.number().int(), closed: z.number().int() }),
    ),
    groups: z.array(
      conversationFiguresSchema.extend({ key: z.string().nullable(), label: z.string() }),
    ),
  })
  .openapi('ConversationReport');

const callFiguresSchema = z.object({
  inbound: z.number().int(),
  outbound: z.number().int(),
  /** Calls an agent answered (inbound and outbound). */
  answered: z.number().int(),
  /** Inbound calls that ended before an agent answered. */
  missed: z.number().int(),
  /** missed ÷ inbound (null without inbound calls). */
  missedRate: z.number().nullable(),
  /** Mean of connected → after-call work done (or hang-up when none), of answered calls. */
  averageHandleSeconds: z.number().nullable(),
  /** Mean of hang-up → after-call work done, of answered calls with after-call work. */
  averageAfterCallWorkSeconds: z.number().nullable(),
});

export const callReportSchema = z
  .object({
    range: rangeSchema,
    groupBy: z.enum(CALL_REPORT_GROUPS),
    totals: callFiguresSchema,
    days: z.array(
      z.object({
        date: z.string(),
        inbound: z.number().int(),
        outbound: z.number().int(),
        missed: z.number().int(),
      }),
    ),
    groups: z.array(callFiguresSchema.extend({ key: z.string().nullable(), label: z.string() })),
  })
  .openapi('CallReport');

const csatFiguresSchema = z.object({
  responses: z.number().int(),
  /** Share of answers at 80 % of their scale or more (4–5 of 5, 3 of 3, 8–10 of 10). */
  satisfiedShare: z.number().nullable(),
  /** Mean score as a share of its scale (1 = every answer the top score). */
  averageShare: z.number().nullable(),
});

export const csatReportSchema = z
  .object({
    range: rangeSchema,
    totals: csatFiguresSchema,
    days: z.array(csatFiguresSchema.extend({ date: z.string() })),
  })
  .openapi('CsatReport');

export type ConversationReport = z.infer<typeof conversationReportSchema>;
export type CallReport = z.infer<typeof callReportSchema>;
export type CsatReport = z.infer<typeof csatReportSchema>;
export type DurationStats = z.infer<typeof durationStatsSchema>;
