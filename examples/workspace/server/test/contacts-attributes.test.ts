// Custom contact attributes: the admin defines them (key, label, type); a contact keeps values
// checked against their type; another workspace has its own; on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbKinds, type TestServer } from './harness';

describe.each(dbKinds())('contact attributes on %s', (kind) => {
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

  const attributes = [
    { key: 'plan', label: 'Plan', type: 'text' },
    { key: 'seats', label: 'Seats', type: 'number' },
    { key: 'renewal', label: 'Renewal', type: 'date' },
    { key: 'vip', label: 'VIP', type: 'boolean' },
  ];

  it('the admin defines them in order; an agent reads them but may not change them', async () => {
    const denied = await s.req('PUT', '/api/ws/acme/contact-attributes', {
      token: john,
      body: { attributes },
    });
    expect(denied.status).toBe(403);
    const dup = await s.req('PUT', '/api/ws/acme/contact-attributes', {
      token: jane,
      body: { attributes: [attributes[0], attributes[0]] },
    });
    expect(dup.status).toBe(400);
    const badKey = await s.req('PUT', '/api/ws/acme/contact-attributes', {
      token: jane,
      body: { attributes: [{ key: 'Bad Key', label: 'x', type: 'text' }] },
    });
    expect(badKey.status).toBe(400);
    const saved = await s.req('PUT', '/api/ws/acme/contact-attributes', {
      token: jane,
      body: { attributes },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.attributes).toEqual(attributes);
    const read = await s.req('GET', '/api/ws/acme/contact-attributes', { token: john });
    expect(read.body.attributes).toEqual(attributes);
    const other = await s.req('GET', '/api/ws/globex/contact-attributes', { token: gary });
    expect(other.body.attributes).toEqual([]);
  });

  it('a contact keeps values of the defined types; null clears one; a wrong type or key is a 400', async () => {
    const created = await s.req('POST', '/api/ws/acme/contacts', {
      token: john,
      body: { name: 'Attr Contact', attributes: { plan: 'Gold', seats: 12 } },
    });
    expect(created.status).toBe(201);
    const id = created.body.contact.id as string;
    expect(created.body.contact.attributes).toEqual({ plan: 'Gold', seats: 12 });
    const edited = await s.req('PATCH', `/api/ws/acme/contacts/${id}`, {
      token: john,
      body: { attributes: { seats: null, renewal: '2027-02-28', vip: true } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.contact.attributes).toEqual({
      plan: 'Gold',
      renewal: '2027-02-28',
      vip: true,
    });
    for (const bad of [{ seats: 'many' }, { renewal: '2027-02-30' }, { vip: 'yes' }, { nope: 1 }]) {
      const res = await s.req('PATCH', `/api/ws/acme/contacts/${id}`, {
        token: john,
        body: { attributes: bad },
      });
      expect(res.status).toBe(400);
      expect(res.body.issues[0].path).toBe(`body.attributes.${Object.keys(bad)[0]}`);
    }
    // Globex has no such attribute.
    const foreign = await s.req('POST', '/api/ws/globex/contacts', {
      token: gary,
      body: { name: 'Globex Attr', attributes: { plan: 'Gold' } },
    });
    expect(foreign.status).toBe(400);
    const profile = await s.req('GET', `/api/ws/acme/contacts/${id}`, { token: john });
    expect(profile.body.contact.attributes).toEqual({
      plan: 'Gold',
      renewal: '2027-02-28',
      vip: true,
    });
  });
});
