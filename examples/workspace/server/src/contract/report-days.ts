// The calendar days of reports, as `YYYY-MM-DD` (no dependencies: the web app imports it too).

/** The longest range a report covers, in days (a year, leap day included). */
export const REPORT_MAX_DAYS = 366;

/** Days since 1970-01-01 of a `YYYY-MM-DD` day. */
export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
}

/** The `YYYY-MM-DD` day of a day number. */
export function toDay(n: number): string {
  return new Date(n * 86_400_000).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) out.push(toDay(n));
  return out;
}
