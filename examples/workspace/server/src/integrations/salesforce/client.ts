// The Salesforce REST API over plain `fetch`: the OAuth 2.0 client credentials flow, SOQL queries
// followed through `nextRecordsUrl`, and sObject creation. The access token is cached until
// Salesforce answers 401 INVALID_SESSION_ID, then fetched again once. Errors carry a message an
// admin can act on and whether trying again later may help (network, 5xx).
import { SALESFORCE_MESSAGES as M } from './messages';

/** The REST API version every call uses. */
export const SALESFORCE_API_VERSION = 'v62.0';
/** A Salesforce call gives up after this long. */
export const SALESFORCE_TIMEOUT_MS = 20_000;

/** Where to reach the org and as whom. */
export interface SalesforceOrg {
  /** The origin every call goes to (SALESFORCE_API_BASE_URL, else the org's instance URL). */
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

/** A failed Salesforce call: `message` is for an admin; `retryable` when later may work. */
export class SalesforceCallError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** One page of a SOQL query. */
interface QueryPage<T> {
  readonly totalSize: number;
  readonly done: boolean;
  readonly nextRecordsUrl?: string;
  readonly records: T[];
}

/** Access tokens by org and consumer key, shared by the clients of one process. */
export class SalesforceTokenCache {
  private readonly tokens = new Map<string, string>();
  get(org: SalesforceOrg): string | undefined {
    return this.tokens.get(`${org.baseUrl}|${org.clientId}`);
  }
  set(org: SalesforceOrg, token: string | undefined): void {
    const key = `${org.baseUrl}|${org.clientId}`;
    if (token) this.tokens.set(key, token);
    else this.tokens.delete(key);
  }
}

export class SalesforceClient {
  constructor(
    private readonly org: SalesforceOrg,
    private readonly tokens: SalesforceTokenCache,
  ) {}

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(SALESFORCE_TIMEOUT_MS) });
    } catch (error) {
      throw new SalesforceCallError(M.unreachable((error as Error).message), true);
    }
  }

  /** A new access token (client credentials flow). */
  private async authenticate(): Promise<string> {
    const res = await this.send(`${this.org.baseUrl}/services/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.org.clientId,
        client_secret: this.org.clientSecret,
      }).toString(),
    });
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (res.ok && typeof body?.['access_token'] === 'string') {
      this.tokens.set(this.org, body['access_token']);
      return body['access_token'];
    }
    if (res.status >= 500) throw new SalesforceCallError(M.unavailable(res.status), true);
    const code = typeof body?.['error'] === 'string' ? body['error'] : '';
    if (code === 'invalid_client') throw new SalesforceCallError(M.badSecret, false);
    if (code === 'invalid_client_id') throw new SalesforceCallError(M.badClientId, false);
    if (code)
      throw new SalesforceCallError(
        M.tokenRefused(
          code,
          typeof body?.['error_description'] === 'string' ? body['error_description'] : '',
        ),
        false,
      );
    throw new SalesforceCallError(M.unexpected(res.status), false);
  }

  /** A REST call with the bearer token; a 401 fetches a new token and tries once more. */
  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const token = this.tokens.get(this.org) ?? (await this.authenticate());
      const res = await this.send(`${this.org.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (res.status === 401) {
        this.tokens.set(this.org, undefined);
        continue;
      }
      const json = (await res.json().catch(() => undefined)) as unknown;
      if (res.ok && json !== undefined) return json as T;
      if (res.status >= 500) throw new SalesforceCallError(M.unavailable(res.status), true);
      const first = Array.isArray(json)
        ? (json[0] as Record<string, unknown> | undefined)
        : undefined;
      if (first && typeof first['message'] === 'string')
        throw new SalesforceCallError(
          M.refused(
            res.status,
            typeof first['errorCode'] === 'string' ? first['errorCode'] : '',
            first['message'],
          ),
          false,
        );
      throw new SalesforceCallError(M.unexpected(res.status), false);
    }
    throw new SalesforceCallError(M.sessionRejected, false);
  }

  /** The pages of a SOQL query, at most `maxPages` of them. */
  async *query<T>(soql: string, maxPages: number): AsyncGenerator<T[]> {
    let page = await this.call<QueryPage<T>>(
      'GET',
      `/services/data/${SALESFORCE_API_VERSION}/query?q=${encodeURIComponent(soql)}`,
    );
    for (let n = 1; ; n++) {
      yield page.records;
      if (page.done || !page.nextRecordsUrl || n >= maxPages) return;
      page = await this.call<QueryPage<T>>('GET', page.nextRecordsUrl);
    }
  }

  /** Creates a record; its id. */
  async create(sobject: string, fields: Record<string, unknown>): Promise<string> {
    const res = await this.call<{ id: string; success: boolean }>(
      'POST',
      `/services/data/${SALESFORCE_API_VERSION}/sobjects/${sobject}`,
      fields,
    );
    return res.id;
  }
}
