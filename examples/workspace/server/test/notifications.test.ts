// Mentions in notes notify the mentioned members: one notification per active member of the
// workspace (never the author, never another workspace's ids, never for a customer reply), heard
// live by the recipient alone; each member lists, counts and marks only their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationListResponseSchema } from '../src/contract/notifications';
import { mentionToken } from '../src/contract/mentions';
import { createTestServer, dbKinds, type TestServer } from './harness';

describe.each(dbKinds())('notifications: mentions on %s', (kind) => {
  let s: TestServer;
  let jane: string;
  let john: string;
  let ana: string;
  beforeAll(async () => {
    s = await createTestServer(kind);
    [jane, john, ana] = await Promise.all([
      s.login('jane@acme.test'),
      s.login('john@acme.test'),
      s.login('ana@acme.test'),
    ]);
  });
  afterAll(() => s.close());

  const conversation = () => s.id('acme/conversation:0');
  const mention = (key: string, name = 'X') => mentionToken(name, s.id(key));
  const post = (token: string, kind: 'note' | 'message', body: string) =>
    s.req('POST', `/api/ws/acme/inbox/conversations/${conversation()}/messages`, {
      token,
      body: { kind, body },
    });
  const list = async (token: string, query = '') => {
    const res = await s.req('GET', `/api/ws/acme/notifications${query}`, { token });
    expect(res.status).toBe(200);
    return notificationListResponseSchema.parse(res.body);
  };
  const readAll = (token: string) =>
    s.req('POST', '/api/ws/acme/notifications/read-all', { token });

  /** Collects the live events a member hears from now on. */
  async function listen(token: string) {
    const res = await s.app.request('/api/ws/acme/events', {
      headers: { authorization: `Bearer ${token}` },
    });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('event: ready')) text += (await reader.read()).value ?? '';
    const heard: string[] = [];
    const pump = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        heard.push(value);
      }
    })();
    return {
      text: () => heard.join(''),
      close: async () => {
        await reader.cancel();
        await pump;
      },
    };
  }

  it('notifies the mentioned member only: not the author, not another workspace, not a reply', async () => {
    await readAll(john);
    await readAll(jane);
    const johnHears = await listen(john);
    const anaHears = await listen(ana);
    const body = `Can you look? ${mention('acme/agent:john', 'John')} ${mention('acme/agent:jane', 'Jane')} ${mention('globex/agent:gary', 'Gary')} ${mention('acme/agent:john', 'John')}`;
    const res = await post(jane, 'note', body);
    expect(res.status).toBe(201);
    expect(res.body.message.body).toBe(body);

    const johns = await list(john);
    expect(johns.unreadCount).toBe(1);
    expect(johns.notifications[0]).toMatchObject({
      kind: 'mention',
      actor: { id: s.id('acme/agent:jane'), name: 'Jane Doe' },
      conversation: { id: conversation(), subject: 'Order #1042 has not arrived' },
      messageId: res.body.message.id,
      preview: 'Can you look? @John @Jane @Gary @John',
      readAt: null,
    });
    // The author mentioned herself: no notification for her.
    expect((await list(jane)).unreadCount).toBe(0);
    // Gary's id is of another workspace: nothing was written for it anywhere.
    const rows = await s.services.db
      .selectFrom('notifications')
      .select('recipient_agent_id')
      .where('message_id', '=', res.body.message.id)
      .execute();
    expect(rows.map((r) => r.recipient_agent_id)).toEqual([s.id('acme/agent:john')]);

    // John alone hears of it live, though Ana hears every change of the shared inbox.
    await expect.poll(() => johnHears.text()).toContain('event: notification.created');
    await expect.poll(() => anaHears.text()).toContain('event: message.created');
    expect(anaHears.text()).not.toContain('notification.created');
    await johnHears.close();
    await anaHears.close();

    // A reply to the customer mentions nobody.
    expect((await post(jane, 'message', `Thanks ${mention('acme/agent:ana', 'Ana')}`)).status).toBe(
      201,
    );
    expect((await list(ana)).unreadCount).toBe(0);
  });

  it('ignores a deactivated member and reads at most 20 mentions', async () => {
    await readAll(ana);
    await readAll(john);
    await s.services.db
      .updateTable('memberships')
      .set({ deactivated_at: new Date() })
      .where('user_id', '=', s.id('user:ana'))
      .where('workspace_id', '=', s.id('ws:acme'))
      .execute();
    const unknown = Array.from({ length: 20 }, (_, i) => mentionToken('Nobody', `nobody-${i}`));
    expect((await post(jane, 'note', `${mention('acme/agent:ana')}`)).status).toBe(201);
    // The 21st distinct mention is past the limit.
    expect(
      (await post(jane, 'note', `${unknown.join(' ')} ${mention('acme/agent:john')}`)).status,
    ).toBe(201);
    await s.services.db
      .updateTable('memberships')
      .set({ deactivated_at: null })
      .where('user_id', '=', s.id('user:ana'))
      .where('workspace_id', '=', s.id('ws:acme'))
      .execute();
    expect((await list(ana)).unreadCount).toBe(0);
    expect((await list(john)).unreadCount).toBe(0);
    // Within the limit, the same mention notifies.
    expect(
      (await post(jane, 'note', `${unknown.slice(1).join(' ')} ${mention('acme/agent:john')}`))
        .status,
    ).toBe(201);
    expect((await list(john)).unreadCount).toBe(1);
  });

  it('counts unread, pages newest first, marks one read and all read', async () => {
    await readAll(john);
    for (const n of [1, 2, 3])
      expect((await post(ana, 'note', `${n} ${mention('acme/agent:john')}`)).status).toBe(201);
    const first = await list(john, '?limit=2');
    expect(first.unreadCount).toBe(3);
    expect(first.notifications.map((n) => n.preview)).toEqual(['3 @X', '2 @X']);
    const second = await list(john, `?limit=2&cursor=${first.page.nextCursor}`);
    expect(second.notifications[0]!.preview).toBe('1 @X');

    const read = await s.req(
      'POST',
      `/api/ws/acme/notifications/${first.notifications[0]!.id}/read`,
      { token: john },
    );
    expect(read.status).toBe(200);
    expect(read.body.unreadCount).toBe(2);
    expect(read.body.notification.readAt).not.toBeNull();
    expect((await list(john)).unreadCount).toBe(2);

    expect((await readAll(john)).body).toEqual({ unreadCount: 0 });
    expect((await list(john)).unreadCount).toBe(0);
  });

  it("another member's notification answers 404 and stays unread", async () => {
    expect((await post(jane, 'note', `${mention('acme/agent:ana')}`)).status).toBe(201);
    const anas = await list(ana);
    const id = anas.notifications[0]!.id;
    const res = await s.req('POST', `/api/ws/acme/notifications/${id}/read`, { token: john });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_found');
    expect((await list(john)).notifications.some((n) => n.id === id)).toBe(false);
    expect((await list(ana)).notifications[0]!.readAt).toBeNull();
    expect(
      (await s.req('POST', '/api/ws/acme/notifications/nope/read', { token: ana })).status,
    ).toBe(404);
    const bad = await s.req('GET', '/api/ws/acme/notifications?cursor=%%%', { token: ana });
    expect(bad.status).toBe(400);
  });
});
