/** How the Reports area writes its figures. */
/** A length of time for figures, to two units: "45s", "20m", "1h 30m", "2d 4h"; null as "—". */
export function formatSpan(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  const units: [number, string][] = [
    [86_400, 'd'],
    [3_600, 'h'],
    [60, 'm'],
    [1, 's'],
  ];
  const i = units.findIndex(([size]) => s >= size);
  const [big, bigUnit] = units[i]!;
  const [small, smallUnit] = units[i + 1]!;
  const rest = Math.floor((s % big) / small);
  return rest > 0
    ? `${Math.floor(s / big)}${bigUnit} ${rest}${smallUnit}`
    : `${Math.floor(s / big)}${bigUnit}`;
}

/** A share (0..1) as a whole percentage; null as "—". */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)}%`;
}

/** A count with thousands separators: "1,234". */
export const formatCount = (n: number) => n.toLocaleString('en-US');
