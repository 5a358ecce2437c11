// Contact-event replay: the contact events of real calls on the emulator (answered, missed,
// outbound, transferred), delivered in order to one server and duplicated and shuffled to another,
// give the same call history, the same call parts and one conversation per contact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyResponseSchema } from '../src/contract/voice';
import { placeDemoCalls, startContactCentre, type TestContactCentre } from './contact-centre';
import { createTestServer, dbKinds, type TestServer } from './harness';

interface EmulatorEvent {
  id: string;
  detail: { contactId: string; eventType: string };
}

/** A deterministic shuffle (mulberry32), so a failure replays the same order. */
function shuffle<T>(items: readonly T[], seed: number): T[] {
  let a = seed;
  const random = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe.each(dbKinds())('contact-event replay on %s', (kind) => {
  let cc: TestContactCentre;
  let inOrder: TestServer;
  let replayed: TestServer;
  let reversed: TestServer;

  beforeAll(async () => {
    cc = await startContactCentre();
    [inOrder, replayed, reversed] = await Promise.all([
      createTestServer(kind, { connectEndpoint: cc.url, env: cc.serverEnv }),
      createTestServer(kind, { connectEndpoint: cc.url, env: cc.serverEnv }),
      createTestServer(kind, { connectEndpoint: cc.url, env: cc.serverEnv }),
    ]);
    // Three databases created and seeded at once: minutes on a busy 2-core machine.
  }, 300_000);
  afterAll(async () => {
    await Promise.all([inOrder?.close(), replayed?.close(), reversed?.close()]);
    await cc?.close();
  });

  const post = (s: TestServer, event: unknown) =>
    s.req('POST', '/api/integrations/connect/contact-events?key=test-contact-events-secret', {
      body: event,
    });

  /** Everything the history and the inbox show of the calls, without row ids. */
  async function observed(s: TestServer) {
    const token = await s.login('jane@acme.test');
    const items = [];
    let lastId: string | undefined;
    for (;;) {
      const res = await s.req(
        'PATCH',
        `/api/ws/acme/addons/voice/history${lastId ? `?lastId=${lastId}` : ''}`,
        { token, body: { searchType: 'all', searchText: '' } },
      );
      const page = historyResponseSchema.parse(res.body).list;
      if (page.length === 0) break;
      items.push(...page);
      lastId = page.at(-1)!.id;
    }
    const parts = await s.services.db
      .selectFrom('messages as m')
      .innerJoin('conversations as v', 'v.id', 'm.conversation_id')
      .innerJoin('contacts as c', 'c.id', 'v.contact_id')
      .select(['m.id_communication', 'm.body', 'm.direction', 'm.created_at', 'c.phone'])
      .where('m.kind', '=', 'call')
      .orderBy('m.id_communication')
      .execute();
    const conversations = await s.services.db
      .selectFrom('conversations as v')
      .innerJoin('contacts as c', 'c.id', 'v.contact_id')
      .leftJoin('agents as a', 'a.id', 'v.assignee_agent_id')
      .select(['c.phone', 'v.subject', 'a.name as assignee'])
      .where('v.channel', '=', 'voice')
      .orderBy('c.phone')
      .execute();
    const queues = await s.services.db
      .selectFrom('connections')
      .select(['id_communication', 'queue_id'])
      .orderBy('id_communication')
      .execute();
    return {
      queues: Object.fromEntries(queues.map((q) => [q.id_communication, q.queue_id])),
      history: items.map((i) => ({
        idCommunication: i.idCommunication,
        communicationType: i.communicationType,
        answered: i.answered,
        createdAt: i.createdAt,
        contact: [i.contact.name, i.contact.phone],
        contactPhoneNumber: i.contactPhoneNumber,
        agent: i.agent?.name ?? null,
        recording: i.recordingUrl !== null,
        recordingDuration: i.recordingDuration,
        hasPart: i.idPart !== null,
      })),
      parts: parts.map((p) => ({ ...p, created_at: new Date(p.created_at).toISOString() })),
      conversations,
    };
  }

  it('duplicated, shuffled and reversed events give the same history as in-order delivery', async () => {
    const ids = placeDemoCalls(cc);
    const events = (
      await cc.control<{
        events: { event: EmulatorEvent }[];
      }>('/control/events')
    ).events.map((p) => p.event);
    expect(new Set(events.map((e) => e.detail.contactId))).toEqual(new Set(ids));

    for (const event of events) expect((await post(inOrder, event)).body.outcome).toBe('processed');

    // Every event two or three times, shuffled, some delivered concurrently.
    const deliveries = shuffle(
      events.flatMap((e, i) => (i % 2 === 0 ? [e, e, e] : [e, e])),
      20261125,
    );
    const outcomes: string[] = [];
    for (let i = 0; i < deliveries.length; i += 4)
      outcomes.push(
        ...(await Promise.all(deliveries.slice(i, i + 4).map((e) => post(replayed, e)))).map(
          (r) => r.body.outcome as string,
        ),
      );
    expect(outcomes.filter((o) => o === 'processed')).toHaveLength(events.length);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(
      deliveries.length - events.length,
    );

    // Latest first: every event arrives before the ones it follows.
    for (const event of [...events].reverse())
      expect((await post(reversed, event)).body.outcome).toBe('processed');

    const expected = await observed(inOrder);
    expect(await observed(replayed)).toEqual(expected);
    expect(await observed(reversed)).toEqual(expected);

    // and the history is right: in-order delivery of real calls
    const byId = new Map(expected.history.map((h) => [h.idCommunication, h]));
    expect(byId.get(ids[0]!)).toMatchObject({
      communicationType: 'inbound',
      answered: true,
      agent: 'Jane Doe',
      recordingDuration: 3,
      hasPart: true,
    });
    expect(byId.get(ids[1]!)).toMatchObject({
      communicationType: 'inbound',
      answered: false,
      agent: null,
      recording: false,
      hasPart: true,
    });
    expect(byId.get(ids[2]!)).toMatchObject({
      communicationType: 'outbound',
      answered: true,
      agent: 'John Roe',
      contactPhoneNumber: '+15555550303',
      recordingDuration: 4,
    });
    expect(byId.get(ids[4]!)).toMatchObject({
      communicationType: 'transfer',
      answered: true,
      agent: 'John Roe',
      contactPhoneNumber: '+15555550304',
    });
    // the queue an inbound call waited in (the events' queueInfo), for the calls report
    expect(expected.queues[ids[0]!]).toEqual(expect.any(String));
    expect(expected.queues[ids[2]!]).toBeNull();
    // one conversation per contact, one call part per call
    expect(expected.conversations.map((c) => c.phone)).toEqual(
      expect.arrayContaining(['+15555550301', '+15555550302', '+15555550303', '+15555550304']),
    );
    expect(new Set(expected.parts.map((p) => p.id_communication)).size).toBe(expected.parts.length);
    expect(expected.parts.find((p) => p.id_communication === ids[2])).toMatchObject({
      body: 'Call to +1 555 555 0303',
      direction: 'outbound',
    });
    // the transferred call's conversation is with the agent who talked last
    expect(expected.conversations.find((c) => c.phone === '+15555550304')!.assignee).toBe(
      'John Roe',
    );
  });
});
