// Web chat end to end through the server's API, and the one inbound path and send queue every
// channel shares: a visitor's messages become a conversation (contact, assignment rules, live
// events), replays are stored once, the agent's reply goes through the outbox (queued → sent →
// delivered → read), retryable provider errors are retried with backoff and never duplicated, a
// refused send fails with its reason and can be retried; on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messageListResponseSchema } from '../src/contract/inbox';
import { createChannelAdapters } from '../src/integrations/channels/registry';
import type { ChannelAdapter, OutboundSend, SendResult } from '../src/integrations/channels/types';
import type { LiveEvent } from '../src/modules/live/bus';
import { ConversationIntake } from '../src/modules/conversations-intake/service';
import { OutboxWorker } from '../src/modules/outbox/worker';
import { createTestServer, dbKinds, type TestServer } from './harness';

/** A provider stand-in whose answers the test scripts (the provider is not our code). */
class ScriptedAdapter implements ChannelAdapter {
  readonly connected = true;
  readonly sent: OutboundSend[] = [];
  constructor(
    readonly channel: 'chat',
    private readonly answers: SendResult[],
  ) {}
  send(message: OutboundSend): Promise<SendResult> {
    this.sent.push(message);
    const answer = this.answers.shift() ?? {
      ok: true,
      providerMessageId: `chat:${message.idempotencyKey}`,
      status: 'sent',
    };
    return Promise.resolve(answer);
  }
}

