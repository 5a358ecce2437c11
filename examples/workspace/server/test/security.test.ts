// Security of the workspace API across two workspaces and every role: generated requests (over
// 10,000 per run) read nothing of the other tenant and get past no permit; cross-tenant and
// unpermitted writes change nothing; generated malformed bodies all answer 400 and write nothing;
// stored script payloads come back as inert data; tokens and secrets never reach the logs.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema';
import { transcriptCsv } from '../src/modules/voice/transcript-csv';
import { startContactCentre, type TestContactCentre } from './contact-centre';
import { createTestServer, dbKinds, type TestServer } from './harness';

type Slug = 'acme' | 'globex';
type Permit = 'shared' | 'views' | 'replies' | 'live' | null;
const OTHER: Record<Slug, Slug> = { acme: 'globex', globex: 'acme' };

/** Members and their permits (the demo seed): admin holds all. */
const MEMBERS: Record<string, Partial<Record<Slug, { admin: boolean; permits: Permit[] }>>> = {
  'jane@acme.test': { acme: { admin: true, permits: [] } },
  'john@acme.test': { acme: { admin: false, permits: ['shared'] } },
  'ana@acme.test': { acme: { admin: false, permits: ['shared', 'views', 'replies', 'live'] } },
  'sam@both.test': {
    acme: { admin: false, permits: [] },
    globex: { admin: false, permits: ['shared'] },
  },
  'gary@globex.test': { globex: { admin: true, permits: [] } },
};
const USERS = Object.keys(MEMBERS);

/** A seeded pseudo-random source (mulberry32): a failure replays the same requests. */
function rng(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]!;
    },
  };
}

/** The ids of one workspace's rows, by kind. */
interface Ids {
  conversation: string[];
  contact: string[];
  savedReply: string[];
  view: string[];
  tag: string[];
  agent: string[];
  part: [string, string][];
  communication: string[];
  phone: string[];
  historyId: string[];
}

interface Op {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly permit: Permit;
  /** Voice routes answer 409 in a workspace whose instance is not created. */
  readonly voice?: boolean;
  /** Whether a 2xx is acceptable when the ids come from the other workspace. */
  readonly foreignOk?: boolean;
  readonly path: (ids: Ids, r: ReturnType<typeof rng>) => string;
  readonly body?: (ids: Ids, r: ReturnType<typeof rng>) => unknown;
}

