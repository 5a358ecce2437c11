/** A date and time on the workspace's clock ("Nov 26, 2026, 10:00 AM"), as schedules are set. */
export function formatInZone(iso: string, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
      });
}
