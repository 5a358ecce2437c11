// Salesforce call logging: a finished call whose contact is linked becomes one Task. The call is
// queued in `salesforce_call_tasks` (once per call), rows are claimed with an UPDATE … RETURNING
// lease so that two processes never send the same call, and a retryable failure is tried again
// with a growing delay, up to a number of attempts.
import { sql, type Kysely } from 'kysely';
import type { Services } from '../../lib/context';
import { partAppPath } from '../../lib/links';
import type { IntegrationRepository } from '../../modules/settings/integration-repository';
import {
  SalesforceCallError,
  SalesforceClient,
  type SalesforceOrg,
  type SalesforceTokenCache,
} from './client';
import { SALESFORCE_MESSAGES as M } from './messages';
import { SYSTEM, type SalesforceDatabase } from './tables';

/** How often the worker looks for calls to log. */
export const SALESFORCE_CALL_LOG_INTERVAL_MS = 30 * 1000;
/** How long a claimed sync or call row is held before another process may take it. */
export const SALESFORCE_LEASE_MS = 5 * 60 * 1000;
/** A call's Task is tried this many times (5xx and network failures), then given up. */
export const SALESFORCE_CALL_LOG_MAX_ATTEMPTS = 6;
/** Backoff before the n-th retry: 1, 2, 4, 8… minutes. */
export const callLogBackoffMs = (attempt: number): number => 60_000 * 2 ** (attempt - 1);

/** A workspace's org, or why there is none. */
export type FoundOrg<State = unknown> =
  | {
      org: SalesforceOrg;
      config: { syncContacts: boolean; logCalls: boolean };
      state: State;
    }
  | { reason: string };

/** The call queue of one process. */
export class SalesforceCallLog {
  constructor(
    private readonly services: Services,
    private readonly db: Kysely<SalesforceDatabase>,
    private readonly settings: IntegrationRepository,
    private readonly tokens: SalesforceTokenCache,
    private readonly org: (workspaceId: string) => Promise<FoundOrg>,
  ) {}

  /**
   * Queues a finished call for a Task (at most once per call: the call id is the key). Cheap and
   * never throws into the caller's request; the worker sends it.
   */
  async enqueueCall(workspaceId: string, callId: string): Promise<void> {
    try {
      // Only when the integration is on with call logging and the call's contact is linked.
      // Due from this process's clock (not the database's default `now()`, which has microseconds
      // where a Date has milliseconds): the run kicked next must find the row due.
      const queued = await sql<{ call_id: string }>`
        INSERT INTO salesforce_call_tasks (call_id, workspace_id, next_attempt_at)
        SELECT k.id, k.workspace_id, ${new Date()} FROM connections k
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
        FOR UPDATE SKIP LOCKED
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