const enc = encodeURIComponent;
const READS: Op[] = [
  { name: 'session', method: 'GET', permit: null, path: () => '/session' },
  { name: 'agents', method: 'GET', permit: null, path: () => '/agents' },
  { name: 'teams', method: 'GET', permit: null, path: () => '/teams' },
  { name: 'counts', method: 'GET', permit: null, path: () => '/inbox/counts' },
  {
    name: 'list all',
    method: 'GET',
    permit: 'shared',
    path: (_, r) => `/inbox/conversations?folder=${r.pick(['all', 'unassigned'])}&status=any`,
  },
  {
    name: 'list mine',
    method: 'GET',
    permit: null,
    path: (_, r) => `/inbox/conversations?folder=mine&status=any&q=${r.pick(['', 'a', 'call'])}`,
  },
  {
    name: 'list tag',
    method: 'GET',
    permit: 'shared',
    // a filter, not a lookup: another workspace's tag simply matches nothing
    foreignOk: true,
    path: (ids, r) => `/inbox/conversations?folder=tag&tagId=${r.pick(ids.tag)}`,
  },
  {
    name: 'list view',
    method: 'GET',
    permit: 'views',
    path: (ids, r) => `/inbox/conversations?folder=view&viewId=${r.pick(ids.view)}`,
  },
  {
    name: 'conversation',
    method: 'GET',
    permit: null,
    path: (ids, r) => `/inbox/conversations/${r.pick(ids.conversation)}`,
  },
  {
    name: 'messages',
    method: 'GET',
    permit: null,
    path: (ids, r) => `/inbox/conversations/${r.pick(ids.conversation)}/messages`,
  },
  {
    name: 'part',
    method: 'GET',
    permit: null,
    path: (ids, r) => {
      const [c, p] = r.pick(ids.part);
      return `/inbox/conversations/${c}/parts/${p}`;
    },
  },
  { name: 'tags', method: 'GET', permit: null, path: () => '/inbox/tags' },
  { name: 'views', method: 'GET', permit: 'views', path: () => '/inbox/views' },
  { name: 'saved replies', method: 'GET', permit: null, path: () => '/inbox/saved-replies' },
  { name: 'contacts', method: 'GET', permit: null, path: () => '/contacts?q=' },
  {
    name: 'contact',
    method: 'GET',
    permit: null,
    path: (ids, r) => `/contacts/${r.pick(ids.contact)}`,
  },
  { name: 'voice config', method: 'GET', permit: null, path: () => '/addons/voice/config' },
  {
    name: 'connection',
    method: 'GET',
    permit: null,
    voice: true,
    path: (ids, r) => `/addons/voice/connections/${enc(r.pick(ids.communication))}`,
  },
  {
    name: 'contact by phone',
    method: 'GET',
    permit: null,
    voice: true,
    path: (ids, r) => `/addons/voice/contacts/${enc(r.pick(ids.phone))}`,
  },
  {
    name: 'agents status',
    method: 'GET',
    permit: null,
    voice: true,
    path: () => '/addons/voice/agents/status',
  },
  {
    name: 'transfers',
    method: 'GET',
    permit: null,
    voice: true,
    path: (_, r) => `/addons/voice/transfers?includePending=${r.pick(['true', 'false'])}`,
  },
  {
    name: 'live calls',
    method: 'GET',
    permit: 'live',
    voice: true,
    path: () => '/addons/voice/live-calls',
  },
  {
    name: 'history',
    method: 'PATCH',
    permit: null,
    voice: true,
    foreignOk: true,
    path: (ids, r) =>
      `/addons/voice/history${r.next() < 0.5 ? '' : `?lastId=${r.pick(ids.historyId)}`}`,
    body: (_, r) => ({
      searchType: r.pick(['all', 'missed', 'inbound', 'outbound', 'transferred']),
      searchText: r.pick(['', '555', 'visitor', 'a']),
    }),
  },
  {
    name: 'transcript',
    method: 'GET',
    permit: null,
    voice: true,
    path: (ids, r) => {
      const [c, p] = r.pick(ids.part);
      return `/addons/voice/connections/transcript/csv?idConversation=${c}&idPart=${p}`;
    },
  },
  {
    name: 'recording',
    method: 'GET',
    permit: null,
    voice: true,
    path: (ids, r) => `/addons/voice/recordings/${enc(r.pick(ids.communication))}`,
  },
];

/** Writes that name an existing row (so with the other workspace's ids they must fail). */
const WRITES: Op[] = [
  {
    name: 'patch conversation',
    method: 'PATCH',
    permit: null,
    path: (ids, r) => `/inbox/conversations/${r.pick(ids.conversation)}`,
    body: (_, r) => ({ status: r.pick(['open', 'pending', 'closed']) }),
  },
  {
    name: 'post message',
    method: 'POST',
    permit: null,
    path: (ids, r) => `/inbox/conversations/${r.pick(ids.conversation)}/messages`,
    body: () => ({ kind: 'note', body: 'cross-tenant note' }),
  },
  {
    name: 'patch contact',
    method: 'PATCH',
    permit: null,
    path: (ids, r) => `/contacts/${r.pick(ids.contact)}`,
    body: () => ({ company: 'Hijacked Ltd' }),
  },
  {
    name: 'patch saved reply',
    method: 'PATCH',
    permit: 'replies',
    path: (ids, r) => `/inbox/saved-replies/${r.pick(ids.savedReply)}`,
    body: () => ({ title: 'Hijacked' }),
  },
  {
    name: 'delete saved reply',
    method: 'DELETE',
    permit: 'replies',
    path: (ids, r) => `/inbox/saved-replies/${r.pick(ids.savedReply)}`,
  },
  {
    name: 'monitor call',
    method: 'POST',
    permit: 'live',
    voice: true,
    path: () => '/addons/voice/monitorCall',
    body: (ids, r) => ({
      idCommunication: `monitor-${Math.floor(r.next() * 1e9)}`,
      previousIdCommunication: r.pick(ids.communication),
    }),
  },
  {
    name: 'join live call',
    method: 'POST',
    permit: 'live',
    voice: true,
    path: () => '/addons/voice/live-call',
    body: (ids, r) => ({ call: { idCommunication: r.pick(ids.communication) } }),
  },
];

