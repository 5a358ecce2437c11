// The contacts API: list and search with cursor pages, visitor-prefixed names, one contact per
// phone, edits (in step with call search), the profile; on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactListResponseSchema, contactProfileResponseSchema } from '../src/contract/contacts';
import { createTestServer, dbKinds, type TestServer } from './harness';

describe.each(dbKinds())('contacts on %s', (kind) => {
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

  it('lists contacts by name and pages with the cursor', async () => {
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await s.req(
        'GET',
        `/api/ws/acme/contacts?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        { token: jane },
      );
      const page = contactListResponseSchema.parse(res.body);
      names.push(...page.contacts.map((c) => c.name));
      cursor = page.page.nextCursor;
    } while (cursor);
    expect(names).toEqual([
      'Demo Customer',
      'Emma Wilson',
      'Li Wei',
      'Maria Garcia',
      'Noah Smith',
      'Olivia Brown',
      'visitor-5550142',
    ]);
  });

  it('searches name, phone, email and company', async () => {
    const find = async (q: string) =>
      (
        await s.req('GET', `/api/ws/acme/contacts?q=${encodeURIComponent(q)}`, { token: jane })
      ).body.contacts.map((c: { name: string }) => c.name);
    expect(await find('wilson ltd')).toEqual(['Emma Wilson']);
    expect(await find('+1555555010')).toEqual(['Maria Garcia', 'Li Wei', 'Olivia Brown'].sort());
    expect(await find('li.wei@')).toEqual(['Li Wei']);
  });

  it('a contact created with only a phone gets a visitor-prefixed name shown as the phone', async () => {
    const res = await s.req('POST', '/api/ws/acme/contacts', {
      token: jane,
      body: { phone: '+15555559876' },
    });
    expect(res.status).toBe(201);
    expect(res.body.contact).toMatchObject({
      name: 'visitor-5559876',
      displayName: '+1 555 555 9876',
      isVisitor: true,
    });
  });

  it('one contact per phone number: a second one answers 409; a bad number 400', async () => {
    const dup = await s.req('POST', '/api/ws/acme/contacts', {
      token: jane,
      body: { name: 'Dup', phone: '+15555550101' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('phone_taken');
    const bad = await s.req('POST', '/api/ws/acme/contacts', {
      token: jane,
      body: { phone: '5550101' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]).toEqual({
      path: 'body.phone',
      message: 'Phone number is not valid.',
    });
    const empty = await s.req('POST', '/api/ws/acme/contacts', { token: jane, body: {} });
    expect(empty.status).toBe(400);
    // The same number is free in another workspace.
    expect(
      (
        await s.req('POST', '/api/ws/globex/contacts', {
          token: gary,
          body: { phone: '+15555550101' },
        })
      ).status,
    ).toBe(201);
  });

  it('edits a contact; another workspace cannot read or edit it', async () => {
    const id = s.id('acme/contact:li');
    const res = await s.req('PATCH', `/api/ws/acme/contacts/${id}`, {
      token: jane,
      body: { company: 'Wei Trading' },
    });
    expect(res.body.contact.company).toBe('Wei Trading');
    expect((await s.req('GET', `/api/ws/globex/contacts/${id}`, { token: gary })).status).toBe(404);
    expect(
      (await s.req('PATCH', `/api/ws/globex/contacts/${id}`, { token: gary, body: { name: 'x' } }))
        .status,
    ).toBe(404);
  });

  it('the profile shows the conversations and calls of the contact', async () => {
    const res = await s.req('GET', `/api/ws/acme/contacts/${s.id('acme/contact:maria')}`, {
      token: jane,
    });
    const profile = contactProfileResponseSchema.parse(res.body);
    expect(profile.contact.name).toBe('Maria Garcia');
    expect(profile.conversations.map((c) => c.subject)).toEqual(['Order #1042 has not arrived']);
    expect(profile.stats).toEqual({ conversations: 1, calls: 0 });
  });
});
