// Auth, tokens, the signed-in user and workspace sessions (product-contract.md), on PGlite and
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionResponseSchema, loginResponseSchema } from '../src/contract/session';
import { createTestServer, dbKinds, type TestServer } from './harness';

describe.each(dbKinds())('auth and sessions on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer(kind);
  });
  afterAll(() => s.close());

  it('login answers a bearer token, its expiry and the user', async () => {
    const res = await s.req('POST', '/api/auth/login', {
      body: { email: 'Jane@Acme.test', password: 'demo1234' },
    });
    expect(res.status).toBe(200);
    const body = loginResponseSchema.parse(res.body);
    expect(body.user).toEqual({
      id: s.id('user:jane'),
      email: 'jane@acme.test',
      name: 'Jane Doe',
      avatarURL: null,
    });
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 11 * 3_600_000);
  });

  it("a wrong password answers 401 invalid_credentials 'Email or password is incorrect.'", async () => {
    for (const body of [
      { email: 'john@acme.test', password: 'nope' },
      { email: 'nobody@acme.test', password: 'demo1234' },
    ]) {
      const res = await s.req('POST', '/api/auth/login', { body });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: 'invalid_credentials',
        message: 'Email or password is incorrect.',
      });
    }
  });

  it('login is rate-limited: after 5 failures for an email, 429 with Retry-After, even with the right password', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (
          await s.req('POST', '/api/auth/login', {
            body: { email: 'gary@globex.test', password: `x${i}` },
          })
        ).status,
      ).toBe(401);
    const res = await s.req('POST', '/api/auth/login', {
      body: { email: 'gary@globex.test', password: 'demo1234' },
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.body.error).toBe('too_many_requests');
    await s.services.db.deleteFrom('login_throttle').execute();
  });

  it('a malformed login body answers 400 with field errors', async () => {
    const res = await s.req('POST', '/api/auth/login', { body: { email: 'not-an-email' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'body.email',
      'body.password',
    ]);
    const bad = await s.req('POST', '/api/auth/login', { raw: '{"email":' });
    expect(bad.status).toBe(400);
  });

  it('GET /me lists the workspaces of the user; a member of both sees both', async () => {
    const res = await s.req('GET', '/api/me', { token: await s.login('sam@both.test') });
    expect(res.status).toBe(200);
    expect(res.body.workspaces).toEqual([
      { slug: 'acme', name: 'Acme Inc.' },
      { slug: 'globex', name: 'Globex Corporation' },
    ]);
  });

  it('GET /ws/{slug}/session answers permits, profile, workspace and the planVoice flag', async () => {
    const token = await s.login('john@acme.test');
    const res = await s.req('GET', '/api/ws/acme/session', { token });
    expect(res.status).toBe(200);
    const { session } = sessionResponseSchema.parse(res.body);
    expect(session).toEqual({
      slug: 'acme',
      token,
      permits: {
        admin: false,
        flag_campaigns: false,
        flag_inbox_shared: true,
        flag_inbox_views: false,
        flag_permissions: false,
        flag_inbox_savedReplies: false,
        flag_addons_voice_live_calls: false,
        flag_reports: false,
      },
      profile: {
        name: 'John Roe',
        avatarURL: null,
        idAgent: s.id('acme/agent:john'),
        screenPop: 'open',
      },
      workspace: {
        slug: 'acme',
        name: 'Acme Inc.',
        timeZone: 'Europe/Madrid',
        defaultCountry: null,
      },
      app: { planVoice: true, meetLinks: false },
    });
    const ana = await s.req('GET', '/api/ws/acme/session', {
      token: await s.login('ana@acme.test'),
    });
    expect(ana.body.session.permits.flag_addons_voice_live_calls).toBe(true);
  });

  it('a user who is not a member gets 404 for the workspace, as for an unknown slug', async () => {
    const token = await s.login('jane@acme.test');
    for (const slug of ['globex', 'nope']) {
      const res = await s.req('GET', `/api/ws/${slug}/session`, { token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'not_found', message: 'Workspace not found.' });
    }
  });

  it('requests without a valid bearer token answer 401', async () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Bearer nope' },
      { authorization: 'Basic abc' },
    ];
    for (const headers of cases) {
      const res = await s.req('GET', '/api/ws/acme/session', { headers });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('unauthorized');
    }
  });

  it('logout revokes the presented token (204), and it no longer works', async () => {
    const login = await s.req('POST', '/api/auth/login', {
      body: { email: 'ana@acme.test', password: 'demo1234' },
    });
    const token = login.body.token as string;
    expect((await s.req('POST', '/api/auth/logout', { token })).status).toBe(204);
    expect((await s.req('GET', '/api/me', { token })).status).toBe(401);
  });

  it('an expired token answers 401', async () => {
    const token = await s.login('gary@globex.test');
    await s.services.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await s.req('GET', '/api/me', { token })).status).toBe(401);
  });

  it('lists the workspace agents with their teams, and the teams with their members', async () => {
    const token = (
      await s.req('POST', '/api/auth/login', {
        body: { email: 'john@acme.test', password: 'demo1234' },
      })
    ).body.token;
    const agents = await s.req('GET', '/api/ws/acme/agents', { token });
    expect(agents.status).toBe(200);
    expect(agents.body.agents.map((a: { name: string }) => a.name)).toEqual([
      'Ana Silva',
      'Jane Doe',
      'John Roe',
      'Sam Lee',
    ]);
    expect(agents.body.agents[1].teams).toEqual([
      { id: s.id('acme/team:Support'), name: 'Support', emoji: '🎧' },
    ]);
    const teams = await s.req('GET', '/api/ws/acme/teams', { token });
    expect(
      teams.body.teams.find((t: { name: string }) => t.name === 'Support').memberIds.sort(),
    ).toEqual([s.id('acme/agent:jane'), s.id('acme/agent:john')].sort());
  });

  it('serves the OpenAPI document and the API reference page', async () => {
    const doc = await s.req('GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/ws/{slug}/session']),
    );
    const page = await s.req('GET', '/api/reference');
    expect(page.status).toBe(200);
    expect(page.text).toContain('/api/openapi.json');
  });
});
