// Reports: figures computed from rows the test writes (conversations, messages, calls, survey
// answers at known times in March 2020, a month the demo data never touches), days in the
// workspace's time zone (acme: Europe/Madrid), the permit, range checks and the CSV export; on
// PGlite and PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callReportSchema,
  conversationReportSchema,
  csatReportSchema,
} from '../src/contract/reports';
import { createTestServer, dbKinds, type TestServer } from './harness';

const RANGE = 'from=2020-03-02&to=2020-03-08';
const MIN = 60_000;

describe.each(dbKinds())('reports on %s', (kind) => {
  let s: TestServer;
  let jane: string;
  let ana: string;
  let sam: string;
  let gary: string;
  let n = 0;
  const id = (prefix: string) => `${prefix}-report-${++n}`;

  /** A conversation with messages at the given minutes after its start. */
  async function conversation(v: {
    at: string;
    channel: string;
    assignee: string | null;
    closedAfterMin?: number;
    messages: { min: number; direction: 'inbound' | 'outbound'; kind?: string; agent?: string }[];
  }) {
    const db = s.services.db;
    const ws = s.id('ws:acme');
    const contactId = id('contact');
    await db
      .insertInto('contacts')
      .values({
        id: contactId,
        workspace_id: ws,
        name: `Report ${n}`,
        phone: null,
        email: null,
        updated_at: new Date(),
      })
      .execute();
    const start = new Date(v.at);
    const convId = id('conv');
    await db
      .insertInto('conversations')
      .values({
        id: convId,
        workspace_id: ws,
        contact_id: contactId,
        channel: v.channel,
        subject: '',
        last_message_preview: '',
        status: v.closedAfterMin === undefined ? 'open' : 'closed',
        assignee_agent_id: v.assignee,
        created_at: start,
        updated_at:
          v.closedAfterMin === undefined ? start : new Date(+start + v.closedAfterMin * MIN),
        last_message_at: start,
      })
      .execute();
    for (const m of v.messages)
      await db
        .insertInto('messages')
        .values({
          id: id('msg'),
          workspace_id: ws,
          conversation_id: convId,
          kind: m.kind ?? 'message',
          direction: m.direction,
          author_agent_id: m.agent ?? null,
          body: 'x',
          created_at: new Date(+start + m.min * MIN),
        })
        .execute();
    return convId;
  }

  async function call(v: {
    at: string;
    type: 'inbound' | 'outbound' | 'transfer' | 'monitor';
    agent: string | null;
    queue?: string;
    /** Seconds from start: answered at, hung up at, after-call work done at. */
    connected?: number;
    ended?: number;
    completed?: number;
  }) {
    const at = new Date(v.at);
    const t = (sec: number | undefined) => (sec === undefined ? null : new Date(+at + sec * 1000));
    await s.services.db
      .insertInto('connections')
      .values({
        id: id('conn'),
        workspace_id: s.id('ws:acme'),
        id_communication: id('contact-centre'),
        communication_type: v.type,
        agent_id: v.agent,
        queue_id: v.queue ?? null,
        answered: v.connected !== undefined,
        created_at: at,
        connected_at: t(v.connected),
        ended_at: t(v.ended),
        completed_at: t(v.completed),
        search_text: '',
        updated_at: at,
      })
      .execute();
  }

  beforeAll(async () => {
    s = await createTestServer(kind);
    [jane, ana, sam, gary] = await Promise.all([
      s.login('jane@acme.test'),
      s.login('ana@acme.test'),
      s.login('sam@both.test'),
      s.login('gary@globex.test'),
    ]);
    const janeAgent = s.id('acme/agent:jane');
    const anaAgent = s.id('acme/agent:ana');
    // Email, Jane (Support): first reply after 10 min, closed after 60 min.
    await conversation({
      at: '2020-03-02T09:00:00Z',
      channel: 'email',
      assignee: janeAgent,
      closedAfterMin: 60,
      messages: [
        { min: 0, direction: 'inbound' },
        { min: 4, direction: 'outbound', kind: 'note', agent: janeAgent },
        { min: 10, direction: 'outbound', agent: janeAgent },
        { min: 30, direction: 'outbound', agent: janeAgent },
      ],
    });
    // Email, Jane: first reply after 30 min, still open.
    await conversation({
      at: '2020-03-03T09:00:00Z',
      channel: 'email',
      assignee: janeAgent,
      messages: [
        { min: 0, direction: 'inbound' },
        { min: 30, direction: 'outbound', agent: janeAgent },
      ],
    });
    // SMS, Ana (Sales): no reply yet; closed after 120 min.
    await conversation({
      at: '2020-03-04T10:00:00Z',
      channel: 'sms',
      assignee: anaAgent,
      closedAfterMin: 120,
      messages: [{ min: 0, direction: 'inbound' }],
    });
    // WhatsApp, unassigned, started by an agent (no first response time), open.
    await conversation({
      at: '2020-03-05T10:00:00Z',
      channel: 'whatsapp',
      assignee: null,
      messages: [
        { min: 0, direction: 'outbound', agent: janeAgent },
        { min: 5, direction: 'inbound' },
      ],
    });
    // 23:30 UTC on the 1st is 00:30 on the 2nd in Madrid: inside the range, on its first day.
    await conversation({
      at: '2020-03-01T23:30:00Z',
      channel: 'chat',
      assignee: null,
      messages: [{ min: 0, direction: 'inbound' }],
    });
    // 23:30 UTC on the 8th is the 9th in Madrid: outside.
    await conversation({
      at: '2020-03-08T23:30:00Z',
      channel: 'chat',
      assignee: null,
      messages: [{ min: 0, direction: 'inbound' }],
    });

    // Calls: Jane answers two (handle 120 s with 30 s after-call work; 300 s without), misses
    // none; an inbound call in queue q-sales is missed; Ana makes one outbound call (60 s).
    await call({
      at: '2020-03-02T10:00:00Z',
      type: 'inbound',
      agent: janeAgent,
      queue: 'q-support',
      connected: 10,
      ended: 100,
      completed: 130,
    });
    await call({
      at: '2020-03-03T10:00:00Z',
      type: 'inbound',
      agent: janeAgent,
      queue: 'q-support',
      connected: 5,
      ended: 305,
    });
    await call({
      at: '2020-03-03T11:00:00Z',
      type: 'inbound',
      agent: null,
      queue: 'q-sales',
      ended: 40,
    });
    await call({
      at: '2020-03-04T11:00:00Z',
      type: 'outbound',
      agent: anaAgent,
      connected: 0,
      ended: 60,
    });
    // Neither a transfer's leg, nor a monitoring leg, nor a call outside the range counts.
    await call({
      at: '2020-03-04T12:00:00Z',
      type: 'transfer',
      agent: anaAgent,
      connected: 0,
      ended: 60,
    });
    await call({
      at: '2020-03-04T12:00:00Z',
      type: 'monitor',
      agent: janeAgent,
      connected: 0,
      ended: 60,
    });
    await call({
      at: '2020-03-10T12:00:00Z',
      type: 'inbound',
      agent: janeAgent,
      connected: 0,
      ended: 60,
    });

    // Survey answers: 5/5 and 2/5 on the 2nd, 3/3 on the 4th; a settings preview is left out.
    const answer = (at: string, score: number, scale: number, demo = false) =>
      sql`INSERT INTO csat_responses (id, workspace_id, scale, score, created_at, demo)
        VALUES (${id('csat')}, ${s.id('ws:acme')}, ${scale}, ${score}, ${new Date(at)}, ${demo})`.execute(
        s.services.db,
      );
    await answer('2020-03-02T12:00:00Z', 5, 5);
    await answer('2020-03-02T13:00:00Z', 2, 5);
    await answer('2020-03-04T12:00:00Z', 3, 3);
    await answer('2020-03-04T12:00:00Z', 1, 5, true);
  });
  afterAll(() => s.close());

  const get = (path: string, token = jane) =>
    s.req('GET', `/api/ws/acme/reports/${path}`, { token });

  it('counts conversations opened and closed, with first response and resolution times', async () => {
    const res = await get(`conversations?${RANGE}&groupBy=channel`);
    expect(res.status).toBe(200);
    const report = conversationReportSchema.parse(res.body);
    expect(report.range).toEqual({
      from: '2020-03-02',
      to: '2020-03-08',
      timeZone: 'Europe/Madrid',
    });
    expect(report.totals.opened).toBe(5);
    expect(report.totals.closed).toBe(2);
    // Replies after 10 and 30 min (the note and the agent-started conversation do not count).
    expect(report.totals.firstResponse).toEqual({
      count: 2,
      medianSeconds: 1200,
      p90Seconds: 1680,
    });
    // Closed after 60 and 120 min.
    expect(report.totals.resolution).toEqual({ count: 2, medianSeconds: 5400, p90Seconds: 6840 });
    const byChannel = Object.fromEntries(report.groups.map((g) => [g.key, g]));
    expect(byChannel.email).toMatchObject({ label: 'Email', opened: 2, closed: 1 });
    expect(byChannel.sms).toMatchObject({ label: 'SMS', opened: 1, closed: 1 });
    expect(byChannel.chat).toMatchObject({ label: 'Web chat', opened: 1, closed: 0 });
    expect(report.days).toHaveLength(7);
    expect(report.days[0]).toEqual({ date: '2020-03-02', opened: 2, closed: 1 });
    expect(report.days.find((d) => d.date === '2020-03-04')).toEqual({
      date: '2020-03-04',
      opened: 1,
      closed: 1,
    });
  });

  it('groups conversations by agent and by team', async () => {
    const agents = conversationReportSchema.parse(
      (await get(`conversations?${RANGE}&groupBy=agent`)).body,
    );
    const byAgent = Object.fromEntries(agents.groups.map((g) => [g.label, g]));
    expect(byAgent['Jane Doe']).toMatchObject({ opened: 2, closed: 1 });
    expect(byAgent['Jane Doe']!.firstResponse.medianSeconds).toBe(1200);
    expect(byAgent['Ana Silva']).toMatchObject({ opened: 1, closed: 1 });
    expect(byAgent['Unassigned']).toMatchObject({ key: null, opened: 2, closed: 0 });
    const teams = conversationReportSchema.parse(
      (await get(`conversations?${RANGE}&groupBy=team`)).body,
    );
    const byTeam = Object.fromEntries(teams.groups.map((g) => [g.label, g]));
    expect(byTeam['Support']).toMatchObject({ opened: 2, closed: 1 });
    expect(byTeam['Sales']).toMatchObject({ opened: 1, closed: 1 });
    expect(byTeam['No team']).toMatchObject({ opened: 2 });
  });

  it('keeps the close time and the first reply as conversations change', async () => {
    const conv = await conversation({
      at: new Date(Date.now() - 10 * MIN).toISOString(),
      channel: 'email',
      assignee: null,
      messages: [{ min: 0, direction: 'inbound' }],
    });
    const row = () =>
      s.services.db
        .selectFrom('conversations')
        .select(['closed_at', 'first_response_at', 'first_inbound_at'])
        .where('id', '=', conv)
        .executeTakeFirstOrThrow();
    const patch = (body: unknown) =>
      s.req('PATCH', `/api/ws/acme/inbox/conversations/${conv}`, { token: jane, body });
    expect((await patch({ status: 'closed' })).status).toBe(200);
    expect((await row()).closed_at).toBeInstanceOf(Date);
    expect((await patch({ status: 'open' })).status).toBe(200);
    expect((await row()).closed_at).toBeNull();
    expect((await row()).first_response_at).toBeNull();
    const reply = await s.req('POST', `/api/ws/acme/inbox/conversations/${conv}/messages`, {
      token: jane,
      body: { body: 'Hello', kind: 'message' },
    });
    expect(reply.status).toBeLessThan(300);
    const after = await row();
    expect(after.first_response_at).toBeInstanceOf(Date);
    expect(+after.first_response_at! - +after.first_inbound_at!).toBeGreaterThan(9 * MIN);
  });

  it('counts calls in and out, answered, missed, handle and after-call work times', async () => {
    const res = await get(`calls?${RANGE}&groupBy=agent`);
    expect(res.status).toBe(200);
    const report = callReportSchema.parse(res.body);
    expect(report.totals).toEqual({
      inbound: 3,
      outbound: 1,
      answered: 3,
      missed: 1,
      missedRate: 1 / 3,
      // (120 + 300 + 60) / 3
      averageHandleSeconds: 160,
      averageAfterCallWorkSeconds: 30,
    });
    const byAgent = Object.fromEntries(report.groups.map((g) => [g.label, g]));
    expect(byAgent['Jane Doe']).toMatchObject({
      inbound: 2,
      answered: 2,
      missed: 0,
      averageHandleSeconds: 210,
    });
    expect(byAgent['Ana Silva']).toMatchObject({ outbound: 1, averageHandleSeconds: 60 });
    expect(byAgent['Unassigned']).toMatchObject({ inbound: 1, missed: 1, missedRate: 1 });
    expect(report.days.find((d) => d.date === '2020-03-03')).toEqual({
      date: '2020-03-03',
      inbound: 2,
      outbound: 0,
      missed: 1,
    });
    const queues = callReportSchema.parse((await get(`calls?${RANGE}&groupBy=queue`)).body);
    const byQueue = Object.fromEntries(queues.groups.map((g) => [g.key, g]));
    expect(byQueue['q-support']).toMatchObject({ inbound: 2, answered: 2 });
    expect(byQueue['q-sales']).toMatchObject({ inbound: 1, missed: 1 });
    expect(byQueue['null']).toMatchObject({ label: 'No queue', outbound: 1 });
  });

  it('gives the satisfaction answers by day', async () => {
    const report = csatReportSchema.parse((await get(`csat?${RANGE}`)).body);
    expect(report.totals).toEqual({
      responses: 3,
      satisfiedShare: 2 / 3,
      averageShare: (1 + 0.4 + 1) / 3,
    });
    expect(report.days[0]).toEqual({
      date: '2020-03-02',
      responses: 2,
      satisfiedShare: 0.5,
      averageShare: 0.7,
    });
    expect(report.days[1]).toEqual({
      date: '2020-03-03',
      responses: 0,
      satisfiedShare: null,
      averageShare: null,
    });
  });

  it('needs the reports permit; another workspace is not found', async () => {
    expect((await get(`conversations?${RANGE}`, ana)).status).toBe(200);
    const denied = await get(`calls?${RANGE}`, sam);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('forbidden');
    expect((await get(`csat?${RANGE}`, gary)).status).toBe(404);
    expect((await s.req('GET', `/api/ws/acme/reports/csat?${RANGE}`)).status).toBe(401);
  });

  it('refuses a range that runs backwards, spans over a year, or names no calendar day', async () => {
    for (const q of [
      'from=2020-03-08&to=2020-03-02',
      'from=2019-01-01&to=2020-03-02',
      'from=2020-02-30&to=2020-03-02',
      'from=2020-3-1&to=2020-03-02',
      'to=2020-03-02',
    ]) {
      const res = await get(`conversations?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    }
    expect((await get(`calls?${RANGE}&groupBy=channel`)).status).toBe(400);
    expect((await get(`calls/export?${RANGE}&groupBy=channel`)).status).toBe(400);
    expect((await get(`weekly/export?${RANGE}`)).status).toBe(400);
  });

  it('exports each report as CSV, names neutralised', async () => {
    await s.services.db
      .updateTable('agents')
      .set({ name: '=HYPERLINK("x")' })
      .where('id', '=', s.id('acme/agent:ana'))
      .execute();
    try {
      const res = await get(`conversations/export?${RANGE}&groupBy=agent`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      expect(res.headers.get('content-disposition')).toContain(
        'conversations-2020-03-02-2020-03-08.csv',
      );
      const lines = res.text.trim().split('\r\n');
      expect(lines[0]).toBe(
        'Agent,Opened,Closed,First response median (s),First response p90 (s),Resolution median (s),Resolution p90 (s)',
      );
      expect(lines[1]).toBe('All,5,2,1200,1680,5400,6840');
      expect(lines).toContain(`"'=HYPERLINK(""x"")",1,1,,,7200,7200`);
      const calls = (await get(`calls/export?${RANGE}&groupBy=queue`)).text.trim().split('\r\n');
      expect(calls[1]).toBe('All,3,1,3,1,0.3333,160,30');
      const csat = (await get(`csat/export?${RANGE}`)).text.trim().split('\r\n');
      expect(csat[0]).toBe('Day,Responses,Satisfied share,Average share of scale');
      expect(csat[1]).toBe('2020-03-02,2,0.5,0.7');
      expect(csat).toHaveLength(8);
    } finally {
      await s.services.db
        .updateTable('agents')
        .set({ name: 'Ana Silva' })
        .where('id', '=', s.id('acme/agent:ana'))
        .execute();
    }
  });
});
