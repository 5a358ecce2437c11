// Deleting a contact: the admin permit, personal data erased, conversations kept under
// "Deleted contact" with their messages, calls kept without the number, a second delete 404,
// another workspace cannot delete; on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbKinds, type TestServer } from './harness';

describe.each(dbKinds())('contact deletion on %s', (kind) => {
  let s: TestServer;
  let jane: string;
  let john: string;
  let gary: string;
  beforeAll(async () => {
    s = await createTestServer(kind);
    [jane, john, gary] = (await Promise.all(
      ['jane@acme.test', 'john@acme.test', 'gary@globex.test'].map((e) => s.login(e)),
    )) as [string, string, string];
  });
  afterAll(() => s.close());

  it('erases the personal data, keeps conversations (anonymised) and calls (without the number)', async () => {
    const created = await s.req('POST', '/api/ws/acme/contacts', {
      token: jane,
      body: {
        name: 'Erin Erasure',
        phone: '+15555557001',
        email: 'erin@erase.test',
        company: 'Gone Ltd',
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.contact.id as string;
    const maria = s.id('acme/contact:maria');
    const ws = (
      await s.services.db
        .selectFrom('contacts')
        .select('workspace_id')
        .where('id', '=', maria)
        .executeTakeFirstOrThrow()
    ).workspace_id;
    // Maria's conversation moves to Erin, and Erin gets a call with her number.
    const conv = await s.services.db
      .selectFrom('conversations')
      .select('id')
      .where('contact_id', '=', maria)
      .executeTakeFirstOrThrow();
    await s.services.db
      .updateTable('conversations')
      .set({ contact_id: id })
      .where('id', '=', conv.id)
      .execute();
    const messagesBefore = await s.services.db
      .selectFrom('messages')
      .select(['id', 'body'])
      .where('conversation_id', '=', conv.id)
      .orderBy('id')
      .execute();
    expect(messagesBefore.length).toBeGreaterThan(0);
    await s.services.db
      .insertInto('connections')
      .values({
        id: 'erin-connection',
        workspace_id: ws,
        id_communication: 'erin-call',
        communication_type: 'inbound',
        contact_id: id,
        contact_phone_number: '+15555557001',
        answered: true,
        created_at: new Date(),
        search_text: 'erin erasure +15555557001',
        updated_at: new Date(),
      })
      .execute();

    // An agent without the admin permit may not delete.
    const denied = await s.req('DELETE', `/api/ws/acme/contacts/${id}`, { token: john });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('forbidden');
    // Another workspace does not see the contact.
    const foreign = await s.req('DELETE', `/api/ws/globex/contacts/${id}`, { token: gary });
    expect(foreign.status).toBe(404);

    const res = await s.req('DELETE', `/api/ws/acme/contacts/${id}`, { token: jane });
    expect(res.status).toBe(204);

    const row = await s.services.db
      .selectFrom('contacts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Deleted contact',
      phone: null,
      email: null,
      company: null,
      avatar_url: null,
    });
    expect(row.deleted_at).not.toBeNull();
    // The conversation stays with its messages; the call stays without the number.
    const after = await s.services.db
      .selectFrom('conversations')
      .select('contact_id')
      .where('id', '=', conv.id)
      .executeTakeFirstOrThrow();
    expect(after.contact_id).toBe(id);
    const messagesAfter = await s.services.db
      .selectFrom('messages')
      .select(['id', 'body'])
      .where('conversation_id', '=', conv.id)
      .orderBy('id')
      .execute();
    expect(messagesAfter).toEqual(messagesBefore);
    const call = await s.services.db
      .selectFrom('connections')
      .select(['contact_id', 'contact_phone_number', 'search_text'])
      .where('id', '=', 'erin-connection')
      .executeTakeFirstOrThrow();
    expect(call).toEqual({
      contact_id: id,
      contact_phone_number: null,
      search_text: 'deleted contact',
    });
    const inbox = await s.req('GET', `/api/ws/acme/inbox/conversations/${conv.id}`, {
      token: jane,
    });
    expect(inbox.status).toBe(200);
    expect(JSON.stringify(inbox.body)).not.toContain('Erin');
    expect(JSON.stringify(inbox.body)).toContain('Deleted contact');

    // Gone from the list, search and the profile; the phone is free again.
    const list = await s.req('GET', '/api/ws/acme/contacts?q=erin', { token: jane });
    expect(list.body.contacts).toEqual([]);
    expect((await s.req('GET', `/api/ws/acme/contacts/${id}`, { token: jane })).status).toBe(404);
    const again = await s.req('POST', '/api/ws/acme/contacts', {
      token: jane,
      body: { phone: '+15555557001' },
    });
    expect(again.status).toBe(201);

    // Idempotent: a second delete is a 404 in the error shape.
    const second = await s.req('DELETE', `/api/ws/acme/contacts/${id}`, { token: jane });
    expect(second.status).toBe(404);
    expect(second.body).toMatchObject({ error: 'not_found', message: 'Contact not found.' });
  });

  it('a malformed id is a 400, never a 5xx', async () => {
    const res = await s.req('DELETE', '/api/ws/acme/contacts/%00', { token: jane });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
