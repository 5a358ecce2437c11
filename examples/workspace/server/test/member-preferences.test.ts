// A member's own preferences (screen-pop): what the desktop app does when a call rings
// for them. Every member sets their own, per workspace; the session carries it; on PGlite and
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferencesSchema, sessionResponseSchema } from '../src/contract/session';
import { createTestServer, dbKinds, type TestServer } from './harness';

describe.each(dbKinds())('member preferences on %s', (kind) => {
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
    s.req('PUT', `/api/ws/${ws}/me/preferences`, { token, body });
  const screenPop = async (token: string, ws = 'acme') =>
    sessionResponseSchema.parse((await s.req('GET', `/api/ws/${ws}/session`, { token })).body)
      .session.profile.screenPop;

  it('a member starts with the ringing call opening its conversation', async () => {
    expect(await screenPop(john)).toBe('open');
    expect(await screenPop(gary, 'globex')).toBe('open');
  });

  it('each member sets their own; other members and workspaces keep theirs', async () => {
    const res = await put(john, { screenPop: 'offer' });
    expect(res.status).toBe(200);
    expect(preferencesSchema.parse(res.body)).toEqual({ screenPop: 'offer' });
    expect(await screenPop(john)).toBe('offer');
    expect(await screenPop(jane)).toBe('open');
    expect((await put(jane, { screenPop: 'off' })).status).toBe(200);
    expect(await screenPop(jane)).toBe('off');
    expect(await screenPop(john)).toBe('offer');
    expect(await screenPop(gary, 'globex')).toBe('open');
  });

  it('a workspace one is not a member of is 404; a bad body is 400 and changes nothing', async () => {
    expect((await put(gary, { screenPop: 'off' })).status).toBe(404);
    for (const body of [{ screenPop: 'always' }, {}, { screenPop: 'open', x: 1 }, 'open']) {
      const res = await put(john, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: expect.any(String) });
    }
    expect(await screenPop(john)).toBe('offer');
  });
});
