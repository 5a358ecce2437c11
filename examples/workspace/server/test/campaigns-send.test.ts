// A campaign send shared by two server processes on PostgreSQL, one of them killed (SIGKILL)
// mid-send: the other resumes the rows the dead one held once their lease ends, and every
// recipient gets exactly one mail in the local channel gateway's mailbox (a resent mail carries
// the same Message-ID, made from the row id).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startGateway, type Gateway } from '../../gateway/src/gateway';
import { CONTROL_TOKEN_HEADER } from '../../gateway/src/constants';
import { campaignMessageKey } from '../src/modules/campaigns/sender';
import { withCampaignTables } from '../src/modules/campaigns/tables';
import { createTestServer, type TestServer } from './harness';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const RECIPIENTS = 600;
const BATCH = 25;
const LEASE_MS = 2_000;

interface Proc {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
}

/** Starts `main.ts` on the database; resolves once it prints its ready line. */
function startServerProcess(databaseUrl: string, smtpUrl: string, name: string): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', MAIN], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      WORKSPACE_API_PORT: '0',
      LOG_LEVEL: 'warn',
      CONNECT_ENDPOINT: '',
      CAMPAIGN_BATCH_SIZE: String(BATCH),
      CAMPAIGN_LEASE_MS: String(LEASE_MS),
      CAMPAIGN_IDLE_MS: '50',
      OUTBOX_WORKER: '0',
      SMTP_URL: smtpUrl,
    },
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.includes('"ready":true')) resolve({ child, exited });
    });
    void exited.then((code) =>
      reject(new Error(`${name} exited (${code}) before ready:\n${stderr}`)),
    );
  });
}

describe.skipIf(!inject('postgresUrl'))('campaign send across two processes on postgres', () => {
  let s: TestServer;
  let gateway: Gateway;
  const procs: Proc[] = [];

  beforeAll(async () => {
    gateway = await startGateway({ log: () => {} });
    s = await createTestServer('postgres');
  });
  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGTERM');
    await Promise.all(procs.map((p) => p.exited));
    await s?.close();
    await gateway?.close();
  });

  it('every recipient gets exactly one mail when a process is killed mid-send', async () => {
    const config = s.services.config.database;
    if (config.kind !== 'postgres') throw new Error('needs PostgreSQL');
    const db = withCampaignTables(s.services.db);
    const wsId = s.id('ws:acme');
    await sql`INSERT INTO contacts (id, workspace_id, name, email, phone, updated_at)
      SELECT 'bulk-' || g, ${wsId}, 'Bulk ' || g, 'bulk' || g || '@example.com', NULL, now()
      FROM generate_series(1, ${RECIPIENTS}) g`.execute(db);
    const jane = await s.login('jane@acme.test');
    const created = await s.req('POST', '/api/ws/acme/campaigns', {
      token: jane,
      body: {
        name: 'Two processes',
        channel: 'email',
        content: { channel: 'email', subject: 'Hi {{first_name}}', body: 'Hello {{name}}' },
        audience: {
          rules: [{ kind: 'attribute', field: 'email', op: 'starts_with', value: 'bulk' }],
        },
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.campaign.id as string;

    procs.push(
      ...(await Promise.all([
        startServerProcess(config.url, gateway.info.smtp.relayUrl, 'server A'),
        startServerProcess(config.url, gateway.info.smtp.relayUrl, 'server B'),
      ])),
    );
    const [a, b] = procs as [Proc, Proc];
    const scheduled = await s.req('POST', `/api/ws/acme/campaigns/${id}/schedule`, {
      token: jane,
      body: { sendAt: 'now' },
    });
    expect(scheduled.status, scheduled.text).toBe(200);

    const senders = () =>
      db
        .selectFrom('campaign_messages')
        .select(['sent_by', sql<number>`count(*)::int`.as('n')])
        .where('campaign_id', '=', id)
        .where('sent_by', 'is not', null)
        .groupBy('sent_by')
        .execute();
    // both processes take part, then A dies before the send is half done
    await expect
      .poll(async () => (await senders()).filter((r) => r.n >= BATCH).length, {
        timeout: 30_000,
        interval: 20,
      })
      .toBe(2);
    const before = await senders();
    const done = before.reduce((n, r) => n + r.n, 0);
    expect(done).toBeLessThan(RECIPIENTS / 2);
    a.child.kill('SIGKILL');
    await a.exited;
    // worker ids are host:pid:suffix
    const ofA = `%:${a.child.pid}:%`;
    const heldByA = await db
      .selectFrom('campaign_messages')
      .select(['id', 'locked_by'])
      .where('campaign_id', '=', id)
      .where('status', '=', 'queued')
      .where('locked_by', 'like', ofA)
      .execute();

    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom('campaigns')
              .select('status')
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).status,
        { timeout: 60_000, interval: 100 },
      )
      .toBe('sent');
    expect(b.child.exitCode).toBeNull();

    const messages = await db
      .selectFrom('campaign_messages as m')
      .select(['m.id', 'm.address', 'm.status', 'm.sent_by', 'm.attempts'])
      .where('m.campaign_id', '=', id)
      .execute();
    expect(messages).toHaveLength(RECIPIENTS);
    expect(new Set(messages.map((m) => m.status))).toEqual(new Set(['sent']));
    // one mail per recipient, to that recipient, with the Message-ID of its row
    const res = await fetch(`${gateway.url}/control/messages?channel=email`, {
      headers: { [CONTROL_TOKEN_HEADER]: gateway.info.controlToken },
    });
    const mails = ((await res.json()) as { messages: { id: string; customer: string }[] }).messages;
    const perAddress = new Map<string, string[]>();
    for (const m of mails)
      perAddress.set(m.customer, [...(perAddress.get(m.customer) ?? []), m.id]);
    for (const m of messages)
      expect(perAddress.get(m.address), m.address).toEqual([
        `<${campaignMessageKey(Number(m.id))}@acme.test>`,
      ]);
    const heldIds = new Set(heldByA.map((r) => r.id));
    expect(heldByA.length).toBeLessThanOrEqual(BATCH);
    // the survivor finished what the dead process held
    for (const m of messages.filter((x) => heldIds.has(x.id)))
      expect(m.sent_by).not.toMatch(new RegExp(`:${a.child.pid}:`));
    expect(before.some((r) => r.sent_by?.includes(`:${a.child.pid}:`))).toBe(true);
    console.info(
      `two-process send: ${RECIPIENTS} recipients, ${done} sent before the kill, ${heldByA.length} rows held by the killed process (resumed by the survivor, one mail each)`,
    );
  });
});
