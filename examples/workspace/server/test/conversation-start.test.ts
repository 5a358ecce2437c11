// An agent starts a conversation with a contact (POST /ws/{slug}/inbox/conversations): a new one
// assigned to the caller, or the contact's open one on that channel; refused plainly when the
// contact has no address for the channel or the channel is off; on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationStartResponseSchema } from '../src/contract/inbox';
import { createTestServer, dbKinds, type TestServer } from './harness';

describe.each(dbKinds())('starting a conversation on %s', (kind) => {
  let s: TestServer;
  let jane: string;
  let gary: string;
  beforeAll(async () => {
    s = await createTestServer(kind);
    [jane, gary] = (await Promise.all(
      ['jane@acme.test', 'gary@globex.test'].map((e) => s.login(e)),
    )) as [string, string];
  });
  afterAll(() => s.close());

  const contact = async (token: string, slug: string, body: object) => {
    const res = await s.req('POST', `/api/ws/${slug}/contacts`, { token, body });
    expect(res.status).toBe(201);
    return res.body.contact.id as string;
  };
  const start = (token: string, slug: string, body: object) =>
    s.req('POST', `/api/ws/${slug}/inbox/conversations`, { token, body });

  it('opens a new email conversation assigned to the caller; asking again answers the same one', async () => {
    const id = await contact(jane, 'acme', {
      name: 'Ravi Patel',
      email: 'ravi.start@example.com',
      phone: '+15555557001',
    });
    const first = await start(jane, 'acme', {
      contactId: id,
      channel: 'email',
      subject: 'Your order',
    });
    expect(first.status).toBe(201);
    const started = conversationStartResponseSchema.parse(first.body);
    expect(started.created).toBe(true);
    expect(started.conversation).toMatchObject({
      channel: 'email',
      subject: 'Your order',
      status: 'open',
      assignee: { name: 'Jane Doe' },
      contact: { id },
    });
    const again = await start(jane, 'acme', { contactId: id, channel: 'email' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      created: false,
      conversation: { id: started.conversation.id },
    });
    // SMS is another conversation.
    const sms = await start(jane, 'acme', { contactId: id, channel: 'sms' });
    expect(sms.status).toBe(201);
    expect(sms.body.conversation.id).not.toBe(started.conversation.id);
    // A reply written in it goes out through the outbox (queued, then sent by the worker).
    const reply = await s.req(
      'POST',
      `/api/ws/acme/inbox/conversations/${started.conversation.id}/messages`,
      { token: jane, body: { body: 'Hello Ravi, about your order…' } },
    );
    expect(reply.status).toBe(201);
    expect(reply.body.message.delivery?.status).toBe('queued');
  });

  it('refuses a contact without the address, a channel that is off, and a contact it cannot see', async () => {
    const emailOnly = await contact(jane, 'acme', {
      name: 'No Phone',
      email: 'nophone@example.com',
    });
    const noPhone = await start(jane, 'acme', { contactId: emailOnly, channel: 'whatsapp' });
    expect(noPhone.status).toBe(409);
    expect(noPhone.body).toMatchObject({
      error: 'no_address',
      message: 'This contact has no phone number. Add one to their profile first.',
    });
    const phoneOnly = await contact(jane, 'acme', { name: 'No Mail', phone: '+15555557002' });
    expect(
      (await start(jane, 'acme', { contactId: phoneOnly, channel: 'email' })).body,
    ).toMatchObject({
      error: 'no_address',
      message: 'This contact has no email address. Add one to their profile first.',
    });
    // Globex has only email on.
    const globex = await contact(gary, 'globex', { name: 'Gia', phone: '+15555557003' });
    const off = await start(gary, 'globex', { contactId: globex, channel: 'sms' });
    expect(off.status).toBe(409);
    expect(off.body).toMatchObject({
      error: 'channel_off',
      message: 'SMS is off for this workspace. An admin can turn it on in Settings → Channels.',
    });
    // Another workspace's contact is not found; web chat and voice cannot be started here.
    expect((await start(jane, 'acme', { contactId: globex, channel: 'sms' })).status).toBe(404);
    expect((await start(jane, 'acme', { contactId: phoneOnly, channel: 'chat' })).status).toBe(400);
    expect(
      (await start(jane, 'acme', { contactId: phoneOnly, channel: 'sms', extra: 1 })).status,
    ).toBe(400);
  });
});
