// Salesforce for a workspace: the incremental contact sync (Contacts and Leads → workspace
// contacts, matched by Salesforce id, else by normalised email or phone, else created; the cursor
// SystemModstamp + Id kept in the integration's state) and call logging (a finished call whose
// contact is linked becomes one Task, through the `salesforce_call_tasks` queue). A worker in each
// process runs both; a workspace's sync is claimed with an UPDATE … RETURNING lease so that two
// processes never sync the same workspace at once, and call rows are claimed the same way.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../lib/context';
import { newId } from '../../lib/ids';
import { partAppPath } from '../../lib/links';
import { ContactRepository } from '../../modules/contacts/repository';
import { normaliseEmail, normalisePhone } from '../../modules/conversations-intake/address';
import { SettingsRepository } from '../../modules/settings/repository';
import { SecretBox } from '../../modules/settings/secret-box';
import { settingsDb, type SettingsTables } from '../../modules/settings/tables';
import {
  SalesforceCallError,
  SalesforceClient,
  SalesforceTokenCache,
  type SalesforceOrg,
} from './client';
import { SALESFORCE_MESSAGES as M } from './messages';

/** How often the worker syncs each workspace with contact sync on. */
export const SALESFORCE_SYNC_INTERVAL_MS = 15 * 60 * 1000;
/** How often the worker looks for calls to log. */
export const SALESFORCE_CALL_LOG_INTERVAL_MS = 30 * 1000;
/** Query pages one run reads per object at most (the rest waits for the next run). */
export const SALESFORCE_MAX_PAGES_PER_RUN = 20;
/** Records one query asks for at most. */
export const SALESFORCE_QUERY_LIMIT = 2000;
/** How long a claimed sync or call row is held before another process may take it. */
export const SALESFORCE_LEASE_MS = 5 * 60 * 1000;
/** A call's Task is tried this many times (5xx and network failures), then given up. */
export const SALESFORCE_CALL_LOG_MAX_ATTEMPTS = 6;
/** Backoff before the n-th retry: 1, 2, 4, 8… minutes. */
export const callLogBackoffMs = (attempt: number): number => 60_000 * 2 ** (attempt - 1);

const SYSTEM = 'salesforce';
const OBJECTS = ['Contact', 'Lead'] as const;
type SalesforceObject = (typeof OBJECTS)[number];

/** A Contact or Lead as the sync reads it. */
interface Person {
  readonly Id: string;
  readonly FirstName: string | null;
  readonly LastName: string | null;
  readonly Email: string | null;
  readonly Phone: string | null;
  readonly MobilePhone: string | null;
  readonly Company?: string | null;
  readonly SystemModstamp: string;
}

/** Where the last run of one object stopped. */
interface Cursor {
  readonly at: string;
  readonly id: string;
}
type SyncState = Partial<Record<SalesforceObject, Cursor>>;

/** The counts of a sync run. */
export interface SyncCounts {
  created: number;
  updated: number;
  linked: number;
}

type RefsTables = {
  contact_external_refs: {
    workspace_id: string;
    contact_id: string;
    system: string;
    external_id: string;
    external_type: string;
    created_at: Date;
    updated_at: Date;
  };
  salesforce_call_tasks: {
    call_id: string;
    workspace_id: string;
    state: 'pending' | 'sent' | 'failed';
    attempts: number;
    next_attempt_at: Date;
    claimed_until: Date | null;
    task_id: string | null;
    last_error: string | null;
    created_at: Date;
    updated_at: Date;
  };
};
type SalesforceDatabase = Database &
  SettingsTables &
  RefsTables & {
    integrations: SettingsTables['integrations'] & { claimed_until: Date | null };
  };

