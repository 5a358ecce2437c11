// The durable inbound queue (conversations-intake/inbound-queue.ts), through the server's signed
// Twilio webhook: a replayed provider message id is stored once (replays posted together and
// after); a row a stopped drainer left in the queue is applied when a new server starts on the
// same database; one sender's messages keep their order (live, and in one batch); a row that keeps
// failing is retried and then kept as failed with its reason while the rest of its batch is
// stored. On PGlite and PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../../gateway/src/signature';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/lib/logger';
import { inboundQueue, InboundQueue } from '../src/modules/conversations-intake/inbound-queue';
import { createServices } from '../src/server';
import { createTestServer, dbKinds, type TestServer } from './harness';

const ACCOUNT_SID = `AC${randomBytes(16).toString('hex')}`;
const AUTH_TOKEN = randomBytes(16).toString('hex');
const BUSINESS = '+15555550100';
const TWILIO_ENV = { TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN };

let sidCounter = 0;
const nextSid = () =>
  `SM${randomBytes(8).toString('hex')}${(++sidCounter).toString(16).padStart(16, '0')}`;

/** POSTs a signed Twilio inbound webhook to the server; answers the HTTP status. */
async function postSms(server: TestServer, sid: string, from: string, body: string) {
  const url = `${server.url}/api/channels/twilio/inbound`;
  const params = new URLSearchParams({
    MessageSid: sid,
    SmsSid: sid,
    AccountSid: ACCOUNT_SID,
    From: from,
    To: BUSINESS,
    Body: body,
    NumMedia: '0',
  });
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(AUTH_TOKEN, url, Object.fromEntries(params)),
    },
    body: params.toString(),
  });
  await res.arrayBuffer();
  return res.status;
}

const stored = async (db: TestServer['services']['db'], externalId: string) =>
  (
    await db
      .selectFrom('messages')
      .select(['id', 'conversation_id', 'body', 'created_at'])
      .where('external_id', '=', externalId)
      .execute()
  ).length;

const queued = async (db: TestServer['services']['db']) =>
  (
    await sql<{
      state: string;
      attempts: number;
      last_error: string | null;
    }>`SELECT state, attempts, last_error FROM inbound_queue ORDER BY id`.execute(db)
  ).rows;

/** The bodies of a number's SMS conversation, in the order the inbox shows them. */
async function thread(db: TestServer['services']['db'], phone: string) {
  const rows = await db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .innerJoin('contacts as p', 'p.id', 'c.contact_id')
    .select(['m.body', 'm.created_at', 'c.id as conversation'])
    .where('p.phone', '=', phone)
    .where('m.direction', '=', 'inbound')
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute();
  return rows;
}

