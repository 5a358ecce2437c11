// Team admin: an admin deactivates a member (their sessions end at once: tokens stop
// working, open event streams close; they cannot sign in) and reactivates them; nobody deactivates
// themselves or the last active admin. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsAgentResponseSchema } from '../src/contract/settings';
import { MESSAGES } from '../src/lib/messages';
import { createTestServer, dbKinds, type TestServer } from './harness';

describe.each(dbKinds())('team admin: deactivation on %s', (kind) => {
  let s: TestServer;
  let jane: string;
  beforeAll(async () => {
    s = await createTestServer(kind);
    jane = await s.login('jane@acme.test');
  });
  afterAll(() => s.close());

  const signIn = (email: string) =>
    s.req('POST', '/api/auth/login', { body: { email, password: 'demo1234' } });
  const act = (token: string, action: 'deactivate' | 'reactivate', agentKey: string, ws = 'acme') =>
    s.req('POST', `/api/ws/${ws}/settings/agents/${s.id(agentKey)}/${action}`, { token });

  /** Opens an event stream in acme; answers `ended`, which settles when the stream ends. */
  async function openStream(token: string): Promise<{ ended: Promise<void> }> {
    const res = await s.app.request('/api/ws/acme/events', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('event: ready')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended before ready');
      text += value;
    }
    const ended = (async () => {
      for (;;) if ((await reader.read()).done) return;
    })();
    return { ended };
  }

  it('deactivating ends every session at once and sign-in is refused; reactivating restores it', async () => {
    const first = (await signIn('john@acme.test')).body.token as string;
    const second = (await signIn('john@acme.test')).body.token as string;
    const { ended } = await openStream(first);

    const res = await act(jane, 'deactivate', 'acme/agent:john');
    expect(res.status).toBe(200);
    expect(settingsAgentResponseSchema.parse(res.body).agent.deactivated).toBe(true);

    await ended; // the open tab's stream closed
    for (const token of [first, second])
      expect((await s.req('GET', '/api/me', { token })).status).toBe(401);
    const refused = await signIn('john@acme.test');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: 'account_deactivated',
      message: MESSAGES.accountDeactivated,
    });
    // A wrong password still says only that the credentials are wrong.
    const wrong = await s.req('POST', '/api/auth/login', {
      body: { email: 'john@acme.test', password: 'not-his' },
    });
    expect(wrong.status).toBe(401);

    const list = await s.req('GET', '/api/ws/acme/settings/agents', { token: jane });
    const john = list.body.agents.find((a: { id: string }) => a.id === s.id('acme/agent:john'));
    expect(john.deactivated).toBe(true);

    const back = await act(jane, 'reactivate', 'acme/agent:john');
    expect(back.status).toBe(200);
    expect(back.body.agent.deactivated).toBe(false);
    const again = await signIn('john@acme.test');
    expect(again.status).toBe(200);
    expect(
      (await s.req('GET', '/api/ws/acme/session', { token: again.body.token as string })).status,
    ).toBe(200);
  });

  it('a member of two workspaces deactivated in one keeps the other, and loses only that one', async () => {
    const sam = (await signIn('sam@both.test')).body.token as string;
    expect((await act(jane, 'deactivate', 'acme/agent:sam')).status).toBe(200);
    expect((await s.req('GET', '/api/me', { token: sam })).status).toBe(401);
    const again = await signIn('sam@both.test');
    expect(again.status).toBe(200);
    const token = again.body.token as string;
    const me = await s.req('GET', '/api/me', { token });
    expect(me.body.workspaces.map((w: { slug: string }) => w.slug)).toEqual(['globex']);
    const session = await s.req('GET', '/api/ws/acme/session', { token });
    expect(session.status).toBe(403);
    expect(session.body).toMatchObject({ error: 'account_deactivated' });
    expect((await s.req('GET', '/api/ws/globex/session', { token })).status).toBe(200);
    expect((await act(jane, 'reactivate', 'acme/agent:sam')).status).toBe(200);
  });

  it('a deactivated admin does not count: the last active admin cannot give up the permit', async () => {
    const patch = (token: string, agentKey: string, admin: boolean) =>
      s.req('PATCH', `/api/ws/acme/settings/agents/${s.id(agentKey)}`, {
        token,
        body: { permits: { admin } },
      });
    expect((await patch(jane, 'acme/agent:ana', true)).status).toBe(200);
    const ana = (await signIn('ana@acme.test')).body.token as string;
    expect((await act(ana, 'deactivate', 'acme/agent:jane')).status).toBe(200);
    const alone = await patch(ana, 'acme/agent:ana', false);
    expect(alone.status).toBe(409);
    expect(alone.body.error).toBe('last_admin');
    expect((await act(ana, 'reactivate', 'acme/agent:jane')).status).toBe(200);
    jane = (await signIn('jane@acme.test')).body.token as string;
    expect((await patch(jane, 'acme/agent:ana', false)).status).toBe(200);
  });

  it('nobody deactivates themselves; only admins deactivate; other workspaces are 404', async () => {
    const self = await act(jane, 'deactivate', 'acme/agent:jane');
    expect(self.status).toBe(409);
    expect(self.body.error).toBe('cannot_deactivate_self');
    const john = await s.login('john@acme.test');
    expect((await act(john, 'deactivate', 'acme/agent:ana')).status).toBe(403);
    // Another workspace's agent is not found here.
    const gary = await s.login('gary@globex.test');
    expect((await act(gary, 'deactivate', 'acme/agent:john', 'globex')).status).toBe(404);
    expect((await signIn('john@acme.test')).status).toBe(200);
  });
});