function soql(object: SalesforceObject, cursor: Cursor | undefined): string {
  const fields = [
    'Id',
    'FirstName',
    'LastName',
    'Email',
    'Phone',
    'MobilePhone',
    ...(object === 'Lead' ? ['Company'] : []),
    'SystemModstamp',
  ].join(', ');
  // SOQL datetime literals are unquoted; the Id breaks ties between equal stamps.
  const where = cursor
    ? ` WHERE SystemModstamp > ${cursor.at} OR (SystemModstamp = ${cursor.at} AND Id > '${cursor.id.replace(/[^A-Za-z0-9]/g, '')}')`
    : '';
  return `SELECT ${fields} FROM ${object}${where} ORDER BY SystemModstamp, Id LIMIT ${SALESFORCE_QUERY_LIMIT}`;
}

/** `2026-01-02T03:04:05.000+0000` as a SOQL literal `2026-01-02T03:04:05.000Z`. */
const soqlDateTime = (stamp: string): string =>
  new Date(stamp.replace(/\+0000$/, 'Z')).toISOString();

export class SalesforceIntegration {
  private readonly db: Kysely<SalesforceDatabase>;
  private readonly settings: SettingsRepository;
  private readonly secrets: SecretBox;
  private readonly tokens = new SalesforceTokenCache();
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(private readonly services: Services) {
    this.db = settingsDb(services.db);
    this.settings = new SettingsRepository(services.db);
    this.secrets = SecretBox.fromConfig(services.config);
  }

  /** The org of a workspace's saved, enabled integration, or why there is none. */
  private async org(
    workspaceId: string,
  ): Promise<
    | { org: SalesforceOrg; config: { syncContacts: boolean; logCalls: boolean }; state: SyncState }
    | { reason: string }
  > {
    const row = await this.settings.findIntegration(workspaceId, 'salesforce');
    const config = row?.config as
      | { instanceUrl?: string; clientId?: string; syncContacts?: boolean; logCalls?: boolean }
      | undefined;
    const sealed = row?.secrets['clientSecret'];
    if (!row || !config?.instanceUrl || !config.clientId || !sealed) return { reason: M.notSetUp };
    if (!row.enabled) return { reason: M.turnedOff };
    const clientSecret = this.secrets.open(sealed, `${workspaceId}/salesforce/clientSecret`);
    return {
      org: {
        baseUrl: this.services.config.salesforceApiBaseUrl ?? config.instanceUrl.replace(/\/$/, ''),
        clientId: config.clientId,
        clientSecret,
      },
      config: { syncContacts: config.syncContacts === true, logCalls: config.logCalls === true },
      state: row.state,
    };
  }

  /**
   * One sync run of a workspace: each object's changed rows since its cursor, at most
   * {@link SALESFORCE_MAX_PAGES_PER_RUN} pages. A success records the new cursors; a failure
   * records the error and keeps the old ones. Throws {@link SalesforceCallError} on failure.
   */
  async sync(workspaceId: string): Promise<SyncCounts> {
    const found = await this.org(workspaceId);
    if ('reason' in found) throw new SalesforceCallError(found.reason, false);
    if (!found.config.syncContacts) throw new SalesforceCallError(M.syncOff, false);
    const client = new SalesforceClient(found.org, this.tokens);
    const counts: SyncCounts = { created: 0, updated: 0, linked: 0 };
    const state: SyncState = { ...found.state };
    try {
      for (const object of OBJECTS) {
        for await (const page of client.query<Person>(
          soql(object, state[object]),
          SALESFORCE_MAX_PAGES_PER_RUN,
        )) {
          for (const person of page) {
            await this.apply(workspaceId, object, person, counts);
            state[object] = { at: soqlDateTime(person.SystemModstamp), id: person.Id };
          }
        }
      }
    } catch (error) {
      const message =
        error instanceof SalesforceCallError ? error.message : M.unreachable(String(error));
      await this.settings.recordIntegrationRun(workspaceId, 'salesforce', {
        ok: false,
        error: message,
      });
      throw error instanceof SalesforceCallError ? error : new SalesforceCallError(message, true);
    }
    await this.settings.recordIntegrationRun(workspaceId, 'salesforce', {
      ok: true,
      state: { ...state },
    });
    return counts;
  }

