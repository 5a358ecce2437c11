// The inbox API: folders and their permits, counts, cursor pagination, text search, messages,
// assignment, status, tags, views, saved replies; on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationListResponseSchema,
  countsResponseSchema,
  messageListResponseSchema,
} from '../src/contract/inbox';
import { createTestServer, dbKinds, type TestServer } from './harness';

describe.each(dbKinds())('inbox on %s', (kind) => {
  let s: TestServer;
  let jane: string;
  let john: string;
  let ana: string;
  let sam: string;
  beforeAll(async () => {
    s = await createTestServer(kind);
    [jane, john, ana, sam] = (await Promise.all(
      ['jane@acme.test', 'john@acme.test', 'ana@acme.test', 'sam@both.test'].map((e) => s.login(e)),
    )) as [string, string, string, string];
  });
  afterAll(() => s.close());

  const list = (token: string, query: string) =>
    s.req('GET', `/api/ws/acme/inbox/conversations?${query}`, { token });

  it('counts open conversations per folder; folders needing a permit the caller lacks are null', async () => {
    const admin = countsResponseSchema.parse(
      (await s.req('GET', '/api/ws/acme/inbox/counts', { token: jane })).body,
    );
    expect(admin.counts).toMatchObject({ all: 4, unassigned: 2, mine: 0 });
    expect(admin.counts.tags?.find((t) => t.name === 'vip')?.count).toBe(2);
    expect(admin.counts.views?.map((v) => [v.name, v.count])).toEqual([
      ['Open WhatsApp', 1],
      ['VIP', 2],
    ]);
    const agent = (await s.req('GET', '/api/ws/acme/inbox/counts', { token: sam })).body.counts;
    expect(agent).toEqual({ all: null, unassigned: null, mine: 0, tags: null, views: null });
    expect(
      (await s.req('GET', '/api/ws/acme/inbox/counts', { token: john })).body.counts.mine,
    ).toBe(1);
  });

  it('the all, unassigned and tags folders need the shared-inbox permit; views need the inbox-views permit', async () => {
    for (const q of ['folder=all', 'folder=unassigned', `folder=tag&tagId=${s.id('acme/tag:vip')}`])
      expect((await list(sam, q)).status).toBe(403);
    expect((await list(john, `folder=view&viewId=${s.id('acme/tag:vip')}`)).status).toBe(403);
    expect((await s.req('GET', '/api/ws/acme/inbox/views', { token: john })).status).toBe(403);
    expect((await list(sam, 'folder=mine')).status).toBe(200);
    const views = await s.req('GET', '/api/ws/acme/inbox/views', { token: ana });
    expect(views.body.views.map((v: { name: string }) => v.name)).toEqual(['Open WhatsApp', 'VIP']);
    const vip = views.body.views[1].id as string;
    const inView = conversationListResponseSchema.parse(
      (await list(ana, `folder=view&viewId=${vip}`)).body,
    );
    expect(inView.conversations.map((c) => c.contact.name).sort()).toEqual([
      'Maria Garcia',
      'Noah Smith',
    ]);
  });

  it('lists newest activity first and pages with the cursor without gaps or repeats', async () => {
    const all = conversationListResponseSchema.parse(
      (await list(jane, 'folder=all&status=any&limit=25')).body,
    );
    expect(all.conversations).toHaveLength(6);
    const times = all.conversations.map((c) => c.lastMessageAt);
    expect([...times].sort().reverse()).toEqual(times);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(
        jane,
        `folder=all&status=any&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const page = conversationListResponseSchema.parse(res.body);
      seen.push(...page.conversations.map((c) => c.id));
      cursor = page.page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.conversations.map((c) => c.id));
    expect((await list(jane, 'folder=all&cursor=garbage')).status).toBe(400);
  });

  it('text search matches subject, contact name, phone and message text', async () => {
    const find = async (q: string) =>
      (await list(jane, `folder=all&status=any&q=${encodeURIComponent(q)}`)).body.conversations.map(
        (c: { contact: { name: string } }) => c.contact.name,
      );
    expect(await find('invoice')).toEqual(['Li Wei']);
    expect(await find('garcia')).toEqual(['Maria Garcia']);
    expect(await find('+4420')).toEqual(['Noah Smith']);
    expect(await find('android')).toEqual(['Noah Smith']);
    expect(await find('100%')).toEqual([]);
  });

  it('a visitor-prefixed contact is shown by its phone number, written as people read it', async () => {
    const res = await list(jane, 'folder=unassigned&q=5550142');
    expect(res.body.conversations[0].contact).toMatchObject({
      name: 'visitor-5550142',
      displayName: '+1 555 555 0142',
    });
  });

  it('without the shared-inbox permit, only conversations assigned to the caller are visible', async () => {
    const maria = s.id('acme/conversation:0');
    const li = s.id('acme/conversation:1');
    expect(
      (await s.req('GET', `/api/ws/acme/inbox/conversations/${li}`, { token: sam })).status,
    ).toBe(404);
    expect(
      (await s.req('GET', `/api/ws/acme/inbox/conversations/${maria}`, { token: john })).status,
    ).toBe(200);
    const globex = s.id('globex/conversation:0');
    expect(
      (await s.req('GET', `/api/ws/acme/inbox/conversations/${globex}`, { token: jane })).status,
    ).toBe(404);
  });

  it('messages come oldest first within a page and page back in time', async () => {
    const id = s.id('acme/conversation:0');
    const first = messageListResponseSchema.parse(
      (
        await s.req('GET', `/api/ws/acme/inbox/conversations/${id}/messages?limit=3`, {
          token: jane,
        })
      ).body,
    );
    expect(first.messages.map((m) => m.body)).toEqual([
      'Sorry about that, Maria. Let me check with the carrier.',
      'Carrier says it is held at the depot.',
      'Thanks, any news?',
    ]);
    expect(first.messages[1]!.kind).toBe('note');
    const older = await s.req(
      'GET',
      `/api/ws/acme/inbox/conversations/${id}/messages?limit=3&cursor=${first.page.nextCursor}`,
      {
        token: jane,
      },
    );
    expect(older.body.messages.map((m: { body: string }) => m.body)).toEqual([
      'Hi! My order #1042 was due yesterday and has not arrived.',
    ]);
    expect(older.body.page.nextCursor).toBeNull();
  });

  it('a reply is stored, moves the conversation to the top and keeps script text as inert data', async () => {
    const id = s.id('acme/conversation:2');
    const body = '<script>alert(1)</script> on Friday';
    const res = await s.req('POST', `/api/ws/acme/inbox/conversations/${id}/messages`, {
      token: jane,
      body: { body },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatchObject({
      body,
      kind: 'message',
      direction: 'outbound',
      author: { name: 'Jane Doe' },
    });
    const top = (await list(jane, 'folder=all&status=any&limit=1')).body.conversations[0];
    expect(top).toMatchObject({ id, lastMessagePreview: body });
    const bad = await s.req('POST', `/api/ws/acme/inbox/conversations/${id}/messages`, {
      token: jane,
      body: { body: '  ' },
    });
    expect(bad.status).toBe(400);
  });

  it('assigns, changes status and tags; ids of another workspace are rejected', async () => {
    const id = s.id('acme/conversation:1');
    const res = await s.req('PATCH', `/api/ws/acme/inbox/conversations/${id}`, {
      token: john,
      body: {
        assigneeId: s.id('acme/agent:john'),
        status: 'pending',
        tagIds: [s.id('acme/tag:bug')],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.conversation).toMatchObject({
      status: 'pending',
      assignee: { name: 'John Roe' },
      tags: [{ name: 'bug' }],
    });
    const foreign = await s.req('PATCH', `/api/ws/acme/inbox/conversations/${id}`, {
      token: jane,
      body: { assigneeId: s.id('globex/agent:gary') },
    });
    expect(foreign.status).toBe(400);
    const foreignTag = await s.req('PATCH', `/api/ws/acme/inbox/conversations/${id}`, {
      token: jane,
      body: { tagIds: [s.id('globex/tag:urgent')] },
    });
    expect(foreignTag.status).toBe(400);
    const unchanged = await s.req('GET', `/api/ws/acme/inbox/conversations/${id}`, { token: jane });
    expect(unchanged.body.conversation.tags).toEqual([expect.objectContaining({ name: 'bug' })]);
    const unknownField = await s.req('PATCH', `/api/ws/acme/inbox/conversations/${id}`, {
      token: jane,
      body: { status: 'gone' },
    });
    expect(unknownField.status).toBe(400);
  });

  it('saved replies: every member reads them; writing needs flag_inbox_savedReplies', async () => {
    const listed = await s.req('GET', '/api/ws/acme/inbox/saved-replies?q=patience', {
      token: sam,
    });
    expect(listed.body.savedReplies.map((r: { title: string }) => r.title)).toEqual([
      'Looking into it',
    ]);
    expect(
      (
        await s.req('POST', '/api/ws/acme/inbox/saved-replies', {
          token: john,
          body: { title: 'x', body: 'y' },
        })
      ).status,
    ).toBe(403);
    const created = await s.req('POST', '/api/ws/acme/inbox/saved-replies', {
      token: ana,
      body: { title: 'Bye', body: 'Goodbye!' },
    });
    expect(created.status).toBe(201);
    const id = created.body.savedReply.id as string;
    const edited = await s.req('PATCH', `/api/ws/acme/inbox/saved-replies/${id}`, {
      token: ana,
      body: { body: 'See you!' },
    });
    expect(edited.body.savedReply).toMatchObject({ title: 'Bye', body: 'See you!' });
    expect(
      (await s.req('DELETE', `/api/ws/acme/inbox/saved-replies/${id}`, { token: ana })).status,
    ).toBe(204);
    expect(
      (await s.req('DELETE', `/api/ws/acme/inbox/saved-replies/${id}`, { token: ana })).status,
    ).toBe(404);
  });

  it('lists the workspace tags', async () => {
    const res = await s.req('GET', '/api/ws/acme/inbox/tags', { token: sam });
    expect(res.body.tags.map((t: { name: string }) => t.name)).toEqual(['billing', 'bug', 'vip']);
  });
  it('the event stream tells members without the shared-inbox permit only of their own conversations', async () => {
    const sams = s.id('acme/conversation:0');
    const janes = s.id('acme/conversation:2');
    const assign = (id: string, agent: string) =>
      s.req('PATCH', `/api/ws/acme/inbox/conversations/${id}`, {
        token: jane,
        body: { assigneeId: s.id(`acme/agent:${agent}`) },
      });
    expect((await assign(sams, 'sam')).status).toBe(200);
    expect((await assign(janes, 'jane')).status).toBe(200);
    const follow = async (token: string) => {
      const res = await s.app.request('/api/ws/acme/events', {
        headers: { authorization: `Bearer ${token}` },
      });
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      const stream = { text: '', reader };
      const read = async (what: RegExp) => {
        while (!what.test(stream.text)) {
          const { value, done } = await reader.read();
          if (done) throw new Error('stream ended');
          stream.text += value;
        }
      };
      await read(/event: ready/);
      return Object.assign(stream, { read });
    };
    const [admin, agent] = await Promise.all([follow(jane), follow(sam)]);
    const reply = (id: string) =>
      s.req('POST', `/api/ws/acme/inbox/conversations/${id}/messages`, {
        token: jane,
        body: { body: 'Live event check' },
      });
    // a message in Jane's conversation, then one in Sam's: Sam hears only of his own
    expect((await reply(janes)).status).toBe(201);
    expect((await reply(sams)).status).toBe(201);
    const inSams = new RegExp(`event: message\\.created\\ndata: [^\\n]*${sams}`);
    await admin.read(inSams);
    await agent.read(inSams);
    expect(admin.text).toContain(janes);
    // assigned away from Sam: he hears of it once (his screens drop it), then no more
    expect((await assign(sams, 'jane')).status).toBe(200);
    await agent.read(/event: conversation\.updated/);
    expect((await reply(sams)).status).toBe(201);
    expect((await assign(sams, 'sam')).status).toBe(200); // back to Sam: he hears of it
    await agent.read(/event: conversation\.updated[\s\S]*event: conversation\.updated/);
    expect(agent.text.match(/^event: message\.created/gm)).toHaveLength(1);
    expect(agent.text).not.toContain(janes);
    await Promise.all([admin, agent].map((x) => x.reader.cancel()));
  });
});
