// Salesforce over its REST API against the gateway's org stand-in: the client-credentials
// token, the incremental Contact and Lead sync (links, cursor, paging, a failed run keeps the
// cursor), "Sync now" permits, call Tasks exactly once, and workspaces kept apart; on PGlite and
// PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type Gateway } from '../../gateway/src/gateway';
import { CONTROL_TOKEN_HEADER } from '../../gateway/src/constants';
import { salesforceOf } from '../src/integrations/salesforce/sync';
import { createTestServer, dbKinds, type TestServer } from './harness';

const SYNC = (ws: string) => `/api/ws/${ws}/settings/integrations/salesforce/sync`;
const SETTINGS = (ws: string) => `/api/ws/${ws}/settings/integrations/salesforce`;

describe.each(dbKinds())('Salesforce integration on %s', (kind) => {
  let gateway: Gateway;
  let s: TestServer;
  let jane: string;
  let john: string;
  let gary: string;

  const control = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${gateway.url}/control/salesforce${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        [CONTROL_TOKEN_HEADER]: gateway.info.controlToken,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return await res.json();
  };
  const configure = (token: string, ws: string, over: Record<string, unknown> = {}) =>
    s.req('PUT', SETTINGS(ws), {
      token,
      body: {
        enabled: true,
        config: {
          instanceUrl: 'https://acme.my.salesforce.com',
          clientId: gateway.info.salesforce.clientId,
          syncContacts: true,
          logCalls: true,
          ...over,
        },
        clientSecret: gateway.info.salesforce.clientSecret,
      },
    });
  const queries = async () => ((await control('GET', '/queries')).queries as string[]).slice();

  beforeAll(async () => {
    gateway = await startGateway({ log: () => {} });
    s = await createTestServer(kind, {
      env: { SALESFORCE_API_BASE_URL: gateway.info.salesforce.instanceUrl },
    });
    [jane, john, gary] = (await Promise.all(
      ['jane@acme.test', 'john@acme.test', 'gary@globex.test'].map((e) => s.login(e)),
    )) as [string, string, string];
  });
  afterAll(async () => {
    await s?.close();
    await gateway?.close();
  });

  it('a wrong consumer secret is recorded in words an admin understands; non-admins get 403', async () => {
    const saved = await configure(jane, 'acme');
    expect(saved.status).toBe(200);
    expect((await s.req('POST', SYNC('acme'), { token: john })).status).toBe(403);
    const wrong = await s.req('PUT', SETTINGS('acme'), {
      token: jane,
      body: {
        ...saved.body,
        clientSecret: 'not-the-secret',
        status: undefined,
        updatedAt: undefined,
        enabled: true,
        config: saved.body.config,
      },
    });
    expect(wrong.status).toBe(200);
    const res = await s.req('POST', SYNC('acme'), { token: jane });
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(false);
    expect(res.body.status.lastError.message).toMatch(/refused the consumer secret/);
    const page = await s.req('GET', SETTINGS('acme'), { token: jane });
    expect(page.body.status.lastError.message).toMatch(/consumer secret/);
  });

  it('first sync creates and links contacts (Contacts and Leads, over several pages); the second fetches only changed rows', async () => {
    await configure(jane, 'acme');
    // An existing acme contact with this email is linked, not duplicated.
    const existing = await s.req('POST', '/api/ws/acme/contacts', {
      token: jane,
      body: { name: 'Linda Linked', email: 'linda@example.com' },
    });
    expect(existing.status).toBeLessThan(300);
    const { records: contacts } = await control('POST', '/records', {
      type: 'Contact',
      records: [
        { FirstName: 'Linda', LastName: 'Linked', Email: 'LINDA@example.com' },
        {
          FirstName: 'Ada',
          LastName: 'Lovelace',
          Email: 'ada@example.com',
          Phone: '+44 20 7946 0001',
        },
        { FirstName: 'Alan', LastName: 'Turing', Email: 'alan@example.com' },
        { FirstName: 'Grace', LastName: 'Hopper', Phone: '+1 415 555 0199' },
      ],
    });
    await control('POST', '/records', {
      type: 'Lead',
      records: [
        { FirstName: 'Leo', LastName: 'Lead', Email: 'leo@example.com', Company: 'Leads Ltd' },
      ],
    });
    const before = (await queries()).length;
    const first = await s.req('POST', SYNC('acme'), { token: jane });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ok: true, created: 4, linked: 1, updated: 0 });
    expect(first.body.status.lastError).toBeNull();
    expect(first.body.status.lastSuccessAt).not.toBeNull();
    const sent = (await queries()).slice(before);
    expect(sent).toEqual([
      'SELECT Id, FirstName, LastName, Email, Phone, MobilePhone, SystemModstamp FROM Contact ORDER BY SystemModstamp, Id LIMIT 2000',
      'SELECT Id, FirstName, LastName, Email, Phone, MobilePhone, Company, SystemModstamp FROM Lead ORDER BY SystemModstamp, Id LIMIT 2000',
    ]);
    const refs = await sql<{ n: number }>`SELECT count(*)::int AS n FROM contact_external_refs
      WHERE workspace_id = ${s.id('ws:acme')}`.execute(s.services.db);
    expect(refs.rows[0]!.n).toBe(5);
    const linda = await sql<{ n: number }>`SELECT count(*)::int AS n FROM contacts
      WHERE workspace_id = ${s.id('ws:acme')} AND email = 'linda@example.com' AND deleted_at IS NULL`.execute(
      s.services.db,
    );
    expect(linda.rows[0]!.n).toBe(1);
    const lead = await sql<{ company: string; name: string }>`SELECT company, name FROM contacts
      WHERE workspace_id = ${s.id('ws:acme')} AND email = 'leo@example.com'`.execute(s.services.db);
    expect(lead.rows[0]).toEqual({ company: 'Leads Ltd', name: 'Leo Lead' });

    await control('PATCH', `/records/${contacts[2].Id}`, { LastName: 'Turing OBE' });
    const mark = (await queries()).length;
    const second = await s.req('POST', SYNC('acme'), { token: jane });
    expect(second.body).toMatchObject({ ok: true, created: 0, linked: 0, updated: 1 });
    const [contactQuery, leadQuery] = (await queries()).slice(mark);
    expect(contactQuery).toMatch(
      /FROM Contact WHERE SystemModstamp > \S+Z OR \(SystemModstamp = \S+Z AND Id > '003\w+'\) ORDER BY/,
    );
    expect(leadQuery).toMatch(
      /FROM Lead WHERE SystemModstamp > \S+Z OR \(SystemModstamp = \S+Z AND Id > '00Q\w+'\)/,
    );
    const alan = await sql<{ name: string }>`SELECT name FROM contacts
      WHERE workspace_id = ${s.id('ws:acme')} AND email = 'alan@example.com'`.execute(
      s.services.db,
    );
    expect(alan.rows[0]!.name).toBe('Alan Turing OBE');
  });

  it('a failed run records the error and keeps the cursor', async () => {
    const state = async () =>
      (
        await sql<{ state: unknown }>`SELECT state FROM integrations
          WHERE workspace_id = ${s.id('ws:acme')} AND kind = 'salesforce'`.execute(s.services.db)
      ).rows[0]!.state;
    const kept = await state();
    const { records } = await control('POST', '/records', {
      type: 'Contact',
      records: [{ LastName: 'Later', Email: 'later@example.com' }],
    });
    await control('POST', '/faults', { status: 503, count: 1 });
    const failed = await s.req('POST', SYNC('acme'), { token: jane });
    expect(failed.body.ok).toBe(false);
    expect(failed.body.status.lastError.message).toMatch(/503/);
    expect(await state()).toEqual(kept);
    const retried = await s.req('POST', SYNC('acme'), { token: jane });
    expect(retried.body).toMatchObject({ ok: true, created: 1 });
    expect(retried.body.status.lastError).toBeNull();
    expect(JSON.stringify(await state())).toContain(records[0].Id);
  });

  it('an expired session is signed in again once, and the run goes on', async () => {
    await control('POST', '/sessions/expire');
    const res = await s.req('POST', SYNC('acme'), { token: jane });
    expect(res.body).toMatchObject({ ok: true });
    expect(res.body.status.lastError).toBeNull();
  });

  it('a finished call of a linked contact becomes exactly one Task with the call fields', async () => {
    const ws = s.id('ws:acme');
    const contact = await sql<{ id: string }>`SELECT contact_id AS id FROM contact_external_refs
      WHERE workspace_id = ${ws} AND external_type = 'Contact' ORDER BY created_at LIMIT 1`.execute(
      s.services.db,
    );
    const contactId = contact.rows[0]!.id;
    const ref = await sql<{ external_id: string }>`SELECT external_id FROM contact_external_refs
      WHERE contact_id = ${contactId}`.execute(s.services.db);
    const insertCall = async (id: string, contactIdOf: string | null) => {
      await sql`INSERT INTO connections (id, workspace_id, id_communication, communication_type, contact_id,
        contact_phone_number, answered, created_at, connected_at, ended_at, search_text, updated_at, acw_disposition, acw_notes)
        VALUES (${id}, ${ws}, ${`comm-${id}`}, 'inbound', ${contactIdOf}, '+442079460001', true,
        '2026-03-04T10:00:00Z', '2026-03-04T10:00:05Z', '2026-03-04T10:02:05Z', '', now(), 'Resolved', 'Wanted a refund')`.execute(
        s.services.db,
      );
    };
    const sf = salesforceOf(s.services);
    const tasksBefore = (await control('GET', '/tasks')).tasks.length;
    await insertCall('call-sf-1', contactId);
    await sf.enqueueCall(ws, 'call-sf-1');
    await sf.idle();
    // Saved again (after-call work edited), or the process restarted: still one Task.
    await sf.enqueueCall(ws, 'call-sf-1');
    await sf.idle();
    await sf.logDueCalls(new Date(Date.now() + 60 * 60 * 1000));
    const tasks = (await control('GET', '/tasks')).tasks.slice(tasksBefore);
    expect(tasks).toHaveLength(1);
    expect(tasks[0].fields).toMatchObject({
      Subject: 'Call in +442079460001',
      WhoId: ref.rows[0]!.external_id,
      Status: 'Completed',
      TaskSubtype: 'Call',
      CallType: 'Inbound',
      CallDurationInSeconds: 120,
      CallDisposition: 'Resolved',
      ActivityDate: '2026-03-04',
    });
    expect(tasks[0].fields.Description).toContain('Wanted a refund');
    const row = await sql<{
      state: string;
      task_id: string;
    }>`SELECT state, task_id FROM salesforce_call_tasks
      WHERE call_id = 'call-sf-1'`.execute(s.services.db);
    expect(row.rows[0]).toEqual({ state: 'sent', task_id: tasks[0].Id });

    // A call whose contact has no Salesforce link is not queued.
    await insertCall('call-sf-2', null);
    await sf.enqueueCall(ws, 'call-sf-2');
    await sf.idle();
    // A 5xx is retried later, not lost.
    await insertCall('call-sf-3', contactId);
    await control('POST', '/faults', { status: 500, count: 1 });
    await sf.enqueueCall(ws, 'call-sf-3');
    await sf.idle();
    // The run kicked by the queueing tried it at once (and met the fault).
    const tried = await sql<{ attempts: number; state: string }>`SELECT attempts, state
      FROM salesforce_call_tasks WHERE call_id = 'call-sf-3'`.execute(s.services.db);
    expect(tried.rows[0]).toEqual({ attempts: 1, state: 'pending' });
    expect((await control('GET', '/tasks')).tasks.length).toBe(tasksBefore + 1);
    await sf.logDueCalls(new Date(Date.now() + 60 * 60 * 1000));
    expect((await control('GET', '/tasks')).tasks.length).toBe(tasksBefore + 2);
    const queued = await sql<{ call_id: string }>`SELECT call_id FROM salesforce_call_tasks
      ORDER BY call_id`.execute(s.services.db);
    expect(queued.rows.map((r) => r.call_id)).toEqual(['call-sf-1', 'call-sf-3']);

    // logCalls off: nothing queued.
    await configure(jane, 'acme', { logCalls: false });
    await insertCall('call-sf-4', contactId);
    await sf.enqueueCall(ws, 'call-sf-4');
    await sf.idle();
    expect((await control('GET', '/tasks')).tasks.length).toBe(tasksBefore + 2);
  });

  it('keeps workspaces apart: globex syncs into its own contacts and links', async () => {
    expect((await configure(gary, 'globex')).status).toBe(200);
    const res = await s.req('POST', SYNC('globex'), { token: gary });
    expect(res.body.ok).toBe(true);
    // Every Salesforce person is created afresh in globex, none linked to acme's contacts.
    expect(res.body.linked).toBe(0);
    const crossed = await sql<{ n: number }>`SELECT count(*)::int AS n FROM contact_external_refs r
      JOIN contacts c ON c.id = r.contact_id WHERE c.workspace_id <> r.workspace_id`.execute(
      s.services.db,
    );
    expect(crossed.rows[0]!.n).toBe(0);
    expect((await s.req('POST', SYNC('globex'), { token: jane })).status).toBe(404);
  });
});