  /** One Contact or Lead: update its linked contact, link a matching one, or create one. */
  private async apply(
    workspaceId: string,
    object: SalesforceObject,
    p: Person,
    counts: SyncCounts,
  ): Promise<void> {
    const name =
      [p.FirstName, p.LastName]
        .filter((s) => s && s.trim())
        .join(' ')
        .trim() || p.Id;
    const email = p.Email ? normaliseEmail(p.Email) : null;
    const phone =
      (p.Phone ? normalisePhone(p.Phone) : null) ??
      (p.MobilePhone ? normalisePhone(p.MobilePhone) : null);
    await this.db.transaction().execute(async (trx) => {
      const ref = await trx
        .selectFrom('contact_external_refs as r')
        .innerJoin('contacts as c', 'c.id', 'r.contact_id')
        .select(['c.id', 'c.phone', 'c.email', 'c.company'])
        .where('r.workspace_id', '=', workspaceId)
        .where('r.system', '=', SYSTEM)
        .where('r.external_id', '=', p.Id)
        .where('c.deleted_at', 'is', null)
        .executeTakeFirst();
      if (ref) {
        await trx
          .updateTable('contacts')
          .set({
            name,
            email: email ?? ref.email,
            phone: phone ?? ref.phone,
            company: p.Company ?? ref.company,
            updated_at: new Date(),
          })
          .where('id', '=', ref.id)
          .execute();
        counts.updated++;
        return;
      }
      let match: { id: string } | undefined;
      if (email || phone)
        match = await trx
          .selectFrom('contacts')
          .select('id')
          .where('workspace_id', '=', workspaceId)
          .where('deleted_at', 'is', null)
          .where((eb) =>
            eb.or([
              ...(email ? [eb('email', '=', email)] : []),
              ...(phone ? [eb('phone', '=', phone)] : []),
            ]),
          )
          .orderBy('created_at')
          .limit(1)
          .executeTakeFirst();
      let contactId: string;
      if (match) {
        contactId = match.id;
        counts.linked++;
      } else {
        contactId = newId();
        await new ContactRepository(this.services.db).insert(trx as unknown as Kysely<Database>, {
          id: contactId,
          workspaceId,
          name,
          phone,
          email,
          company: p.Company ?? null,
          attributes: {},
        });
        counts.created++;
      }
      await trx
        .insertInto('contact_external_refs')
        .values({
          workspace_id: workspaceId,
          contact_id: contactId,
          system: SYSTEM,
          external_id: p.Id,
          external_type: object,
        } as never)
        .onConflict((oc) =>
          oc.columns(['workspace_id', 'system', 'external_id']).doUpdateSet({
            contact_id: contactId,
            updated_at: new Date(),
          }),
        )
        .execute();
    });
  }

  // ── Call logging ──────────────────────────────────────────────────────────────────────────

  /**
   * Queues a finished call for a Task (at most once per call: the call id is the key). Cheap and
   * never throws into the caller's request; the worker sends it.
   */
  async enqueueCall(workspaceId: string, callId: string): Promise<void> {
    try {
      // Only when the integration is on with call logging and the call's contact is linked.
      const queued = await sql<{ call_id: string }>`
        INSERT INTO salesforce_call_tasks (call_id, workspace_id)
        SELECT k.id, k.workspace_id FROM connections k
        JOIN integrations i ON i.workspace_id = k.workspace_id AND i.kind = 'salesforce'
          AND i.enabled AND (i.config->>'logCalls')::boolean IS TRUE
        WHERE k.id = ${callId} AND k.workspace_id = ${workspaceId}
          AND EXISTS (SELECT 1 FROM contact_external_refs r WHERE r.workspace_id = k.workspace_id
            AND r.contact_id = k.contact_id AND r.system = ${SYSTEM})
        ON CONFLICT (call_id) DO NOTHING
        RETURNING call_id`.execute(this.db);
      if (queued.rows.length > 0) this.kick();
    } catch (error) {
      this.services.log.warn({ callId, error: String(error) }, 'salesforce: call not queued');
    }
  }

