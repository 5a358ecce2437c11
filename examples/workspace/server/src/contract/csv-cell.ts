// The CSV cell rule (CSV/formula injection, after OWASP), written once for every export and import
// of the server and the app: a text cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage
// return gets a leading `'`, so a spreadsheet shows it as text instead of running it; an import
// takes that `'` off again, so an exported file imports back unchanged. A plain signed number
// (an E.164 phone number such as +15555550101, or -42.5) is no formula a spreadsheet could run
// (it reads as that number), so it is written as it is: phone numbers stay phone numbers.
// No dependencies: the web app imports it too.

/**
 * The characters that make a spreadsheet read a cell as a formula; quotes before one are counted
 * too, so that a text such as `'=x` itself survives a round trip.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** A sign, digits and at most one decimal part: read as a number, never run. */
const PLAIN_SIGNED_NUMBER = /^[+-]\d{1,32}(\.\d{1,32})?$/;

/** A text cell as an export writes it: formula-looking text prefixed with `'`. */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_SIGNED_NUMBER.test(text) ? `'${text}` : text;
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
