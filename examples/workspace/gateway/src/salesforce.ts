// A Salesforce org's REST API as a workspace integration uses it: the OAuth 2.0 client
// credentials flow (`POST /services/oauth2/token`), SOQL queries on Contact and Lead with
// `nextRecordsUrl` paging (`GET /services/data/vXX.X/query`) and Task creation
// (`POST /services/data/vXX.X/sobjects/Task`), in Salesforce's wire formats: OAuth errors as
// `{error, error_description}`, REST errors as an array of `{message, errorCode, fields?}`.
// The wire format (fields, errors, ids, dates, the SOQL parser) is in salesforce-wire.ts.
import { createHmac, randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import {
  SALESFORCE_API_VERSION_PATTERN,
  SALESFORCE_DEFAULT_PAGE_SIZE,
  SALESFORCE_TOKEN_TTL_MS,
} from './constants';
import {
  caseSafeId,
  malformed,
  parseSoql,
  randomDigits,
  SALESFORCE_TASK_FIELDS,
  SalesforceRestError,
  sfDateTime,
  shown,
  type PersonType,
  type SalesforcePerson,
  type SalesforceTask,
} from './salesforce-wire';

/** The org's connected app (client credentials) and who the integration runs as. */
export interface SalesforceCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** The Salesforce stand-in: one org, its people, the Tasks it received, its sessions. */
export class SalesforceService {
  credentials: SalesforceCredentials;
  pageSize = SALESFORCE_DEFAULT_PAGE_SIZE;
  readonly orgId = caseSafeId(`00D${'0'.repeat(7)}${randomDigits(5)}`);
  readonly userId = caseSafeId(`005${'0'.repeat(7)}${randomDigits(5)}`);
  private readonly people = new Map<string, SalesforcePerson>();
  private readonly tasks: SalesforceTask[] = [];
  /** Every SOQL string the query endpoint received, in order. */
  readonly queries: string[] = [];
  private readonly sessions = new Map<string, number>();
  private readonly cursors = new Map<string, { records: unknown[]; version: string }>();
  private counter = 0;
  private lastStampMs = 0;
  private fault: { status: 500 | 503; count: number } | undefined;

  constructor(
    credentials: SalesforceCredentials,
    private readonly origin: () => string,
    private readonly prefix: string,
  ) {
    this.credentials = credentials;
  }

  /** The org's instance URL (where the REST API and the token endpoint are). */
  get instanceUrl(): string {
    return `${this.origin()}${this.prefix}`;
  }

  private nextId(keyPrefix: string): string {
    this.counter += 1;
    return caseSafeId(`${keyPrefix}${'0'.repeat(2)}${String(this.counter).padStart(10, '0')}`);
  }

  /** A modification stamp: now (whole seconds), never before the last one handed out. */
  private stamp(): string {
    const now = Math.floor(Date.now() / 1000) * 1000;
    this.lastStampMs = Math.max(now, this.lastStampMs);
    return sfDateTime(this.lastStampMs);
  }

  /** Adds Contacts or Leads (control API); all get the same SystemModstamp. */
  seed(
    type: PersonType,
    records: readonly Partial<Omit<SalesforcePerson, 'Id' | 'type'>>[],
  ): SalesforcePerson[] {
    const at = this.stamp();
    return records.map((r) => {
      const person: SalesforcePerson = {
        Id: this.nextId(type === 'Contact' ? '003' : '00Q'),
        type,
        FirstName: r.FirstName ?? null,
        LastName: r.LastName ?? '(unknown)',
        Email: r.Email ?? null,
        Phone: r.Phone ?? null,
        MobilePhone: r.MobilePhone ?? null,
        Company: type === 'Lead' ? (r.Company ?? '(unknown)') : null,
        SystemModstamp: at,
        CreatedDate: at,
      };
      this.people.set(person.Id, person);
      return person;
    });
  }

  /** Changes a Contact or Lead (control API): its SystemModstamp moves past every earlier one. */
  update(
    id: string,
    changes: Partial<Omit<SalesforcePerson, 'Id' | 'type'>>,
  ): SalesforcePerson | undefined {
    const person = this.people.get(id);
    if (!person) return undefined;
    Object.assign(person, changes);
    this.lastStampMs = Math.max(Math.floor(Date.now() / 1000) * 1000, this.lastStampMs + 1000);
    person.SystemModstamp = sfDateTime(this.lastStampMs);
    return person;
  }

  records(type?: PersonType): SalesforcePerson[] {
    return [...this.people.values()].filter((p) => !type || p.type === type);
  }

  receivedTasks(): readonly SalesforceTask[] {
    return this.tasks;
  }

  /** The next `count` data calls answer `status` (500 or 503); 0 disarms. */
  armFault(status: 500 | 503, count: number): void {
    this.fault = count > 0 ? { status, count } : undefined;
  }

  /** Ends every session: the next data call with an old token answers 401 INVALID_SESSION_ID. */
  expireSessions(): void {
    this.sessions.clear();
  }

  private issueToken(): Record<string, string> {
    const token = `${this.orgId.slice(0, 15)}!${randomBytes(48).toString('base64url')}`;
    this.sessions.set(token, Date.now() + SALESFORCE_TOKEN_TTL_MS);
    const id = `https://login.salesforce.com/id/${this.orgId}/${this.userId}`;
    const issuedAt = String(Date.now());
    return {
      access_token: token,
      signature: createHmac('sha256', this.credentials.clientSecret)
        .update(id + issuedAt)
        .digest('base64'),
      scope: 'api',
      instance_url: this.instanceUrl,
      id,
      token_type: 'Bearer',
      issued_at: issuedAt,
    };
  }

  private authorize(c: Context): void {
    const header = c.req.header('authorization') ?? '';
    const token = /^Bearer (.+)$/i.exec(header)?.[1];
    const until = token ? this.sessions.get(token) : undefined;
    if (!until || until < Date.now())
      throw new SalesforceRestError(401, [
        { message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' },
      ]);
    const fault = this.fault;
    if (fault) {
      fault.count -= 1;
      if (fault.count <= 0) this.fault = undefined;
      throw new SalesforceRestError(fault.status, [
        {
          message:
            fault.status === 503
              ? 'Server unavailable: the org is under maintenance'
              : 'An unexpected error occurred. Please include this ErrorId if you contact support: 1234567890-12345 (-123456789)',
          errorCode: fault.status === 503 ? 'SERVER_UNAVAILABLE' : 'UNKNOWN_EXCEPTION',
        },
      ]);
    }
  }

  private query(version: string, soql: string): Record<string, unknown> {
    this.queries.push(soql);
    const q = parseSoql(soql);
    let rows = this.records(q.type).sort((a, b) =>
      a.SystemModstamp === b.SystemModstamp
        ? a.Id < b.Id
          ? -1
          : 1
        : a.SystemModstamp < b.SystemModstamp
          ? -1
          : 1,
    );
    if (q.after) {
      const { ms, id } = q.after;
      rows = rows.filter((r) => {
        const at = Date.parse(r.SystemModstamp.replace('+0000', 'Z'));
        return at > ms || (id !== undefined && at === ms && r.Id > id);
      });
    }
    if (q.limit) rows = rows.slice(0, q.limit);
    const records = rows.map((r) => {
      const out: Record<string, unknown> = {
        attributes: { type: q.type, url: `/services/data/${version}/sobjects/${q.type}/${r.Id}` },
      };
      for (const f of q.fields) out[f] = r[f as keyof SalesforcePerson];
      return out;
    });
    return this.page(version, records, 0);
  }

  private page(version: string, records: unknown[], offset: number): Record<string, unknown> {
    const slice = records.slice(offset, offset + this.pageSize);
    const done = offset + this.pageSize >= records.length;
    let nextRecordsUrl: string | undefined;
    if (!done) {
      const locator = `01g${randomDigits(12)}`;
      this.cursors.set(locator, { records, version });
      nextRecordsUrl = `/services/data/${version}/query/${locator}-${offset + this.pageSize}`;
    }
    return {
      totalSize: records.length,
      done,
      ...(nextRecordsUrl ? { nextRecordsUrl } : {}),
      records: slice,
    };
  }

  private createTask(body: unknown): { id: string; success: true; errors: [] } {
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new SalesforceRestError(400, [
        { message: 'The request body must be a JSON object', errorCode: 'JSON_PARSER_ERROR' },
      ]);
    const fields = body as Record<string, unknown>;
    for (const name of Object.keys(fields))
      if (!(SALESFORCE_TASK_FIELDS as readonly string[]).includes(name))
        throw new SalesforceRestError(400, [
          {
            message: `No such column '${name}' on sobject of type Task`,
            errorCode: 'INVALID_FIELD',
          },
        ]);
    const who = fields['WhoId'];
    if (who !== undefined && who !== null) {
      if (typeof who !== 'string' || !/^[A-Za-z0-9]{15}(?:[A-Za-z0-5]{3})?$/.test(who))
        throw new SalesforceRestError(400, [
          {
            message: `Name ID: id value of incorrect type: ${shown(who)}`,
            errorCode: 'MALFORMED_ID',
            fields: ['WhoId'],
          },
        ]);
      const found = [...this.people.keys()].some((id) => id === who || id.slice(0, 15) === who);
      if (!found)
        throw new SalesforceRestError(400, [
          {
            message: 'invalid cross reference id',
            errorCode: 'INVALID_CROSS_REFERENCE_KEY',
            fields: ['WhoId'],
          },
        ]);
    }
    const callType = fields['CallType'];
    if (
      callType !== undefined &&
      callType !== null &&
      !['Inbound', 'Outbound', 'Internal'].includes(callType as string)
    )
      throw new SalesforceRestError(400, [
        {
          message: `Call Type: bad value for restricted picklist field: ${shown(callType)}`,
          errorCode: 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
          fields: ['CallType'],
        },
      ]);
    const date = fields['ActivityDate'];
    if (
      date !== undefined &&
      date !== null &&
      (typeof date !== 'string' || !/^\d{4}-\d\d-\d\d$/.test(date))
    )
      throw new SalesforceRestError(400, [
        {
          message: `Due Date Only: value not of required type: ${shown(date)}`,
          errorCode: 'INVALID_TYPE_ON_FIELD_IN_RECORD',
          fields: ['ActivityDate'],
        },
      ]);
    for (const [name, max] of [
      ['Subject', 255],
      ['CallDisposition', 255],
      ['Description', 32_000],
    ] as const) {
      const value = fields[name];
      if (typeof value === 'string' && value.length > max)
        throw new SalesforceRestError(400, [
          {
            message: `${name}: data value too large: ${value.slice(0, 40)}... (max length=${max})`,
            errorCode: 'STRING_TOO_LONG',
            fields: [name],
          },
        ]);
    }
    const duration = fields['CallDurationInSeconds'];
    if (duration !== undefined && duration !== null && !Number.isInteger(duration))
      throw new SalesforceRestError(400, [
        {
          message: `Call Duration: value not of required type: ${shown(duration)}`,
          errorCode: 'INVALID_TYPE_ON_FIELD_IN_RECORD',
          fields: ['CallDurationInSeconds'],
        },
      ]);
    const task: SalesforceTask = {
      Id: this.nextId('00T'),
      fields: { Status: 'Not Started', Priority: 'Normal', ...fields },
      receivedAt: new Date().toISOString(),
    };
    this.tasks.push(task);
    return { id: task.Id, success: true, errors: [] };
  }

  /** The org's REST API, mounted at the instance URL's path. */
  routes(): Hono {
    const app = new Hono();
    app.onError((error, c) => {
      if (error instanceof SalesforceRestError) return c.json(error.errors, error.status);
      return c.json([{ message: String(error), errorCode: 'UNKNOWN_EXCEPTION' }], 500);
    });

    app.post('/services/oauth2/token', async (c) => {
      const form = new URLSearchParams(await c.req.text());
      const grant = form.get('grant_type');
      if (grant !== 'client_credentials')
        return c.json(
          { error: 'unsupported_grant_type', error_description: 'grant type not supported' },
          400,
        );
      if (form.get('client_id') !== this.credentials.clientId)
        return c.json(
          { error: 'invalid_client_id', error_description: 'client identifier invalid' },
          400,
        );
      if (form.get('client_secret') !== this.credentials.clientSecret)
        return c.json(
          { error: 'invalid_client', error_description: 'invalid client credentials' },
          400,
        );
      return c.json(this.issueToken());
    });

    const version = (c: Context): string => {
      const v = c.req.param('version') ?? '';
      if (!SALESFORCE_API_VERSION_PATTERN.test(v))
        throw new SalesforceRestError(404, [
          { message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' },
        ]);
      return v;
    };

    app.get('/services/data/:version/query', (c) => {
      const v = version(c);
      this.authorize(c);
      const q = c.req.query('q');
      if (!q) throw malformed('A query string has to be specified');
      return c.json(this.query(v, q));
    });

    app.get('/services/data/:version/query/:locator', (c) => {
      version(c);
      this.authorize(c);
      const [locator, offset] = c.req.param('locator').split('-');
      const cursor = locator ? this.cursors.get(locator) : undefined;
      if (!cursor || offset === undefined || !/^\d+$/.test(offset))
        throw new SalesforceRestError(400, [
          { message: 'invalid query locator', errorCode: 'INVALID_QUERY_LOCATOR' },
        ]);
      return c.json(this.page(cursor.version, cursor.records, Number(offset)));
    });

    app.post('/services/data/:version/sobjects/Task', async (c) => {
      version(c);
      this.authorize(c);
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        throw new SalesforceRestError(400, [
          { message: 'Unexpected character in the request body', errorCode: 'JSON_PARSER_ERROR' },
        ]);
      }
      return c.json(this.createTask(body), 201);
    });

    app.notFound((c) =>
      c.json([{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }], 404),
    );
    return app;
  }
}