  private kicked: Promise<void> | undefined;
  /** Runs the call queue soon, off the request. */
  private kick(): void {
    if (this.kicked) return;
    this.kicked = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.logDueCalls())
      .then(() => undefined)
      .catch((error: unknown) =>
        this.services.log.warn({ error: String(error) }, 'salesforce: call logging failed'),
      )
      .finally(() => {
        this.kicked = undefined;
      });
  }

  /** Waits for a queued run of the call queue (tests). */
  async idle(): Promise<void> {
    while (this.kicked) await this.kicked;
  }

  /** Sends the due queued calls' Tasks; how many were handled. */
  async logDueCalls(now = new Date()): Promise<number> {
    const until = new Date(now.getTime() + SALESFORCE_LEASE_MS);
    const claimed = await sql<{ call_id: string; workspace_id: string; attempts: number }>`
      UPDATE salesforce_call_tasks SET claimed_until = ${until}, attempts = attempts + 1, updated_at = ${now}
      WHERE call_id IN (
        SELECT call_id FROM salesforce_call_tasks
        WHERE state = 'pending' AND next_attempt_at <= ${now}
          AND (claimed_until IS NULL OR claimed_until < ${now})
        ORDER BY next_attempt_at LIMIT 20
      )
      RETURNING call_id, workspace_id, attempts`.execute(this.db);
    for (const row of claimed.rows) await this.logCall(row, now);
    return claimed.rows.length;
  }

  private async logCall(
    row: { call_id: string; workspace_id: string; attempts: number },
    now: Date,
  ): Promise<void> {
    const done = (state: 'sent' | 'failed', taskId: string | null, error: string | null) =>
      this.db
        .updateTable('salesforce_call_tasks')
        .set({
          state,
          task_id: taskId,
          last_error: error,
          claimed_until: null,
          updated_at: new Date(),
        })
        .where('call_id', '=', row.call_id)
        .execute();
    const found = await this.org(row.workspace_id);
    if ('reason' in found || !found.config.logCalls)
      return void (await done('failed', null, 'off'));
    const call = await this.db
      .selectFrom('connections as k')
      .innerJoin('workspaces as w', 'w.id', 'k.workspace_id')
      .innerJoin('contact_external_refs as r', (j) =>
        j
          .onRef('r.contact_id', '=', 'k.contact_id')
          .onRef('r.workspace_id', '=', 'k.workspace_id')
          .on('r.system', '=', SYSTEM),
      )
      .select([
        'k.id_communication',
        'k.communication_type',
        'k.contact_phone_number',
        'k.connected_at',
        'k.ended_at',
        'k.created_at',
        'k.answered',
        'k.acw_disposition',
        'k.acw_notes',
        'k.id_conversation',
        'k.id_part',
        'w.slug',
        'r.external_id',
      ])
      .where('k.id', '=', row.call_id)
      .where('k.workspace_id', '=', row.workspace_id)
      .orderBy('r.updated_at', 'desc')
      .executeTakeFirst();
    if (!call) return void (await done('failed', null, 'no Salesforce link'));
    const client = new SalesforceClient(found.org, this.tokens);
    try {
      const taskId = await client.create('Task', callTask(call, this.appOrigin()));
      await done('sent', taskId, null);
      await this.settings.recordIntegrationRun(row.workspace_id, 'salesforce', { ok: true });
    } catch (error) {
      const e =
        error instanceof SalesforceCallError ? error : new SalesforceCallError(String(error), true);
      await this.settings.recordIntegrationRun(row.workspace_id, 'salesforce', {
        ok: false,
        error: M.callLogFailed(e.message),
      });
      if (e.retryable && row.attempts < SALESFORCE_CALL_LOG_MAX_ATTEMPTS)
        await this.db
          .updateTable('salesforce_call_tasks')
          .set({
            claimed_until: null,
            last_error: e.message,
            next_attempt_at: new Date(now.getTime() + callLogBackoffMs(row.attempts)),
          })
          .where('call_id', '=', row.call_id)
          .execute();
      else await done('failed', null, e.message);
    }
  }

  private appOrigin(): string {
    const { config, callbackOrigin } = this.services;
    return (config.appUrl ?? callbackOrigin.url ?? `http://${config.host}:${config.port}`).replace(
      /\/$/,
      '',
    );
  }

  // ── Worker ────────────────────────────────────────────────────────────────────────────────

  /**
   * Claims workspaces due for a sync (enabled, contact sync on, last claimed over an interval
   * ago) with one UPDATE … RETURNING, so a workspace is synced by one process at a time.
   */
  async syncDue(now = new Date()): Promise<number> {
    const due = new Date(now.getTime() - SALESFORCE_SYNC_INTERVAL_MS);
    const claimed = await sql<{ workspace_id: string }>`
      UPDATE integrations SET claimed_until = ${now}
      WHERE kind = 'salesforce' AND enabled
        AND (config->>'syncContacts')::boolean IS TRUE
        AND (claimed_until IS NULL OR claimed_until < ${due})
      RETURNING workspace_id`.execute(this.db);
    for (const { workspace_id } of claimed.rows)
      await this.sync(workspace_id).catch(() => undefined);
    return claimed.rows.length;
  }

  /** Starts the worker (sync every interval, call queue every half minute). */
  start(): void {
    const every = (ms: number, run: () => Promise<unknown>) => {
      const timer = setInterval(() => {
        run().catch((error: unknown) =>
          this.services.log.warn({ error: String(error) }, 'salesforce worker'),
        );
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(60_000, () => this.syncDue());
    every(SALESFORCE_CALL_LOG_INTERVAL_MS, () => this.logDueCalls());
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
  }
}

/** The Task of a finished call, in Salesforce's Task fields. */
export function callTask(
  call: {
    id_communication: string;
    communication_type: string;
    contact_phone_number: string | null;
    connected_at: Date | string | null;
    ended_at: Date | string | null;
    created_at: Date | string;
    answered: boolean;
    acw_disposition: string | null;
    acw_notes: string | null;
    id_conversation: string | null;
    id_part: string | null;
    slug: string;
    external_id: string;
  },
  appOrigin: string,
): Record<string, unknown> {
  const outbound = call.communication_type === 'outbound';
  const connected = call.connected_at ? new Date(call.connected_at) : null;
  const ended = call.ended_at ? new Date(call.ended_at) : null;
  const seconds =
    connected && ended
      ? Math.max(0, Math.round((ended.getTime() - connected.getTime()) / 1000))
      : 0;
  const number = call.contact_phone_number ?? 'unknown number';
  const lines = [
    `${outbound ? 'Outbound' : 'Inbound'} call with ${number}, ${seconds} s${call.answered ? '' : ' (not answered)'}.`,
    ...(call.acw_notes ? [`Notes: ${call.acw_notes}`] : []),
    ...(call.answered && ended && call.id_conversation && call.id_part
      ? [`Recording: ${appOrigin}${partAppPath(call.slug, call.id_conversation, call.id_part)}`]
      : []),
  ];
  return {
    Subject: `Call ${outbound ? 'out' : 'in'} ${number}`.slice(0, 255),
    WhoId: call.external_id,
    Status: 'Completed',
    TaskSubtype: 'Call',
    CallType: outbound ? 'Outbound' : 'Inbound',
    CallDurationInSeconds: seconds,
    ...(call.acw_disposition ? { CallDisposition: call.acw_disposition.slice(0, 255) } : {}),
    CallObject: call.id_communication.slice(0, 255),
    ActivityDate: new Date(call.created_at).toISOString().slice(0, 10),
    Description: lines.join('\n').slice(0, 32_000),
  };
}

const instances = new WeakMap<Services, SalesforceIntegration>();

/** The Salesforce integration of a process (one token cache and call queue runner per process). */
export function salesforceOf(services: Services): SalesforceIntegration {
  let instance = instances.get(services);
  if (!instance) {
    instance = new SalesforceIntegration(services);
    instances.set(services, instance);
  }
  return instance;
}
