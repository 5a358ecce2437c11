// The CSV cell rule (CSV/formula injection, after OWASP), written once for every export and import
// of the server and the app: a text cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage
// return gets a leading `'`, so a spreadsheet shows it as text instead of running it; an import
// takes that `'` off again, so an exported file imports back unchanged (+15555550101 included).
// No dependencies: the web app imports it too.

/**
 * The characters that make a spreadsheet read a cell as a formula; quotes before one are counted
 * too, so that a text such as `'=x` itself survives a round trip.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** A text cell as an export writes it: formula-looking text prefixed with `'`. */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell as an import reads it: the `'` an export added is taken off. */
export function restoreCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text) ? text.slice(1) : text;
}

/** One RFC 4180 field: numbers as they are, text neutralised and quoted when it needs quotes. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : neutraliseCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
