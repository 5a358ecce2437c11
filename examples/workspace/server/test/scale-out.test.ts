// Scale-out: two workspace server processes (`main.ts`, as deployed) on one PostgreSQL serve the
// same workspace, share live updates (NOTIFY), and process each contact event once although the
// contact centre delivers every event to both of them at the same time.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyResponseSchema } from '../src/contract/voice';
import {
  eventually,
  placeDemoCalls,
  startContactCentre,
  type TestContactCentre,
} from './contact-centre';
import { createTestServer, dbKinds, type TestServer } from './harness';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const SECRET = 'test-contact-events-secret';

interface Process {
  readonly child: ChildProcess;
  readonly url: string;
}

function startProcess(env: Record<string, string>): Promise<Process> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', 'examples/workspace/server/src/main.ts'],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (!line.startsWith('{"ready"')) return;
      resolve({ child, url: (JSON.parse(line) as { url: string }).url });
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${stderr}`)));
  });
}

function stop(p: Process | undefined): Promise<void> {
  if (!p || p.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    p.child.once('exit', () => resolve());
    p.child.kill('SIGTERM');
  });
}

const postgres = dbKinds().includes('postgres');

describe.skipIf(!postgres)('two server processes on one PostgreSQL', () => {
  let cc: TestContactCentre;
  let db: TestServer;
  let a: Process | undefined;
  let b: Process | undefined;

  beforeAll(async () => {
    cc = await startContactCentre();
    // Seeds and migrates a fresh database (and gives the test direct access to it).
    db = await createTestServer('postgres', { connectEndpoint: cc.url, env: cc.serverEnv });
    const env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      WORKSPACE_API_PORT: '0',
      DATABASE_URL: db.databaseUrl!,
      ...cc.serverEnv,
      CONTACT_EVENTS_SECRET: SECRET,
      LOG_LEVEL: 'warn',
    };
    [a, b] = await Promise.all([startProcess(env), startProcess(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([stop(a), stop(b)]);
    await db?.close();
    await cc?.close();
  });

  const call = async (p: Process, method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${p.url}/api${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: await res.json() };
  };

  it('a token issued by one process works on the other; a change on one reaches the event stream of the other', async () => {
    const login = await call(a!, 'POST', '/auth/login', undefined, {
      email: 'jane@acme.test',
      password: 'demo1234',
    });
    const token = login.body.token as string;
    expect((await call(b!, 'GET', '/ws/acme/session', token)).status).toBe(200);

    const stream = await fetch(`${b!.url}/api/ws/acme/events`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const read = async (what: RegExp) => {
      while (!what.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += value;
      }
    };
    await read(/event: ready/);
    cc.setState('jane', 'Available');
    const contactId = cc.callOut('jane', '+15555550401');
    const started = await call(a!, 'POST', '/ws/acme/addons/voice/conversation', token, {
      call: {
        contactPhoneNumber: '+15555550401',
        idCommunication: contactId,
        communicationType: 'outbound',
      },
    });
    cc.hangUp(contactId);
    cc.clear('jane', contactId);
    cc.setState('jane', 'Offline');
    expect(started.status).toBe(200);
    await read(new RegExp(`"conversationId":"${started.body.conversation.id}"`));
    await reader.cancel();
  });

  it('processes each contact event once while the contact centre delivers every event to both', async () => {
    await cc.addWebhook(`${a!.url}/api/integrations/connect/contact-events?key=${SECRET}`);
    await cc.addWebhook(`${b!.url}/api/integrations/connect/contact-events?key=${SECRET}`);
    const ids = placeDemoCalls(cc);
    // The events of these calls (the contact centre also keeps those of the first test's call,
    // published before the webhooks were added).
    const events = (
      await cc.control<{
        events: { event: { id: string; detail: { contactId: string } } }[];
      }>('/control/events')
    ).events
      .filter((p) => ids.includes(p.event.detail.contactId))
      .map((p) => p.event.id);
    // Both webhooks got every event (2xx).
    await eventually(async () => {
      const { attempts } = await cc.control<{
        attempts: { ok: boolean; eventId: string; webhookId: string }[];
      }>('/control/webhooks/attempts');
      return attempts.filter((x) => x.ok).length === events.length * 2;
    }, 'every event delivered to both processes');

    const recorded = await db.services.db.selectFrom('contact_events').select('event_id').execute();
    expect(recorded.map((r) => r.event_id).sort()).toEqual([...new Set(events)].sort());
    const parts = await db.services.db
      .selectFrom('messages')
      .select(['id_communication'])
      .where('kind', '=', 'call')
      .where('id_communication', 'in', ids)
      .execute();
    expect(parts.map((p) => p.id_communication).sort()).toEqual([...ids].sort());
    const conversations = await db.services.db
      .selectFrom('conversations as v')
      .innerJoin('contacts as c', 'c.id', 'v.contact_id')
      .select('c.phone')
      .where('c.phone', 'in', ['+15555550301', '+15555550302', '+15555550303', '+15555550304'])
      .execute();
    expect(conversations).toHaveLength(4);

    // Both processes answer the same history.
    const token = (
      await call(b!, 'POST', '/auth/login', undefined, {
        email: 'jane@acme.test',
        password: 'demo1234',
      })
    ).body.token as string;
    const history = async (p: Process) =>
      historyResponseSchema.parse(
        (
          await call(p, 'PATCH', '/ws/acme/addons/voice/history', token, {
            searchType: 'all',
            searchText: '+155555503',
          })
        ).body,
      ).list;
    const fromA = await history(a!);
    expect(fromA.map((i) => i.idCommunication).sort()).toEqual(
      [ids[0], ids[1], ids[2], ids[3], ids[4]].sort(),
    );
    expect(await history(b!)).toEqual(fromA);
  });
});