/** Writes a member without the permit may not make in their own workspace. */
const PERMIT_WRITES: Op[] = [
  {
    name: 'create saved reply',
    method: 'POST',
    permit: 'replies',
    path: () => '/inbox/saved-replies',
    body: () => ({ title: 'Sneaky', body: 'No permit' }),
  },
  ...WRITES.filter((w) => w.permit !== null),
];

const permitted = (user: string, slug: Slug, permit: Permit) => {
  const m = MEMBERS[user]![slug];
  if (!m) return false;
  return permit === null || m.admin || m.permits.includes(permit);
};

async function idsOf(s: TestServer, slug: Slug): Promise<Ids> {
  const db = s.services.db;
  const ws = s.id(`ws:${slug}`);
  const col = async (table: keyof Database, column: string) =>
    (
      await sql<{
        v: string;
      }>`SELECT ${sql.ref(column)}::text AS v FROM ${sql.table(table)} WHERE workspace_id = ${ws}`.execute(
        db,
      )
    ).rows.map((r) => r.v);
  const parts = await db
    .selectFrom('messages')
    .select(['conversation_id', 'id'])
    .where('workspace_id', '=', ws)
    .where('kind', '=', 'call')
    .execute();
  return {
    conversation: await col('conversations', 'id'),
    contact: await col('contacts', 'id'),
    savedReply: await col('saved_replies', 'id'),
    view: await col('inbox_views', 'id'),
    tag: await col('tags', 'id'),
    agent: await col('agents', 'id'),
    part: parts.map((p) => [p.conversation_id, p.id]),
    communication: await col('connections', 'id_communication'),
    phone: (await col('contacts', 'phone')).filter(Boolean),
    historyId: await col('connections', 'id'),
  };
}

/** Strings only the workspace holds (ids, names, subjects, bodies), for the leak check. */
async function secretsOf(s: TestServer, slug: Slug): Promise<Set<string>> {
  const db = s.services.db;
  const ws = s.id(`ws:${slug}`);
  const out = new Set<string>([ws]);
  const add = (v: unknown) => {
    if (typeof v === 'string' && v.length >= 6) out.add(v);
  };
  for (const r of await db
    .selectFrom('conversations')
    .selectAll()
    .where('workspace_id', '=', ws)
    .execute())
    [r.id, r.subject, r.last_message_preview].forEach(add);
  for (const r of await db
    .selectFrom('contacts')
    .selectAll()
    .where('workspace_id', '=', ws)
    .execute())
    [r.id, r.name, r.phone, r.email, r.company].forEach(add);
  for (const r of await db
    .selectFrom('messages')
    .selectAll()
    .where('workspace_id', '=', ws)
    .execute())
    [r.id, r.body].forEach(add);
  for (const table of ['agents', 'teams', 'tags', 'inbox_views', 'saved_replies'] as const)
    for (const r of await db
      .selectFrom(table)
      .select('id')
      .where('workspace_id', '=', ws)
      .execute())
      add(r.id);
  for (const r of await db
    .selectFrom('connections')
    .selectAll()
    .where('workspace_id', '=', ws)
    .execute())
    [r.id, r.id_communication].forEach(add);
  return out;
}

/** A fingerprint of every table (auth tables aside): equal fingerprints, nothing written. */
async function fingerprint(s: TestServer): Promise<Record<string, string>> {
  const tables = [
    'users',
    'workspaces',
    'memberships',
    'teams',
    'agents',
    'team_members',
    'contacts',
    'tags',
    'conversations',
    'conversation_tags',
    'messages',
    'inbox_views',
    'saved_replies',
    'connections',
    'contact_events',
    'campaign_templates',
  ];
  const out: Record<string, string> = {};
  for (const t of tables) {
    const { rows } = await sql<{ h: string | null }>`
      SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${sql.table(t)} x`.execute(
      s.services.db,
    );
    out[t] = rows[0]?.h ?? '';
  }
  return out;
}

