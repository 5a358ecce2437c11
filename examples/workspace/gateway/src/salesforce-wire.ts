// A Salesforce org's wire format as the stand-in reads and answers it: the Contact, Lead and Task
// fields it keeps, REST errors, 18-character case-safe ids, datetimes, and the parser for the
// SOQL an incremental sync sends (anything else is MALFORMED_QUERY).
import { randomBytes } from 'node:crypto';

/** The fields a Contact or Lead has on the stand-in (Lead also has Company). */
export const SALESFORCE_PERSON_FIELDS = [
  'Id',
  'FirstName',
  'LastName',
  'Email',
  'Phone',
  'MobilePhone',
  'SystemModstamp',
  'CreatedDate',
] as const;
/** The Task fields the stand-in takes on create. */
export const SALESFORCE_TASK_FIELDS = [
  'Subject',
  'WhoId',
  'WhatId',
  'Status',
  'Priority',
  'TaskSubtype',
  'CallType',
  'CallDurationInSeconds',
  'CallDisposition',
  'CallObject',
  'ActivityDate',
  'Description',
] as const;

export type PersonType = 'Contact' | 'Lead';

/** A Contact or Lead as the org holds it. */
export interface SalesforcePerson {
  readonly Id: string;
  readonly type: PersonType;
  FirstName: string | null;
  LastName: string;
  Email: string | null;
  Phone: string | null;
  MobilePhone: string | null;
  Company: string | null;
  SystemModstamp: string;
  readonly CreatedDate: string;
}

/** A Task the org received. */
export interface SalesforceTask {
  readonly Id: string;
  readonly fields: Record<string, unknown>;
  readonly receivedAt: string;
}

/** One REST error as Salesforce answers it (the body is an array of them). */
export interface SalesforceError {
  readonly message: string;
  readonly errorCode: string;
  readonly fields?: readonly string[];
}

/** A REST error: its HTTP status and the error array Salesforce answers with. */
export class SalesforceRestError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 500 | 503,
    readonly errors: readonly SalesforceError[],
  ) {
    super(errors[0]?.message ?? 'error');
  }
}

const ID_SUFFIX_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

/** The 18-character form of a 15-character id (its case-safe checksum suffix). */
export function caseSafeId(id15: string): string {
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk++) {
    let bits = 0;
    for (let i = 0; i < 5; i++) {
      const ch = id15[chunk * 5 + i]!;
      if (ch >= 'A' && ch <= 'Z') bits |= 1 << i;
    }
    suffix += ID_SUFFIX_CHARS[bits];
  }
  return id15 + suffix;
}

/** Salesforce's datetime format in JSON: `2026-01-02T03:04:05.000+0000` (whole seconds). */
export function sfDateTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('Z', '+0000');
}

/** A SOQL datetime literal (`2026-01-02T03:04:05Z`, `…05.000Z`, `…05+01:00`) in ms, or undefined. */
function soqlDateTime(literal: string): number | undefined {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?(Z|[+-]\d\d:\d\d)$/.test(literal))
    return undefined;
  const ms = Date.parse(literal);
  return Number.isNaN(ms) ? undefined : ms;
}

const DT = String.raw`(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,3})?(?:Z|[+-]\d\d:\d\d))`;
const SELECT_RE = new RegExp(
  String.raw`^SELECT\s+([\w\s,]+?)\s+FROM\s+(\w+)(?:\s+WHERE\s+(.+?))?\s+ORDER\s+BY\s+SystemModstamp(?:\s+ASC)?\s*,\s*Id(?:\s+ASC)?(?:\s+LIMIT\s+(\d+))?\s*$`,
  'i',
);
const WHERE_RE = new RegExp(
  String.raw`^\(?\s*SystemModstamp\s*>\s*${DT}(?:\s+OR\s+\(\s*SystemModstamp\s*=\s*${DT}\s+AND\s+Id\s*>\s*'([A-Za-z0-9]{15,18})'\s*\))?\s*\)?$`,
  'i',
);

/** A parsed query: which object, which fields, from where, how many. */
export interface ParsedQuery {
  readonly type: PersonType;
  readonly fields: readonly string[];
  readonly after?: { readonly ms: number; readonly id?: string };
  readonly limit?: number;
}

export const malformed = (message: string) =>
  new SalesforceRestError(400, [{ message, errorCode: 'MALFORMED_QUERY' }]);

/** Parses the SOQL an incremental sync sends; anything else is MALFORMED_QUERY. */
export function parseSoql(soql: string): ParsedQuery {
  const m = SELECT_RE.exec(soql.trim());
  if (!m)
    throw malformed(
      "The stand-in takes SELECT <fields> FROM Contact|Lead [WHERE SystemModstamp > <datetime> [OR (SystemModstamp = <datetime> AND Id > '<id>')]] ORDER BY SystemModstamp, Id [LIMIT n]",
    );
  const object = m[2]!;
  const type = (['Contact', 'Lead'] as const).find((t) => t.toLowerCase() === object.toLowerCase());
  if (!type)
    throw new SalesforceRestError(400, [
      {
        message: `\nFROM ${object}\n     ^\nERROR at Row:1:Column:1\nsObject type '${object}' is not supported.`,
        errorCode: 'INVALID_TYPE',
      },
    ]);
  const known =
    type === 'Lead' ? [...SALESFORCE_PERSON_FIELDS, 'Company'] : SALESFORCE_PERSON_FIELDS;
  const fields: string[] = [];
  for (const raw of m[1]!.split(',')) {
    const name = raw.trim();
    const field = known.find((f) => f.toLowerCase() === name.toLowerCase());
    if (!field)
      throw new SalesforceRestError(400, [
        {
          message: `No such column '${name}' on entity '${type}'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name.`,
          errorCode: 'INVALID_FIELD',
        },
      ]);
    fields.push(field);
  }
  let after: ParsedQuery['after'];
  if (m[3] !== undefined) {
    const w = WHERE_RE.exec(m[3].trim());
    if (!w) throw malformed(`unexpected WHERE clause: ${m[3]}`);
    const ms = soqlDateTime(w[1]!);
    if (ms === undefined) throw malformed(`invalid datetime literal: ${w[1]}`);
    if (w[2] !== undefined && soqlDateTime(w[2]) !== ms)
      throw malformed('the tie-break must compare the same SystemModstamp');
    after = { ms, ...(w[3] ? { id: w[3] } : {}) };
  }
  const limit = m[4] === undefined ? undefined : Number(m[4]);
  if (limit !== undefined && (limit < 1 || limit > 50_000)) throw malformed('LIMIT out of range');
  return { type, fields, ...(after ? { after } : {}), ...(limit ? { limit } : {}) };
}

/** A field value in an error message. */
export const shown = (value: unknown): string => JSON.stringify(value) ?? 'null';

/** n random decimal digits. */
export function randomDigits(n: number): string {
  let s = '';
  for (const b of randomBytes(n)) s += String(b % 10);
  return s;
}
