// Moments on a workspace's clock (campaign schedules, report days), with the time zone's
// daylight-saving gaps.
import { TZDate } from '@date-fns/tz';
import type { LocalTime } from '../../contract/campaigns';

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment on a time zone's clock. */
export function toLocal(at: Date, timeZone: string): LocalTime {
  const d = new TZDate(at.getTime(), timeZone);
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}

/** The moment a wall-clock time names in a time zone; null when the clock skips it (DST). */
export function fromLocal(local: LocalTime, timeZone: string): Date | null {
  const [y, m, d] = local.date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = local.time.split(':').map(Number) as [number, number];
  const at = new Date(new TZDate(y, m - 1, d, hh, mm, 0, timeZone).getTime());
  const back = toLocal(at, timeZone);
  return back.date === local.date && back.time === local.time ? at : null;
}
