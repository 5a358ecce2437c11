// Triage of conversations: priority, tags, snooze (a time, the wake-up, a customer's message
// waking it) and bulk changes; on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationBulkResponseSchema,
  conversationListResponseSchema,
  conversationResponseSchema,
  type ConversationSummary,
} from '../src/contract/inbox';
import type { LiveEvent } from '../src/modules/live/bus';
import { ConversationIntake } from '../src/modules/conversations-intake/service';
import { InboxService } from '../src/modules/inbox/service';
import { createTestServer, dbKinds, type TestServer } from './harness';

const HOUR = 3_600_000;

describe.each(dbKinds())('conversation triage on %s', (kind) => {
  let s: TestServer;
  let jane: string;
  let sam: string;
  beforeAll(async () => {
    s = await createTestServer(kind);
    [jane, sam] = await Promise.all([s.login('jane@acme.test'), s.login('sam@both.test')]);
  });
  afterAll(() => s.close());

  const patch = (id: string, body: unknown, token = jane) =>
    s.req('PATCH', `/api/ws/acme/inbox/conversations/${id}`, { token, body });
  const get = async (id: string) =>
    conversationResponseSchema.parse(
      (await s.req('GET', `/api/ws/acme/inbox/conversations/${id}`, { token: jane })).body,
    ).conversation;
  const all = async (status = 'any'): Promise<ConversationSummary[]> =>
    conversationListResponseSchema.parse(
      (
        await s.req(
          'GET',
          `/api/ws/acme/inbox/conversations?folder=all&status=${status}&limit=100`,
          {
            token: jane,
          },
        )
      ).body,
    ).conversations;
  const events = () => {
    const seen: LiveEvent[] = [];
    const off = s.services.bus.subscribe(s.id('ws:acme'), (e) => seen.push(e));
    return { seen, off };
  };

  it('sets a priority; an unknown one is refused', async () => {
    const id = s.id('acme/conversation:0');
    expect((await patch(id, { priority: 'urgent' })).body.conversation.priority).toBe('urgent');
    expect((await get(id)).priority).toBe('urgent');
    const bad = await patch(id, { priority: 'critical' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_request');
    expect((await patch(id, { priority: 'none' })).body.conversation.priority).toBe('none');
  });

  it('snoozes until a time: the status is snoozed, it leaves the open list and shows in the snoozed one', async () => {
    const id = s.id('acme/conversation:1');
    const until = new Date(Date.now() + 2 * HOUR).toISOString();
    const res = await patch(id, { snoozedUntil: until });
    expect(res.status).toBe(200);
    expect(res.body.conversation).toMatchObject({ status: 'snoozed', snoozedUntil: until });
    expect((await all('open')).map((c) => c.id)).not.toContain(id);
    expect((await all('snoozed')).map((c) => c.id)).toEqual([id]);
    // A status set by hand ends the snooze.
    const opened = await patch(id, { status: 'pending' });
    expect(opened.body.conversation).toMatchObject({ status: 'pending', snoozedUntil: null });
  });

  it('refuses a snooze in the past, beyond a year, or together with a status, with the reason', async () => {
    const id = s.id('acme/conversation:1');
    const past = await patch(id, { snoozedUntil: new Date(Date.now() - 1000).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.issues).toEqual([
      { path: 'body.snoozedUntil', message: 'Choose a time in the future.' },
    ]);
    const far = await patch(id, {
      snoozedUntil: new Date(Date.now() + 400 * 24 * HOUR).toISOString(),
    });
    expect(far.status).toBe(400);
    expect(far.body.issues[0].message).toBe('A conversation can be snoozed for at most 365 days.');
    const both = await patch(id, {
      status: 'open',
      snoozedUntil: new Date(Date.now() + HOUR).toISOString(),
    });
    expect(both.status).toBe(400);
    expect(
      (
        await s.req('PATCH', `/api/ws/acme/inbox/conversations/${id}`, {
          token: jane,
          body: { status: 'snoozed' },
        })
      ).status,
    ).toBe(400);
    expect((await get(id)).status).not.toBe('snoozed');
  });

  it('opens a snoozed conversation when its time comes, once, with a live event', async () => {
    const id = s.id('acme/conversation:1');
    const until = new Date(Date.now() + HOUR);
    await patch(id, { snoozedUntil: until.toISOString() });
    const inbox = new InboxService(s.services);
    const { seen, off } = events();
    try {
      expect(await inbox.wakeSnoozed(new Date(until.getTime() - 1000))).toBe(0);
      expect((await get(id)).status).toBe('snoozed');
      expect(await inbox.wakeSnoozed(new Date(until.getTime() + 1000))).toBe(1);
      expect(await inbox.wakeSnoozed(new Date(until.getTime() + 2000))).toBe(0);
      await expect.poll(() => seen.filter((e) => e.type === 'conversation.updated').length).toBe(1);
      expect(seen[0]).toMatchObject({ type: 'conversation.updated', conversationId: id });
    } finally {
      off();
    }
    expect(await get(id)).toMatchObject({ status: 'open', snoozedUntil: null });
  });

  it("a customer's message wakes their snoozed conversation at once", async () => {
    const target = (await all('open')).find((c) => c.channel !== 'voice')!;
    await patch(target.id, { snoozedUntil: new Date(Date.now() + 5 * HOUR).toISOString() });
    await new ConversationIntake(s.services).receive({
      workspaceId: s.id('ws:acme'),
      channel: target.channel as 'sms',
      from: { kind: 'contact', contactId: target.contact.id },
      body: 'Any news on my order?',
    });
    expect(await get(target.id)).toMatchObject({ status: 'open', snoozedUntil: null });
  });

  it('changes many conversations at once: tags are added to the ones each has, ids the caller cannot see are reported and left alone', async () => {
    const open = await all('open');
    const ids = open.slice(0, 3).map((c) => c.id);
    const vip = s.id('acme/tag:vip');
    const before = new Map(open.map((c) => [c.id, c.tags.map((t) => t.id)]));
    const globex = s.id('globex/conversation:0');
    const res = await s.req('POST', '/api/ws/acme/inbox/conversations/bulk', {
      token: jane,
      body: { ids: [...ids, globex, 'no-such-id'], addTagIds: [vip], priority: 'high' },
    });
    expect(res.status).toBe(200);
    const result = conversationBulkResponseSchema.parse(res.body);
    expect(result.updated.sort()).toEqual([...ids].sort());
    expect(result.notFound.sort()).toEqual([globex, 'no-such-id'].sort());
    for (const id of ids) {
      const c = await get(id);
      expect(c.priority).toBe('high');
      expect(c.tags.map((t) => t.id).sort()).toEqual(
        [...new Set([...(before.get(id) ?? []), vip])].sort(),
      );
    }
    const removed = await s.req('POST', '/api/ws/acme/inbox/conversations/bulk', {
      token: jane,
      body: { ids, removeTagIds: [vip] },
    });
    expect(removed.status).toBe(200);
    for (const id of ids) expect((await get(id)).tags.map((t) => t.id)).not.toContain(vip);
  });

  it('bulk close publishes one event per conversation; an agent without the shared inbox changes only their own', async () => {
    const open = await all('open');
    const ids = open.slice(0, 2).map((c) => c.id);
    const { seen, off } = events();
    try {
      const res = await s.req('POST', '/api/ws/acme/inbox/conversations/bulk', {
        token: jane,
        body: { ids, status: 'closed' },
      });
      expect(res.body.updated.sort()).toEqual([...ids].sort());
      await expect
        .poll(() =>
          seen
            .filter((e) => e.type === 'conversation.updated')
            .map((e) => 'id' in e && e.id)
            .sort(),
        )
        .toEqual([...ids].sort());
    } finally {
      off();
    }
    for (const id of ids) expect((await get(id)).status).toBe('closed');
    // Sam sees only the conversations assigned to them (none in Acme): nothing is changed.
    const other = (await all('open'))[0]!;
    const theirs = await s.req('POST', '/api/ws/acme/inbox/conversations/bulk', {
      token: sam,
      body: { ids: [other.id], status: 'closed' },
    });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ updated: [], notFound: [other.id] });
    expect((await get(other.id)).status).toBe('open');
  });

  it('refuses a bulk change with nothing to change, too many ids, or an unknown tag', async () => {
    const bulk = (body: unknown) =>
      s.req('POST', '/api/ws/acme/inbox/conversations/bulk', { token: jane, body });
    const id = s.id('acme/conversation:0');
    expect((await bulk({ ids: [id] })).status).toBe(400);
    const many = await bulk({
      ids: Array.from({ length: 101 }, (_, i) => `id-${i}`),
      priority: 'low',
    });
    expect(many.status).toBe(400);
    const tag = await bulk({ ids: [id], addTagIds: [s.id('globex/tag:urgent')] });
    expect(tag.status).toBe(400);
    expect(tag.body.issues).toEqual([{ path: 'body.addTagIds', message: 'Unknown tag' }]);
  });
});