describe.each(dbKinds())('web chat and the outbox on %s', (kind) => {
  let s: TestServer;
  let jane: string;
  const events: LiveEvent[] = [];
  beforeAll(async () => {
    s = await createTestServer(kind);
    jane = await s.login('jane@acme.test');
    // The satisfaction survey a close sends is channels-csat.test.ts's subject, not this file's.
    await s.req('PUT', '/api/ws/acme/settings/customer-satisfaction', {
      token: jane,
      body: { enabled: false, question: 'How would you rate the help you received?', scale: 5 },
    });
    s.services.bus.subscribe(s.id('ws:acme'), (e) => events.push(e));
  }, 240_000);
  afterAll(() => s.close());

  const widget = (method: string, path: string, token?: string, body?: unknown) =>
    s.req(method, `/api/widget/acme${path}`, {
      ...(body === undefined ? {} : { body }),
      ...(token ? { headers: { 'x-widget-token': token } } : {}),
    });
  const worker = (adapters = s.services.channels, options = {}) =>
    new OutboxWorker(s.services, adapters, s.services.log, {
      backoffBaseMs: 0,
      backoffMaxMs: 0,
      ...options,
    });
  const messagesOf = async (conversationId: string) =>
    messageListResponseSchema.parse(
      (
        await s.req('GET', `/api/ws/acme/inbox/conversations/${conversationId}/messages`, {
          token: jane,
        })
      ).body,
    ).messages;
  const reply = (conversationId: string, body: string, kind = 'message') =>
    s.req('POST', `/api/ws/acme/inbox/conversations/${conversationId}/messages`, {
      token: jane,
      body: { kind, body },
    });

  let token: string;
  let conversationId: string;

  it("a visitor's first message starts a visitor, a contact and a conversation assigned by the rules, and announces it", async () => {
    events.length = 0;
    const res = await widget('POST', '/messages', undefined, {
      body: 'Hello, is anyone there?',
      clientId: 'client-0001',
    });
    expect(res.status).toBe(201);
    token = res.body.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const conversation = await s.req(
      'GET',
      `/api/ws/acme/inbox/conversations?folder=all&q=${encodeURIComponent('anyone there')}`,
      { token: jane },
    );
    const found = conversation.body.conversations[0];
    expect(found).toMatchObject({ channel: 'chat', status: 'open' });
    // The seeded rule gives new chat conversations to the Support team, round robin.
    expect(found.assignee).not.toBeNull();
    conversationId = found.id;
    // On PostgreSQL the bus delivers through LISTEN/NOTIFY: wait for the events, do not race them.
    await vi.waitFor(() =>
      expect(events.map((e) => e.type)).toEqual(['conversation.updated', 'message.created']),
    );
    expect(events[1]).toMatchObject({ conversationId, assigneeId: found.assignee.id });
    const [m] = await messagesOf(conversationId);
    expect(m).toMatchObject({
      direction: 'inbound',
      body: 'Hello, is anyone there?',
      delivery: { status: 'received' },
    });
  });

  it('a replayed message (same client id) is stored once; the next joins the open conversation', async () => {
    const again = await widget('POST', '/messages', token, {
      body: 'Hello, is anyone there?',
      clientId: 'client-0001',
    });
    expect(again.status).toBe(201);
    expect(again.body.token).toBeNull();
    await widget('POST', '/messages', token, { body: 'I need help', clientId: 'client-0002' });
    const messages = await messagesOf(conversationId);
    expect(messages.map((m) => m.body)).toEqual(['Hello, is anyone there?', 'I need help']);
  });

  it("the agent's reply is queued, sent by the outbox, delivered when the widget has it and read when the visitor saw it; notes stay internal", async () => {
    const posted = await reply(conversationId, 'Hi! How can I help?');
    expect(posted.status).toBe(201);
    expect(posted.body.message.delivery).toMatchObject({ status: 'queued' });
    await reply(conversationId, 'Internal: VIP customer', 'note');
    await worker().drain();
    let out = (await messagesOf(conversationId)).find((m) => m.body === 'Hi! How can I help?')!;
    expect(out.delivery?.status).toBe('sent');
    const seen = await widget('GET', '/messages', token);
    expect(seen.status).toBe(200);
    expect(seen.body.messages.map((m: { body: string }) => m.body)).toEqual([
      'Hello, is anyone there?',
      'I need help',
      'Hi! How can I help?',
    ]);
    expect(seen.body.messages[2]).toMatchObject({ direction: 'outbound', author: 'Jane' });
    out = (await messagesOf(conversationId)).find((m) => m.body === 'Hi! How can I help?')!;
    expect(out.delivery?.status).toBe('delivered');
    // The updates so far (sent, delivered) have arrived before the read one is awaited alone.
    const updatesOf = (id: string) =>
      events.filter((e) => e.type === 'message.updated' && 'id' in e && e.id === id);
    await vi.waitFor(() => expect(updatesOf(out.id)).toHaveLength(2));
    events.length = 0;
    expect((await widget('POST', '/read', token)).body).toEqual({ read: 1 });
    out = (await messagesOf(conversationId)).find((m) => m.body === 'Hi! How can I help?')!;
    expect(out.delivery?.status).toBe('read');
    await vi.waitFor(() =>
      expect(events).toEqual([expect.objectContaining({ type: 'message.updated', id: out.id })]),
    );
    // A late receipt never moves a message back.
    await widget('GET', '/messages', token);
    out = (await messagesOf(conversationId)).find((m) => m.body === 'Hi! How can I help?')!;
    expect(out.delivery?.status).toBe('read');
  });

  it('a closed conversation is not reopened: the visitor writing again starts a new one', async () => {
    await s.req('PATCH', `/api/ws/acme/inbox/conversations/${conversationId}`, {
      token: jane,
      body: { status: 'closed' },
    });
    await widget('POST', '/messages', token, { body: 'One more thing', clientId: 'client-0003' });
    const list = await s.req('GET', `/api/ws/acme/inbox/conversations?folder=all&q=one%20more`, {
      token: jane,
    });
    expect(list.body.conversations[0].id).not.toBe(conversationId);
    // The visitor still sees the whole history.
    expect((await widget('GET', '/messages', token)).body.messages).toHaveLength(4);
  });

  it('the visitor may leave an email; the contact gets it', async () => {
    expect((await widget('POST', '/email', token, { email: 'nope' })).status).toBe(400);
    const res = await widget('POST', '/email', token, { email: 'Visitor@Example.COM' });
    expect(res.body).toEqual({ email: 'visitor@example.com' });
    expect((await widget('GET', '/messages', token)).body.email).toBe('visitor@example.com');
  });

  it('refuses unknown tokens (401), a workspace whose web chat is off (403 channel_off), bad bodies (400), oversized bodies (413)', async () => {
    expect((await widget('GET', '/messages', 'not-a-token')).status).toBe(401);
    expect(
      (await widget('POST', '/messages', 'not-a-token', { body: 'x', clientId: 'client-0009' }))
        .status,
    ).toBe(401);
    const off = await s.req('POST', '/api/widget/globex/messages', {
      body: { body: 'hi', clientId: 'client-0001' },
    });
    expect(off.status).toBe(403);
    expect(off.body.error).toBe('channel_off');
    expect((await s.req('GET', '/api/widget/globex/config')).body.enabled).toBe(false);
    expect((await s.req('GET', '/api/widget/nowhere/config')).status).toBe(404);
    const bad = await widget('POST', '/messages', token, { body: '', clientId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'body.body',
      'body.clientId',
    ]);
    const raw = JSON.stringify({ body: 'a'.repeat(20_000), clientId: 'client-0010' });
    const big = await s.req('POST', '/api/widget/acme/messages', {
      raw,
      headers: { 'x-widget-token': token, 'content-length': String(raw.length) },
    });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('payload_too_large');
  });

  it('retries 429/5xx answers with backoff and sends once; a refusal fails with the reason and can be retried from the composer', async () => {
    const adapter = new ScriptedAdapter('chat', [
      { ok: false, retryable: true, reason: '429 Too Many Requests' },
      { ok: false, retryable: true, reason: '503 Service Unavailable' },
    ]);
    const adapters = { ...createChannelAdapters(), chat: adapter };
    const list = await s.req('GET', `/api/ws/acme/inbox/conversations?folder=all&q=one%20more`, {
      token: jane,
    });
    const open = list.body.conversations[0].id as string;
    const posted = (await reply(open, 'Retried reply')).body.message;
    await worker(adapters).drain();
    expect(adapter.sent.map((m) => m.idempotencyKey)).toEqual([posted.id, posted.id, posted.id]);
    let m = (await messagesOf(open)).find((x) => x.id === posted.id)!;
    expect(m.delivery?.status).toBe('sent');
    // Nothing is left to send: a later pass sends nothing again.
    await worker(adapters).drain();
    expect(adapter.sent).toHaveLength(3);

    const refusing = new ScriptedAdapter('chat', [
      { ok: false, retryable: false, reason: '21610: Attempt to send to unsubscribed recipient' },
    ]);
    const refused = (await reply(open, 'Refused reply')).body.message;
    await worker({ ...adapters, chat: refusing }).drain();
    m = (await messagesOf(open)).find((x) => x.id === refused.id)!;
    expect(m.delivery).toMatchObject({
      status: 'failed',
      reason: '21610: Attempt to send to unsubscribed recipient',
    });
    const retry = await s.req(
      'POST',
      `/api/ws/acme/inbox/conversations/${open}/messages/${refused.id}/retry`,
      { token: jane },
    );
    expect(retry.status).toBe(200);
    expect(retry.body.message.delivery.status).toBe('queued');
    const again = await s.req(
      'POST',
      `/api/ws/acme/inbox/conversations/${open}/messages/${refused.id}/retry`,
      { token: jane },
    );
    expect(again.status).toBe(409);
    await worker({ ...adapters, chat: refusing }).drain();
    m = (await messagesOf(open)).find((x) => x.id === refused.id)!;
    expect(m.delivery?.status).toBe('sent');
  });

  it('gives up after the attempts run out, with the last reason', async () => {
    const failing = new ScriptedAdapter(
      'chat',
      Array.from({ length: 10 }, () => ({
        ok: false as const,
        retryable: true,
        reason: '500 Internal Server Error',
      })),
    );
    const list = await s.req('GET', `/api/ws/acme/inbox/conversations?folder=all&q=one%20more`, {
      token: jane,
    });
    const open = list.body.conversations[0].id as string;
    const posted = (await reply(open, 'Never leaves')).body.message;
    await worker({ ...createChannelAdapters(), chat: failing }, { maxAttempts: 3 }).drain();
    expect(failing.sent).toHaveLength(3);
    const m = (await messagesOf(open)).find((x) => x.id === posted.id)!;
    expect(m.delivery?.status).toBe('failed');
    expect(m.delivery?.reason).toContain('500 Internal Server Error');
  });

  it('two workers draining one queue send each reply exactly once', async () => {
    const list = await s.req('GET', `/api/ws/acme/inbox/conversations?folder=all&q=one%20more`, {
      token: jane,
    });
    const open = list.body.conversations[0].id as string;
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await reply(open, `Batch ${i}`)).body.message.id);
    const a = new ScriptedAdapter('chat', []);
    const b = new ScriptedAdapter('chat', []);
    const base = createChannelAdapters();
    await Promise.all([
      worker({ ...base, chat: a }, { batchSize: 3, workerId: 'a' }).drain(),
      worker({ ...base, chat: b }, { batchSize: 3, workerId: 'b' }).drain(),
    ]);
    const sent = [...a.sent, ...b.sent].map((m) => m.idempotencyKey).sort();
    expect(sent).toEqual([...ids].sort());
  });

  it('a reply on a channel with no provider configured fails, saying the channel is not connected', async () => {
    const intake = new ConversationIntake(s.services);
    const r = await intake.receive({
      workspaceId: s.id('ws:acme'),
      channel: 'sms',
      from: { kind: 'phone', phone: '447700900123' },
      body: 'Text from a phone',
      externalId: 'sms:SM0001',
    });
    const posted = (await reply(r.conversationId, 'Answer by SMS')).body.message;
    await worker().drain();
    const m = (await messagesOf(r.conversationId)).find((x) => x.id === posted.id)!;
    expect(m.delivery).toMatchObject({
      status: 'failed',
      reason: 'The SMS channel is not connected on this server.',
    });
  });
});

