// Salesforce for a workspace: the incremental contact sync (Contacts and Leads → workspace
// contacts, matched by Salesforce id, else by normalised email or phone, else created; the cursor
// SystemModstamp + Id kept in the integration's state) and call logging (a finished call whose
// contact is linked becomes one Task, through the `salesforce_call_tasks` queue). A worker in each
// process runs both; a workspace's sync is claimed with an UPDATE … RETURNING lease so that two
// processes never sync the same workspace at once (call logging is in call-log.ts).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../lib/context';
import { newId } from '../../lib/ids';
import { ContactRepository } from '../../modules/contacts/repository';
import { normaliseEmail, normalisePhone } from '../../modules/conversations-intake/address';
import { IntegrationRepository } from '../../modules/settings/integration-repository';
import { SecretBox } from '../../modules/settings/secret-box';
import { settingsDb } from '../../modules/settings/tables';
import { SalesforceCallError, SalesforceClient, SalesforceTokenCache } from './client';
import { SALESFORCE_MESSAGES as M } from './messages';
import { SALESFORCE_CALL_LOG_INTERVAL_MS, SalesforceCallLog, type FoundOrg } from './call-log';
import { SYSTEM, type SalesforceDatabase } from './tables';

/** How often the worker syncs each workspace with contact sync on. */
export const SALESFORCE_SYNC_INTERVAL_MS = 15 * 60 * 1000;
/** Query pages one run reads per object at most (the rest waits for the next run). */
export const SALESFORCE_MAX_PAGES_PER_RUN = 20;
/** Records one query asks for at most. */
export const SALESFORCE_QUERY_LIMIT = 2000;

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
  private readonly settings: IntegrationRepository;
  private readonly secrets: SecretBox;
  private readonly tokens = new SalesforceTokenCache();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly calls: SalesforceCallLog;

  constructor(private readonly services: Services) {
    this.db = settingsDb(services.db);
    this.settings = new IntegrationRepository(services.db);
    this.secrets = SecretBox.fromConfig(services.config);
    this.calls = new SalesforceCallLog(services, this.db, this.settings, this.tokens, (id) =>
      this.org(id),
    );
  }

  /** The org of a workspace's saved, enabled integration, or why there is none. */
  private async org(workspaceId: string): Promise<FoundOrg<SyncState>> {
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

  // ── Call logging (call-log.ts) ────────────────────────────────────────────────────────────

  /** Queues a finished call for a Task (see {@link SalesforceCallLog.enqueueCall}). */
  enqueueCall(workspaceId: string, callId: string): Promise<void> {
    return this.calls.enqueueCall(workspaceId, callId);
  }

  /** Waits for a queued run of the call queue (tests). */
  idle(): Promise<void> {
    return this.calls.idle();
  }

  /** Sends the due queued calls' Tasks; how many were handled. */
  logDueCalls(now = new Date()): Promise<number> {
    return this.calls.logDueCalls(now);
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
