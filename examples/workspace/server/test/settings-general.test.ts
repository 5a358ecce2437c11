// General settings: the workspace's default country of phone numbers, read by every
// member (the session carries it), set by admins only, checked against libphonenumber-js's
// countries; on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionResponseSchema } from '../src/contract/session';
import { generalSettingsResponseSchema } from '../src/contract/settings';
import { createTestServer, dbKinds, type TestServer } from './harness';

describe.each(dbKinds())('general settings on %s', (kind) => {
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

  const put = (token: string, body: unknown, ws = 'acme') =>
    s.req('PUT', `/api/ws/${ws}/settings/general`, { token, body });
  const sessionCountry = async (token: string, ws = 'acme') =>
    sessionResponseSchema.parse((await s.req('GET', `/api/ws/${ws}/session`, { token })).body)
      .session.workspace.defaultCountry;

  it('a workspace starts without a default country', async () => {
    const res = await s.req('GET', '/api/ws/acme/settings/general', { token: john });
    expect(res.status).toBe(200);
    expect(generalSettingsResponseSchema.parse(res.body).settings).toEqual({
      defaultCountry: null,
    });
    expect(await sessionCountry(john)).toBeNull();
  });

  it("an admin sets it; every member's session then carries it; other workspaces keep theirs", async () => {
    const res = await put(jane, { defaultCountry: 'GB' });
    expect(res.status).toBe(200);
    expect(generalSettingsResponseSchema.parse(res.body).settings.defaultCountry).toBe('GB');
    expect(await sessionCountry(john)).toBe('GB');
    const again = await s.req('GET', '/api/ws/acme/settings/general', { token: john });
    expect(generalSettingsResponseSchema.parse(again.body).settings.defaultCountry).toBe('GB');
    expect(await sessionCountry(gary, 'globex')).toBeNull();
    expect((await put(jane, { defaultCountry: null })).status).toBe(200);
    expect(await sessionCountry(john)).toBeNull();
  });

  it('a member who is not an admin cannot change it (403), nor an admin of another workspace', async () => {
    expect((await put(john, { defaultCountry: 'FR' })).status).toBe(403);
    expect((await put(gary, { defaultCountry: 'FR' })).status).toBe(404);
    expect(await sessionCountry(john)).toBeNull();
  });

  it('refuses a country libphonenumber-js does not know, or a malformed body, with a 400', async () => {
    const unknown = await put(jane, { defaultCountry: 'XX' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      issues: [
        { path: 'body.defaultCountry', message: expect.stringContaining('Unknown country') },
      ],
    });
    for (const body of [{ defaultCountry: 'gb' }, { defaultCountry: 'GBR' }, {}, { x: 1 }]) {
      expect((await put(jane, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await sessionCountry(jane)).toBeNull();
  });

  it("with a default country, a visitor is shown by their number in that country's format", async () => {
    const created = await s.req('POST', '/api/ws/acme/contacts', {
      token: jane,
      body: { phone: '+442079460000' },
    });
    expect(created.status).toBe(201);
    expect(created.body.contact.displayName).toBe('+44 20 7946 0000');
    expect((await put(jane, { defaultCountry: 'GB' })).status).toBe(200);
    const shown = await s.req('GET', `/api/ws/acme/contacts/${created.body.contact.id}`, {
      token: john,
    });
    expect(shown.body.contact).toMatchObject({
      displayName: '020 7946 0000',
      phone: '+442079460000',
    });
    // a number of another country stays international
    const us = await s.req('POST', '/api/ws/acme/contacts', {
      token: jane,
      body: { phone: '+14155550100' },
    });
    expect(us.body.contact.displayName).toBe('+1 415 555 0100');
    expect((await put(jane, { defaultCountry: null })).status).toBe(200);
  });
});