describe.each(dbKinds())('the conversation intake on %s', (kind) => {
  let s: TestServer;
  let intake: ConversationIntake;
  beforeAll(async () => {
    s = await createTestServer(kind);
    intake = new ConversationIntake(s.services);
  }, 240_000);
  afterAll(() => s.close());

  it('finds the contact by E.164 number and lowercased email, whatever form the address came in', async () => {
    const ws = s.id('ws:acme');
    const a = await intake.receive({
      workspaceId: ws,
      channel: 'whatsapp',
      from: { kind: 'phone', phone: '44 7700 900456', name: 'Ola' },
      body: 'first',
      externalId: 'whatsapp:wamid.1',
    });
    const b = await intake.receive({
      workspaceId: ws,
      channel: 'whatsapp',
      from: { kind: 'phone', phone: '+447700900456' },
      body: 'second',
      externalId: 'whatsapp:wamid.2',
    });
    expect(b.contactId).toBe(a.contactId);
    expect(b.conversationId).toBe(a.conversationId);
    const contact = await s.services.db
      .selectFrom('contacts')
      .select(['phone', 'name'])
      .where('id', '=', a.contactId)
      .executeTakeFirstOrThrow();
    expect(contact).toEqual({ phone: '+447700900456', name: 'Ola' });
    const e1 = await intake.receive({
      workspaceId: ws,
      channel: 'email',
      from: { kind: 'email', email: 'Someone@Example.org', name: 'Some One' },
      body: 'mail',
      subject: 'Order',
      externalId: 'email:<a@example.org>',
    });
    const e2 = await intake.receive({
      workspaceId: ws,
      channel: 'email',
      from: { kind: 'email', email: 'someone@example.org' },
      body: 'mail again',
      externalId: 'email:<b@example.org>',
    });
    expect(e2.contactId).toBe(e1.contactId);
  });

  it('stores a message replayed concurrently once', async () => {
    const ws = s.id('ws:acme');
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        intake.receive({
          workspaceId: ws,
          channel: 'sms',
          from: { kind: 'phone', phone: '+447700900777' },
          body: 'replayed',
          externalId: 'sms:SMreplayed',
        }),
      ),
    );
    expect(new Set(results.map((r) => r.messageId)).size).toBe(1);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    const count = await s.services.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('external_id', '=', 'sms:SMreplayed')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    const contacts = await s.services.db
      .selectFrom('contacts')
      .select('id')
      .where('phone', '=', '+447700900777')
      .execute();
    expect(contacts).toHaveLength(1);
  });

  it('refuses an address that is not a phone number', async () => {
    await expect(
      intake.receive({
        workspaceId: s.id('ws:acme'),
        channel: 'sms',
        from: { kind: 'phone', phone: 'hello' },
        body: 'x',
      }),
    ).rejects.toThrow(/Not a phone number/);
  });
});
