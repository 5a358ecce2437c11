// The period of a report: the presets and custom days the toolbar offers, and the checks on them.
import { dayNumber, REPORT_MAX_DAYS } from '../../../../server/src/contract/report-days';
import { Field, Input, Select } from '../../../ui';
import type { DayRange } from '../api';
import { RANGE_PRESETS, REPORTS_COPY as M } from '../messages';

export type Preset = (typeof RANGE_PRESETS)[number]['value'];

/** Today in a time zone, as YYYY-MM-DD. */
export const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

const isDay = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** Whether a period runs forwards and spans at most the longest a report covers. */
export const validRange = (r: DayRange) =>
  isDay(r.from) &&
  isDay(r.to) &&
  r.from <= r.to &&
  dayNumber(r.to) - dayNumber(r.from) < REPORT_MAX_DAYS;

/** The period picker: a preset, or from and to days when the preset is "custom". */
export function ReportPeriodToolbar({
  preset,
  range,
  rangeOk,
  today,
  update,
}: {
  readonly preset: Preset;
  readonly range: DayRange;
  readonly rangeOk: boolean;
  /** Today in the workspace's time zone, the latest day a period may end. */
  readonly today: string;
  /** Changes the page's search parameters (null removes one). */
  readonly update: (changes: Record<string, string | null>) => void;
}) {
  return (
    <div className="rpt-toolbar">
      <Field label={M.rangeLabel}>
        {(control) => (
          <Select
            id={control.id}
            label={M.rangeLabel}
            value={preset}
            options={RANGE_PRESETS}
            onValueChange={(value) =>
              update(
                value === 'custom'
                  ? { range: value, from: range.from, to: range.to }
                  : { range: value, from: null, to: null },
              )
            }
            data-testid="reports-range"
          />
        )}
      </Field>
      {preset === 'custom' ? (
        <>
          <Field label={M.from}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={range.from}
                max={today}
                onChange={(e) => update({ from: e.target.value || null })}
                data-testid="reports-from"
              />
            )}
          </Field>
          <Field label={M.to} error={rangeOk ? null : M.rangeInvalid}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={range.to}
                max={today}
                onChange={(e) => update({ to: e.target.value || null })}
                data-testid="reports-to"
              />
            )}
          </Field>
        </>
      ) : null}
    </div>
  );
}