describe.each(dbKinds())('security on %s', (kind) => {
  let cc: TestContactCentre;
  let s: TestServer;
  const tokens = new Map<string, string>();
  let ids: Record<Slug, Ids>;
  let secrets: Record<Slug, Set<string>>;

  beforeAll(async () => {
    cc = await startContactCentre();
    s = await createTestServer(kind, { connectEndpoint: cc.url, env: cc.serverEnv, listen: true });
    for (const u of USERS) tokens.set(u, await s.login(u));
    // Calls in both workspaces: acme's placed by jane on the contact centre and reported through
    // the API, globex's as stored history.
    const acmeCalls: string[] = [];
    for (let i = 0; i < 6; i++) {
      cc.setState('jane', 'Available');
      const phone = `+1555077${String(1000 + i)}`;
      const id = cc.callOut('jane', phone);
      acmeCalls.push(id);
      const res = await s.req('POST', '/api/ws/acme/addons/voice/conversation', {
        token: tokens.get('jane@acme.test')!,
        body: {
          call: {
            contactPhoneNumber: phone,
            idCommunication: id,
            communicationType: i % 2 ? 'inbound' : 'outbound',
          },
        },
      });
      if (res.status !== 200) throw new Error(`call ${i}: ${res.status} ${res.text}`);
      cc.hangUp(id);
      cc.clear('jane', id);
    }
    cc.setState('jane', 'Offline');
    const globex = s.id('ws:globex');
    const hank = s.id('globex/contact:hank');
    const conv = s.id('globex/conversation:0');
    for (let i = 0; i < 4; i++) {
      const part = `globex-part-${i}`;
      await s.services.db
        .insertInto('messages')
        .values({
          id: part,
          workspace_id: globex,
          conversation_id: conv,
          kind: 'call',
          direction: 'inbound',
          author_agent_id: null,
          body: `Call from +15555550201 #${i}`,
          id_communication: `globex-call-${i}`,
        })
        .execute();
      await s.services.db
        .insertInto('connections')
        .values({
          id: `globex-connection-${i}`,
          workspace_id: globex,
          id_communication: `globex-call-${i}`,
          communication_type: 'inbound',
          id_conversation: conv,
          id_part: part,
          contact_id: hank,
          contact_phone_number: '+15555550201',
          answered: true,
          created_at: new Date(Date.now() - i * 60_000),
          connected_at: new Date(Date.now() - i * 60_000),
          ended_at: new Date(Date.now() - i * 60_000 + 30_000),
          search_text: 'hank scorpio +15555550201',
          updated_at: new Date(),
        })
        .execute();
    }
    // acme's calls end (contact events), so they get call parts.
    for (let i = 0; i < 6; i++)
      await s.req(
        'POST',
        '/api/integrations/connect/contact-events?key=test-contact-events-secret',
        {
          body: {
            id: `acme-event-${i}`,
            'detail-type': 'Amazon Connect Contact Event',
            source: 'aws.connect',
            time: new Date().toISOString(),
            detail: {
              eventType: 'DISCONNECTED',
              contactId: acmeCalls[i]!,
              channel: 'VOICE',
              instanceArn: `arn:aws:connect:us-east-1:123456789012:instance/11111111-2222-3333-4444-555555555555`,
              initiationMethod: i % 2 ? 'INBOUND' : 'OUTBOUND',
              initiationTimestamp: new Date(Date.now() - 60_000).toISOString(),
              disconnectTimestamp: new Date().toISOString(),
            },
          },
        },
      );
    ids = { acme: await idsOf(s, 'acme'), globex: await idsOf(s, 'globex') };
    expect(ids.acme.part.length).toBe(6);
    const [a, g] = [await secretsOf(s, 'acme'), await secretsOf(s, 'globex')];
    // Strings both hold (shared user names, demo phrases) are not secrets of either.
    for (const v of [...a])
      if (g.has(v)) {
        a.delete(v);
        g.delete(v);
      }
    secrets = { acme: a, globex: g };
  });
  afterAll(async () => {
    await s?.close();
    await cc?.close();
  });

  async function send(
    token: string | undefined,
    slug: string,
    op: Op,
    own: Ids,
    r: ReturnType<typeof rng>,
  ) {
    const path = `/api/ws/${slug}${op.path(own, r)}`;
    const body = op.body?.(own, r);
    const res = await s.req(op.method, path, {
      ...(token ? { token } : {}),
      ...(body === undefined ? {} : { body }),
    });
    return { path, body, res };
  }

  it('generated requests (10,000 on PGlite) across two workspaces and every role read nothing across tenants and get past no permit', async () => {
    const r = rng(kind === 'pglite' ? 14 : 41);
    const problems: string[] = [];
    let count = 0;
    // 10,000 on the embedded database; the same generator, shorter, on PostgreSQL (the same SQL
    // runs on both), so that the server project stays within its time budget.
    const TOTAL = kind === 'pglite' ? 10_000 : 2_500;
    const one = async () => {
      const user = r.next() < 0.04 ? undefined : r.pick(USERS);
      const slug = r.pick<Slug>(['acme', 'globex']);
      const op = r.pick(READS);
      // Ids of the workspace asked for, of the other one, or made up.
      const source = r.next();
      const idSlug = source < 0.5 ? slug : OTHER[slug];
      const own = source < 0.9 ? ids[idSlug] : junkIds();
      const { path, body, res } = await send(user && tokens.get(user), slug, op, own, r);
      count++;
      const seen = `${op.name} ${path} as ${user ?? 'anonymous'} → ${res.status}`;
      const member = user ? MEMBERS[user]![slug] : undefined;
      if (!user) {
        if (res.status !== 401) problems.push(`anonymous not 401: ${seen}`);
        return;
      }
      if (!member) {
        if (res.status !== 404) problems.push(`non-member not 404: ${seen}`);
        return;
      }
      const ok = res.status >= 200 && res.status < 300;
      if (ok && !permitted(user, slug, op.permit)) problems.push(`permit bypassed: ${seen}`);
      if (ok && op.voice && slug === 'globex') problems.push(`voice gate bypassed: ${seen}`);
      if (ok && idSlug !== slug && source < 0.9 && !op.foreignOk && usesId(op))
        problems.push(`foreign id answered: ${seen}`);
      const sent = `${path} ${JSON.stringify(body ?? '')}`;
      for (const secret of secrets[OTHER[slug]])
        if (res.text.includes(secret) && !sent.includes(secret))
          problems.push(`leak of ${OTHER[slug]} data (${secret}): ${seen}`);
      if (res.status >= 500) problems.push(`server error: ${seen} ${res.text}`);
    };
    const workers = Array.from({ length: 4 }, async () => {
      while (count < TOTAL) await one();
    });
    await Promise.all(workers);
    expect(count).toBeGreaterThanOrEqual(TOTAL);
    expect(problems.slice(0, 20)).toEqual([]);
  }, 600_000);

  it('cross-tenant and unpermitted writes are refused and change nothing', async () => {
    const before = await fingerprint(s);
    const r = rng(7);
    const problems: string[] = [];
    let n = 0;
    for (let i = 0; i < 600; i++) {
      const user = r.pick(USERS);
      const memberOf = Object.keys(MEMBERS[user]!) as Slug[];
      const slug = r.pick(memberOf);
      // Another workspace's rows, named through one's own workspace…
      const op = r.pick(WRITES);
      const { path, res } = await send(tokens.get(user), slug, op, ids[OTHER[slug]], r);
      n++;
      if (res.status < 400 || res.status >= 500)
        problems.push(`${op.name} ${path} as ${user} → ${res.status}`);
      // …and one's own workspace's, without the permit.
      const unpermitted = PERMIT_WRITES.filter((w) => !permitted(user, slug, w.permit));
      if (unpermitted.length === 0) continue;
      const w = r.pick(unpermitted);
      const own = await send(tokens.get(user), slug, w, ids[slug], r);
      n++;
      if (![403, 409].includes(own.res.status))
        problems.push(`${w.name} ${own.path} as ${user} (no permit) → ${own.res.status}`);
    }
    expect(n).toBeGreaterThan(600);
    expect(problems.slice(0, 20)).toEqual([]);
    expect(await fingerprint(s)).toEqual(before);
  }, 300_000);

  it('generated malformed bodies all answer 400 and write nothing', async () => {
    const before = await fingerprint(s);
    const token = tokens.get('jane@acme.test')!;
    const conversation = ids.acme.conversation[0]!;
    const contact = ids.acme.contact[0]!;
    const reply = ids.acme.savedReply[0]!;
    const routes: [string, string, Record<string, unknown>][] = [
      [
        'POST',
        '/addons/voice/conversation',
        {
          call: {
            contactPhoneNumber: '+15555550999',
            idCommunication: 'malformed-1',
            communicationType: 'outbound',
          },
        },
      ],
      [
        'POST',
        '/addons/voice/acceptCall',
        {
          call: {
            contactPhoneNumber: '+15555550999',
            idCommunication: 'malformed-2',
            communicationType: 'inbound',
          },
        },
      ],
      [
        'POST',
        '/addons/voice/monitorCall',
        { idCommunication: 'malformed-3', previousIdCommunication: 'acme-call-0' },
      ],
      ['POST', '/addons/voice/live-call', { call: { idCommunication: 'acme-call-0' } }],
      ['PATCH', '/addons/voice/history', { searchType: 'all', searchText: '' }],
      ['PATCH', `/inbox/conversations/${conversation}`, { status: 'closed', subject: 'x' }],
      ['POST', `/inbox/conversations/${conversation}/messages`, { kind: 'note', body: 'hello' }],
      ['POST', '/inbox/saved-replies', { title: 'T', body: 'B' }],
      ['PATCH', `/inbox/saved-replies/${reply}`, { title: 'T' }],
      ['POST', '/contacts', { name: 'New', phone: '+15555550998' }],
      ['PATCH', `/contacts/${contact}`, { name: 'C' }],
    ];
    const r = rng(99);
    const problems: string[] = [];
    let n = 0;
    for (const [method, path, valid] of routes) {
      for (const bad of malformations(valid, r)) {
        const res = await s.req(method, `/api/ws/acme${path}`, {
          token,
          ...(typeof bad === 'string' ? { raw: bad } : { body: bad }),
        });
        n++;
        if (res.status !== 400 || res.body?.error !== 'invalid_request')
          problems.push(`${method} ${path} ${JSON.stringify(bad)} → ${res.status} ${res.text}`);
      }
    }
    expect(n).toBeGreaterThan(300);
    expect(problems.slice(0, 20)).toEqual([]);
    expect(await fingerprint(s)).toEqual(before);
  }, 300_000);

  it('stored script payloads come back as inert data', async () => {
    const token = tokens.get('jane@acme.test')!;
    const payloads = [
      '<script>alert(1)</script>',
      '"><img src=x onerror=alert(1)>',
      "javascript:alert('x')",
      '=HYPERLINK("http://evil.test","x")',
      '{{constructor.constructor("alert(1)")()}}',
      '\u2028</script><svg onload=alert(1)>',
    ];
    for (const [i, p] of payloads.entries()) {
      const created = await s.req('POST', '/api/ws/acme/contacts', {
        token,
        body: { name: p, email: `x${i}@inert.test` },
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('content-type')).toMatch(/^application\/json/);
      expect(created.headers.get('x-content-type-options')).toBe('nosniff');
      const id = created.body.contact.id as string;
      const read = await s.req('GET', `/api/ws/acme/contacts/${id}`, { token });
      expect(read.body.contact.name).toBe(p.trim());
      expect(read.headers.get('content-type')).toMatch(/^application\/json/);
      // No site may frame the app unless WIDGET_EMBED_ORIGINS names it (CSP frame-ancestors).
      expect(read.headers.get('x-frame-options')).toBe('DENY');
      const msg = await s.req(
        'POST',
        `/api/ws/acme/inbox/conversations/${ids.acme.conversation[0]}/messages`,
        { token, body: { kind: 'note', body: p } },
      );
      expect(msg.body.message.body).toBe(p.trim());
    }
    // A transcript cell that a spreadsheet would run as a formula is neutralised.
    const csv = transcriptCsv(
      [
        {
          participantRole: 'CUSTOMER',
          content: '=HYPERLINK("http://evil.test")',
          beginOffsetMillis: 0,
          endOffsetMillis: 1,
          sentiment: 'NEUTRAL',
        },
        {
          participantRole: 'AGENT',
          content: '@SUM(1+1)',
          beginOffsetMillis: 1,
          endOffsetMillis: 2,
          sentiment: 'NEUTRAL',
        },
      ],
      { agent: '-agent', customer: '+15555550101' },
    );
    const [, first, second] = csv.trim().split('\r\n');
    // A plain E.164 number reads as a number, never as a formula: it stays as it is.
    expect(first).toBe(`CUSTOMER,+15555550101,0,1,NEUTRAL,"'=HYPERLINK(""http://evil.test"")"`);
    expect(second).toBe("AGENT,'-agent,1,2,NEUTRAL,'@SUM(1+1)");
  });

  it('tokens and secrets never appear in the logs', async () => {
    // also a token in the event stream's query string, and a wrong contact-event key
    const jane = tokens.get('jane@acme.test')!;
    const res = await s.app.request(`/api/ws/acme/events?access_token=${jane}`);
    await res.body?.cancel();
    await s.req('POST', '/api/integrations/connect/contact-events?key=not-the-secret-key', {
      body: {},
    });
    await s.req('POST', '/api/auth/login', {
      body: { email: 'jane@acme.test', password: 'wrong-password-123' },
    });
    const text = s.logs.join('\n');
    expect(s.logs.length).toBeGreaterThan(1000);
    for (const token of tokens.values()) expect(text).not.toContain(token);
    for (const secret of [
      'test-contact-events-secret',
      'not-the-secret-key',
      'demo1234',
      'wrong-password-123',
    ])
      expect(text).not.toContain(secret);
  });
});

const usesId = (op: Op) =>
  ![
    'session',
    'agents',
    'teams',
    'counts',
    'list all',
    'list mine',
    'tags',
    'views',
    'saved replies',
    'contacts',
    'voice config',
    'agents status',
    'transfers',
    'live calls',
  ].includes(op.name);

/** Ids that name nothing. */
function junkIds(): Ids {
  const junk = ['00000000-0000-0000-0000-000000000000', 'nope', "1' OR '1'='1", '%2e%2e%2f'];
  return {
    conversation: junk,
    contact: junk,
    savedReply: junk,
    view: junk,
    tag: junk,
    agent: junk,
    part: junk.map((j) => [j, j]),
    communication: junk,
    phone: ['+10000000000', 'abc'],
    historyId: junk,
  };
}

/** Bodies that break the route's schema: wrong JSON, wrong types, missing or oversized fields. */
function malformations(valid: Record<string, unknown>, r: ReturnType<typeof rng>): unknown[] {
  const out: unknown[] = ['', '{', '{"a":', 'null', '[]', '"text"', '42', 'true', '{"__proto__":'];
  const wrongs = [null, 42, true, [], {}, 'x'.repeat(20_001), -1, [1, 2], { nested: { deep: 1 } }];
  const walk = (obj: Record<string, unknown>, set: (o: Record<string, unknown>) => unknown) => {
    for (const key of Object.keys(obj)) {
      const v = obj[key];
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        walk(v as Record<string, unknown>, (inner) => set({ ...obj, [key]: inner }));
        out.push(set({ ...obj, [key]: 'not an object' }));
        continue;
      }
      for (const w of wrongs) {
        if (typeof v === 'string' && typeof w === 'string' && w.length < 20_000) continue;
        out.push(set({ ...obj, [key]: w }));
      }
      const { [key]: _dropped, ...rest } = obj;
      void _dropped;
      // A missing field is malformed only where it is required (all of these but the optional ones).
      if (!OPTIONAL.has(key)) out.push(set(rest));
    }
  };
  walk(valid, (o) => o);
  // random byte soup
  for (let i = 0; i < 5; i++)
    out.push(
      Array.from({ length: 20 }, () => String.fromCharCode(32 + Math.floor(r.next() * 94))).join(
        '',
      ),
    );
  return out.filter((b) => !(typeof b === 'string' && safeJsonObject(b)));
}

/** Fields these routes accept without (a missing one is not malformed). */
const OPTIONAL = new Set(['status', 'subject', 'kind', 'title', 'company', 'name', 'phone']);

function safeJsonObject(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}
