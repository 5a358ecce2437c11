// Merging two contacts (the survivor takes the other's conversations, calls, phones and emails;
// the other is removed) and the duplicate suggestions (a shared phone or email); one workspace
// never reaches another's contacts; on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversationIntake } from '../src/modules/conversations-intake/service';
import { VoiceRepository } from '../src/modules/voice/repository';
import { createTestServer, dbKinds, type TestServer } from './harness';

describe.each(dbKinds())('contact merge on %s', (kind) => {
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

  const create = async (token: string, slug: string, body: Record<string, string>) => {
    const res = await s.req('POST', `/api/ws/${slug}/contacts`, { token, body });
    expect(res.status).toBe(201);
    return res.body.contact.id as string;
  };
  const duplicates = async (id: string) => {
    const res = await s.req('GET', `/api/ws/acme/contacts/${id}/duplicates`, { token: jane });
    expect(res.status).toBe(200);
    return res.body.duplicates as {
      contact: { id: string };
      matched: { field: string; value: string };
      conversationCount: number;
    }[];
  };

  it('suggests the contacts sharing a phone or an email (case-insensitive), with the value matched', async () => {
    const ana = await create(jane, 'acme', { name: 'Ana Dup', email: 'Ana@Dup.test' });
    const twin = await create(jane, 'acme', { name: 'Ana Twin', email: 'ana@dup.TEST' });
    const stranger = await create(jane, 'acme', { name: 'Other Dup', email: 'other@dup.test' });
    const found = await duplicates(ana);
    expect(found.map((d) => d.contact.id)).toEqual([twin]);
    expect(found[0]).toMatchObject({
      matched: { field: 'email', value: 'ana@dup.test' },
      conversationCount: 0,
    });
    expect(await duplicates(stranger)).toEqual([]);
    // Another workspace's contact with the same email is never suggested, nor reachable.
    await create(gary, 'globex', { name: 'Ana Globex', email: 'ana@dup.test' });
    expect((await duplicates(ana)).map((d) => d.contact.id)).toEqual([twin]);
    const foreign = await s.req('GET', `/api/ws/globex/contacts/${ana}/duplicates`, {
      token: gary,
    });
    expect(foreign.status).toBe(404);
  });

  it('moves conversations and calls to the survivor, unites phones and emails, fills empty fields and removes the other', async () => {
    const survivor = await create(jane, 'acme', {
      name: 'Mara Merge',
      phone: '+15555558001',
      email: 'mara@merge.test',
    });
    const other = await create(jane, 'acme', {
      phone: '+15555558002',
      email: 'Mara.Work@Merge.test',
      company: 'Merge Co',
    });
    const maria = s.id('acme/contact:maria');
    const { id: conv, workspace_id: ws } = await s.services.db
      .selectFrom('conversations')
      .select(['id', 'workspace_id'])
      .where('contact_id', '=', maria)
      .executeTakeFirstOrThrow();
    await s.services.db
      .updateTable('conversations')
      .set({ contact_id: other })
      .where('id', '=', conv)
      .execute();
    await s.services.db
      .insertInto('connections')
      .values({
        id: 'merge-connection',
        workspace_id: ws,
        id_communication: 'merge-call',
        communication_type: 'inbound',
        contact_id: other,
        contact_phone_number: '+15555558002',
        answered: true,
        created_at: new Date(),
        search_text: 'visitor +15555558002',
        updated_at: new Date(),
      })
      .execute();

    const res = await s.req('POST', `/api/ws/acme/contacts/${survivor}/merge`, {
      token: jane,
      body: { otherId: other },
    });
    expect(res.status).toBe(200);
    expect(res.body.contact).toMatchObject({
      id: survivor,
      name: 'Mara Merge',
      phone: '+15555558001',
      email: 'mara@merge.test',
      company: 'Merge Co',
      phones: ['+15555558001', '+15555558002'],
      emails: ['mara@merge.test', 'mara.work@merge.test'],
    });
    const moved = await s.services.db
      .selectFrom('conversations')
      .select('contact_id')
      .where('id', '=', conv)
      .executeTakeFirstOrThrow();
    expect(moved.contact_id).toBe(survivor);
    const call = await s.services.db
      .selectFrom('connections')
      .select(['contact_id', 'contact_phone_number', 'search_text'])
      .where('id', '=', 'merge-connection')
      .executeTakeFirstOrThrow();
    expect(call).toEqual({
      contact_id: survivor,
      contact_phone_number: '+15555558002',
      search_text: 'mara merge +15555558001',
    });
    const profile = await s.req('GET', `/api/ws/acme/contacts/${survivor}`, { token: jane });
    expect(profile.body.stats).toEqual({ conversations: 1, calls: 1 });
    expect(profile.body.conversations.map((c: { id: string }) => c.id)).toEqual([conv]);

    // The other is gone (its personal data erased); merging it again is a 404.
    expect((await s.req('GET', `/api/ws/acme/contacts/${other}`, { token: jane })).status).toBe(
      404,
    );
    const removed = await s.services.db
      .selectFrom('contacts')
      .select(['phone', 'email', 'deleted_at'])
      .where('id', '=', other)
      .executeTakeFirstOrThrow();
    expect(removed).toMatchObject({ phone: null, email: null });
    expect(removed.deleted_at).not.toBeNull();
    const again = await s.req('POST', `/api/ws/acme/contacts/${survivor}/merge`, {
      token: jane,
      body: { otherId: other },
    });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ error: 'not_found', message: 'Contact not found.' });

    // A new contact with the merged phone is suggested as a duplicate of the survivor.
    const newcomer = await create(jane, 'acme', { phone: '+15555558002' });
    const found = await duplicates(survivor);
    expect(found.map((d) => [d.contact.id, d.matched])).toEqual([
      [newcomer, { field: 'phone', value: '+15555558002' }],
    ]);
  });

  it("after a merge, a message, a mail or a call from the other contact's number or address reaches the survivor; erasing clears them all", async () => {
    const survivor = await create(jane, 'acme', {
      name: 'Rita Reach',
      phone: '+15555558101',
      email: 'rita@reach.test',
    });
    const other = await create(jane, 'acme', { phone: '+15555558102', email: 'rita@work.test' });
    const merged = await s.req('POST', `/api/ws/acme/contacts/${survivor}/merge`, {
      token: jane,
      body: { otherId: other },
    });
    expect(merged.status).toBe(200);
    const ws = s.id('ws:acme');
    const intake = new ConversationIntake(s.services);
    const sms = await intake.receive({
      workspaceId: ws,
      channel: 'sms',
      from: { kind: 'phone', phone: '+15555558102' },
      body: 'From the other phone',
      externalId: `sms:merge-reach-${Date.now()}`,
    });
    expect(sms.contactId).toBe(survivor);
    const mail = await intake.receive({
      workspaceId: ws,
      channel: 'email',
      from: { kind: 'email', email: 'Rita@Work.test' },
      subject: 'From the other address',
      body: 'Hello',
      externalId: `email:merge-reach-${Date.now()}`,
    });
    expect(mail.contactId).toBe(survivor);
    const voice = new VoiceRepository(s.services.db);
    expect((await voice.findContactByPhone(ws, '+15555558102'))?.id).toBe(survivor);
    const ensured = await s.services.db
      .transaction()
      .execute((trx) => voice.ensureContact(trx, ws, '+15555558102'));
    expect(ensured.id).toBe(survivor);

    // Erasure takes every address the contact held, the merged-in ones too.
    const erased = await s.req('DELETE', `/api/ws/acme/contacts/${survivor}`, { token: jane });
    expect(erased.status).toBeLessThan(300);
    const row = await s.services.db
      .selectFrom('contacts')
      .select(['phone', 'email', 'other_phones', 'other_emails', 'attributes'])
      .where('id', '=', survivor)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      phone: null,
      email: null,
      other_phones: [],
      other_emails: [],
      attributes: {},
    });
    expect(await voice.findContactByPhone(ws, '+15555558102')).toBeUndefined();
  });

  it('fills the survivor known only by its number with the other name, and moves the phone to the empty primary', async () => {
    const visitor = await create(jane, 'acme', { email: 'vera@merge.test' });
    const named = await create(jane, 'acme', { name: 'Vera Named', phone: '+15555558011' });
    const res = await s.req('POST', `/api/ws/acme/contacts/${visitor}/merge`, {
      token: jane,
      body: { otherId: named },
    });
    expect(res.status).toBe(200);
    expect(res.body.contact).toMatchObject({
      phone: '+15555558011',
      phones: ['+15555558011'],
      emails: ['vera@merge.test'],
    });
  });

  it('answers 400 for a contact with itself or a bad body, 404 across workspaces, never 5xx', async () => {
    const a = await create(jane, 'acme', { name: 'Self Merge' });
    const b = await create(jane, 'acme', { name: 'Self Merge Two' });
    const foreign = await create(gary, 'globex', { name: 'Globex Merge' });
    const self = await s.req('POST', `/api/ws/acme/contacts/${a}/merge`, {
      token: jane,
      body: { otherId: a },
    });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({
      error: 'invalid_request',
      message: 'A contact cannot be merged with itself.',
    });
    const extra = await s.req('POST', `/api/ws/acme/contacts/${a}/merge`, {
      token: jane,
      body: { otherId: b, keep: 'both' },
    });
    expect(extra.status).toBe(400);
    const tooLong = await s.req('POST', `/api/ws/acme/contacts/${a}/merge`, {
      token: jane,
      body: { otherId: 'x'.repeat(201) },
    });
    expect(tooLong.status).toBe(400);
    // Another workspace's contact, on either side, is not found; nothing moves.
    for (const [token, slug, id, otherId] of [
      [jane, 'acme', a, foreign],
      [gary, 'globex', foreign, a],
      [gary, 'globex', a, b],
      [jane, 'acme', a, 'no-such-contact'],
    ] as const) {
      const res = await s.req('POST', `/api/ws/${slug}/contacts/${id}/merge`, {
        token,
        body: { otherId },
      });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('not_found');
    }
    const still = await s.req('GET', `/api/ws/globex/contacts/${foreign}`, { token: gary });
    expect(still.status).toBe(200);
  });
});