describe.each(dbKinds())('the inbound queue on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(kind, { env: TWILIO_ENV, listen: true });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('stores a provider message id once, however often and however concurrently it is posted', async () => {
    const sid = nextSid();
    const from = '+447700900301';
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () => postSms(server, sid, from, 'Hello, replayed')),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    // Each answer came once the message was applied (or found applied).
    expect(await stored(server.services.db, `sms:${sid}`)).toBe(1);
    // A replay long after: still one, and nothing is left in the queue.
    expect(await postSms(server, sid, from, 'Hello, replayed')).toBe(200);
    expect(await stored(server.services.db, `sms:${sid}`)).toBe(1);
    expect(await queued(server.services.db)).toEqual([]);
  });

  it('an SMS from a number merged into a contact reaches that contact, not a new one', async () => {
    const { id: ws } = await server.services.db
      .selectFrom('workspaces')
      .select('id')
      .where('slug', '=', 'acme')
      .executeTakeFirstOrThrow();
    const merged = `contact-merged-${Date.now()}`;
    await server.services.db
      .insertInto('contacts')
      .values({
        id: merged,
        workspace_id: ws,
        name: 'Merged Sender',
        phone: '+447700900390',
        other_phones: ['+447700900391'],
        updated_at: new Date(),
      })
      .execute();
    expect(await postSms(server, nextSid(), '+447700900391', 'From my work phone')).toBe(200);
    const rows = await server.services.db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select('c.contact_id')
      .where('m.body', '=', 'From my work phone')
      .execute();
    expect(rows).toEqual([{ contact_id: merged }]);
    const created = await server.services.db
      .selectFrom('contacts')
      .select('id')
      .where('phone', '=', '+447700900391')
      .execute();
    expect(created).toEqual([]);
  });

  it("keeps one sender's messages in the order they came, live and within one batch", async () => {
    const from = '+447700900302';
    for (const body of ['first', 'second', 'third']) {
      expect(await postSms(server, nextSid(), from, body)).toBe(200);
    }
    // Stopped drainer: the next three wait in the queue and are applied in one batch.
    const queue = inboundQueue(server.services);
    await queue.stop();
    try {
      for (const body of ['fourth', 'fifth', 'sixth'])
        expect(await postSms(server, nextSid(), from, body)).toBe(200);
      expect((await queued(server.services.db)).length).toBe(3);
      expect(await queue.pass()).toBe(3);
    } finally {
      queue.start();
    }
    const rows = await thread(server.services.db, from);
    expect(rows.map((r) => r.body)).toEqual([
      'first',
      'second',
      'third',
      'fourth',
      'fifth',
      'sixth',
    ]);
    expect(new Set(rows.map((r) => r.conversation)).size).toBe(1);
    const times = rows.map((r) => new Date(r.created_at).getTime());
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]!);
  });

  it('retries a row that fails, then keeps it as failed with the reason; the rest of its batch is stored', async () => {
    const queue = inboundQueue(server.services);
    await queue.stop();
    const retrying = new InboundQueue(server.services, { backoffBaseMs: 0 });
    try {
      const workspaceId = server.id('ws:acme');
      // A message of a contact that does not exist cannot be stored (its conversation's contact).
      await retrying.enqueue({
        workspaceId,
        channel: 'sms',
        from: { kind: 'contact', contactId: 'no-such-contact' },
        body: 'Cannot be stored',
        externalId: `sms:${nextSid()}`,
      });
      const good = nextSid();
      expect(await postSms(server, good, '+447700900303', 'Stored all the same')).toBe(200);
      expect(await retrying.pass()).toBe(2);
      expect(await stored(server.services.db, `sms:${good}`)).toBe(1);
      let rows = await queued(server.services.db);
      expect(rows).toMatchObject([{ state: 'queued', attempts: 1 }]);
      while ((await retrying.pass()) > 0);
      rows = await queued(server.services.db);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.state).toBe('failed');
      expect(rows[0]!.attempts).toBeGreaterThan(1);
      expect(rows[0]!.last_error).toBeTruthy();
      await sql`DELETE FROM inbound_queue`.execute(server.services.db);
    } finally {
      await retrying.stop();
      queue.start();
    }
  });
});

describe.each(dbKinds())('a crash between accept and drain on %s', (kind) => {
  it('applies the rows a stopped drainer left when a new server starts on the same database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inbound-queue-'));
    const first = await createTestServer(kind, {
      env: { ...TWILIO_ENV, DATA_DIR: join(dir, 'pglite') },
      listen: true,
    });
    let closed = false;
    try {
      // The first server accepts two messages, then "crashes" before its drainer applies them.
      await inboundQueue(first.services).stop();
      const sids = [nextSid(), nextSid()];
      expect(await postSms(first, sids[0]!, '+447700900304', 'Accepted before the crash')).toBe(
        200,
      );
      expect(await postSms(first, sids[1]!, '+447700900304', 'Also accepted')).toBe(200);
      expect(await stored(first.services.db, `sms:${sids[0]}`)).toBe(0);
      expect((await queued(first.services.db)).length).toBe(2);
      if (kind === 'pglite') {
        // One process at a time on a PGlite directory: the first server is gone for good.
        await first.close();
        closed = true;
      }
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        ...TWILIO_ENV,
        ...(first.databaseUrl
          ? { DATABASE_URL: first.databaseUrl, DATA_DIR: 'memory://' }
          : { DATA_DIR: join(dir, 'pglite') }),
      });
      const second = await createServices(config, createLogger('warn'));
      try {
        const db = second.services.db;
        // The new server's drainer applies them at start: wait for the queue to empty.
        await new Promise<void>((resolve, reject) => {
          const deadline = Date.now() + 20_000;
          const look = async () => {
            const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM inbound_queue`
              .execute(db)
              .then((r) => r.rows[0]!.n);
            if (left === 0) return resolve();
            if (Date.now() > deadline) return reject(new Error(`${left} rows still queued`));
            setTimeout(() => void look().catch(reject), 50);
          };
          void look().catch(reject);
        });
        expect(await stored(db, `sms:${sids[0]}`)).toBe(1);
        expect(await stored(db, `sms:${sids[1]}`)).toBe(1);
        const rows = await thread(db, '+447700900304');
        expect(rows.map((r) => r.body)).toEqual(['Accepted before the crash', 'Also accepted']);
      } finally {
        await second.close();
      }
    } finally {
      if (!closed) await first.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
