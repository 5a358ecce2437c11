// Team invitations by email, password resets and the contact-centre username of an agent. Mails
// go through the email channel's relay to the local channel gateway, whose mailbox the tests
// read; the contact-centre username is checked against the emulator's users (ListUsers).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { invitationPreviewSchema, signedInResponseSchema } from '../src/contract/team';
import { SETTINGS_MESSAGES } from '../src/modules/settings/messages';
import { TEAM_MESSAGES } from '../src/modules/team/messages';
import { hashToken } from '../src/modules/session/service';
import { startGatewayStack, type GatewayStack } from './channels-gateway';
import { startContactCentre, type TestContactCentre } from './contact-centre';
import { createTestServer, dbKinds, type TestServer } from './harness';

const APP = 'http://app.test:5173';

interface Mail {
  direction: string;
  subject?: string;
  text: string;
}

describe.each(dbKinds())('team invitations and password resets on %s', (kind) => {
  let stack: GatewayStack;
  let s: TestServer;
  let jane: string;

  beforeAll(async () => {
    stack = await startGatewayStack(kind, { smtp: true, env: () => ({ PUBLIC_APP_URL: APP }) });
    s = stack.server;
    jane = await s.login('jane@acme.test');
  }, 120_000);
  afterAll(() => stack?.close());
  // Every request of these tests comes from the same in-process client address.
  beforeEach(async () => {
    await s.services.db.deleteFrom('auth_mail_throttle').execute();
  });

  const mails = async (address: string): Promise<Mail[]> => {
    const res = await stack.control(
      'GET',
      `/messages?channel=email&address=${encodeURIComponent(address)}`,
    );
    return (res.json.messages as Mail[]).filter((m) => m.direction === 'outbound');
  };
  /** Waits for the `n`th mail to `address` and answers the token of its link. */
  const linkToken = async (address: string, path: 'invite' | 'reset-password', n = 1) => {
    const mail = await vi.waitFor(
      async () => {
        const all = await mails(address);
        if (all.length < n) throw new Error(`${all.length} mails to ${address}`);
        return all[n - 1]!;
      },
      { timeout: 10_000, interval: 20 },
    );
    const match = new RegExp(`${APP}/${path}/([A-Za-z0-9_-]{43})`).exec(mail.text);
    expect(match, mail.text).not.toBeNull();
    return match![1]!;
  };
  const invite = (body: unknown, token = jane, ws = 'acme') =>
    s.req('POST', `/api/ws/${ws}/settings/invitations`, { token, body });

  it('invites by email, lists the pending invitation, and accepting creates a signed-in member', async () => {
    const res = await invite({ email: 'Nora@New.test', name: 'Nora New', role: 'supervisor' });
    expect(res.status).toBe(201);
    expect(res.body.invitation).toMatchObject({ email: 'Nora@New.test', role: 'supervisor' });
    const token = await linkToken('nora@new.test', 'invite');
    const [mail] = await mails('nora@new.test');
    expect(mail!.subject).toContain('Acme Inc.');

    // Only the token's hash is stored.
    const stored = await s.services.db.selectFrom('invitations').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const list = await s.req('GET', '/api/ws/acme/settings/invitations', { token: jane });
    expect(list.body.invitations.map((i: { email: string }) => i.email)).toContain('Nora@New.test');

    const preview = await s.req('GET', `/api/invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(invitationPreviewSchema.parse(preview.body)).toMatchObject({
      workspace: { name: 'Acme Inc.', slug: 'acme' },
      existingUser: false,
    });

    const short = await s.req('POST', `/api/invitations/${token}/accept`, {
      body: { name: 'Nora', password: 'short' },
    });
    expect(short.status).toBe(400);

    const accepted = await s.req('POST', `/api/invitations/${token}/accept`, {
      body: { name: 'Nora New', password: 'nora-secret-1' },
    });
    expect(accepted.status).toBe(200);
    const session = signedInResponseSchema.parse(accepted.body);
    expect(session.workspace).toEqual({ slug: 'acme' });
    const ws = await s.req('GET', '/api/ws/acme/session', { token: session.token });
    expect(ws.status).toBe(200);
    expect(ws.body.session.permits.admin).toBe(false);
    expect(ws.body.session.profile.name).toBe('Nora New');
    const signIn = await s.req('POST', '/api/auth/login', {
      body: { email: 'nora@new.test', password: 'nora-secret-1' },
    });
    expect(signIn.status).toBe(200);

    // The link works once; the invitation left the pending list.
    const again = await s.req('POST', `/api/invitations/${token}/accept`, {
      body: { name: 'Nora New', password: 'nora-secret-1' },
    });
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({
      error: 'invitation_used',
      message: TEAM_MESSAGES.invitationGone,
    });
    expect((await s.req('GET', `/api/invitations/${token}`)).status).toBe(410);
    const after = await s.req('GET', '/api/ws/acme/settings/invitations', { token: jane });
    expect(after.body.invitations.map((i: { email: string }) => i.email)).not.toContain(
      'Nora@New.test',
    );
    // Now a member: inviting again is a conflict.
    expect((await invite({ email: 'nora@new.test', name: 'Nora', role: 'agent' })).status).toBe(
      409,
    );
  });

  it('re-inviting replaces the pending invitation; resend gives a new link; revoke ends it', async () => {
    await invite({ email: 'olga@new.test', name: 'Olga', role: 'agent' });
    const first = await linkToken('olga@new.test', 'invite', 1);
    const second = await invite({ email: 'olga@new.test', name: 'Olga O.', role: 'agent' });
    const secondToken = await linkToken('olga@new.test', 'invite', 2);
    expect((await s.req('GET', `/api/invitations/${first}`)).status).toBe(410);
    expect((await s.req('GET', `/api/invitations/${secondToken}`)).status).toBe(200);
    const pending = (await s.req('GET', '/api/ws/acme/settings/invitations', { token: jane })).body
      .invitations as { email: string }[];
    expect(pending.filter((i) => i.email === 'olga@new.test')).toHaveLength(1);

    const id = second.body.invitation.id as string;
    const resent = await s.req('POST', `/api/ws/acme/settings/invitations/${id}/resend`, {
      token: jane,
    });
    expect(resent.status).toBe(200);
    const third = await linkToken('olga@new.test', 'invite', 3);
    expect((await s.req('GET', `/api/invitations/${secondToken}`)).status).toBe(404);
    expect((await s.req('GET', `/api/invitations/${third}`)).status).toBe(200);

    expect(
      (await s.req('DELETE', `/api/ws/acme/settings/invitations/${id}`, { token: jane })).status,
    ).toBe(204);
    const revoked = await s.req('POST', `/api/invitations/${third}/accept`, {
      body: { name: 'Olga', password: 'olga-secret-1' },
    });
    expect(revoked.status).toBe(410);
    expect(
      (await s.req('DELETE', `/api/ws/acme/settings/invitations/${id}`, { token: jane })).status,
    ).toBe(404);
  });

  it('an expired invitation answers 410 with a clear message; an unknown token 404', async () => {
    await invite({ email: 'pat@new.test', name: 'Pat', role: 'agent' });
    const token = await linkToken('pat@new.test', 'invite');
    await s.services.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const res = await s.req('POST', `/api/invitations/${token}/accept`, {
      body: { name: 'Pat', password: 'pat-secret-12' },
    });
    expect(res.status).toBe(410);
    expect(res.body).toEqual({
      error: 'invitation_expired',
      message: TEAM_MESSAGES.invitationExpired,
    });
    const unknown = await s.req('GET', `/api/invitations/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect((await s.req('GET', '/api/invitations/not-a-token')).status).toBe(400);
  });

  it('an existing user joins with their own password and keeps their other workspace', async () => {
    const gary = await s.login('gary@globex.test');
    const res = await invite({ email: 'gary@globex.test', name: 'Gary', role: 'agent' });
    expect(res.status).toBe(201);
    const token = await linkToken('gary@globex.test', 'invite');
    const preview = await s.req('GET', `/api/invitations/${token}`);
    expect(preview.body.existingUser).toBe(true);
    const wrong = await s.req('POST', `/api/invitations/${token}/accept`, {
      body: { password: 'not-garys-pw' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(TEAM_MESSAGES.wrongPassword);
    const ok = await s.req('POST', `/api/invitations/${token}/accept`, {
      body: { password: 'demo1234' },
    });
    expect(ok.status).toBe(200);
    const me = await s.req('GET', '/api/me', { token: ok.body.token });
    expect(me.body.workspaces.map((w: { slug: string }) => w.slug).sort()).toEqual([
      'acme',
      'globex',
    ]);
    // Their earlier session still works (joining is not a password change).
    expect((await s.req('GET', '/api/me', { token: gary })).status).toBe(200);
  });

  it('permits: an agent cannot invite; only admins invite admins; another workspace is 404', async () => {
    const john = await s.login('john@acme.test');
    expect((await invite({ email: 'q@new.test', name: 'Q', role: 'agent' }, john)).status).toBe(
      403,
    );
    expect((await s.req('GET', '/api/ws/acme/settings/invitations', { token: john })).status).toBe(
      403,
    );
    // A supervisor given flag_permissions may invite agents but not admins.
    await s.req('PATCH', `/api/ws/acme/settings/agents/${s.id('acme/agent:ana')}`, {
      token: jane,
      body: { permits: { flag_permissions: true } },
    });
    const ana = await s.login('ana@acme.test');
    const asAdmin = await invite({ email: 'r@new.test', name: 'R', role: 'admin' }, ana);
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.message).toBe(TEAM_MESSAGES.roleNeedsAdmin);
    expect((await invite({ email: 'r@new.test', name: 'R', role: 'agent' }, ana)).status).toBe(201);

    // Jane's invitation id is not reachable through globex (gary is admin there).
    const gary = await s.login('gary@globex.test');
    const acmeInvite = await invite({ email: 's@new.test', name: 'S', role: 'agent' });
    const id = acmeInvite.body.invitation.id as string;
    expect(
      (await s.req('DELETE', `/api/ws/globex/settings/invitations/${id}`, { token: gary })).status,
    ).toBe(404);
    expect(
      (await s.req('POST', `/api/ws/globex/settings/invitations/${id}/resend`, { token: gary }))
        .status,
    ).toBe(404);
    const globexList = await s.req('GET', '/api/ws/globex/settings/invitations', { token: gary });
    expect(globexList.body.invitations).toEqual([]);
    // Invalid input: 400 in the documented shape.
    const bad = await invite({ email: 'not-an-email', name: 'X', role: 'agent' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_request');
  });

  it('password reset: always 202, a single-use link, a new password ends every session', async () => {
    const old1 = (
      await s.req('POST', '/api/auth/login', {
        body: { email: 'john@acme.test', password: 'demo1234' },
      })
    ).body.token as string;
    const unknown = await s.req('POST', '/api/auth/password-reset', {
      body: { email: 'nobody@nowhere.test' },
    });
    const known = await s.req('POST', '/api/auth/password-reset', {
      body: { email: 'John@Acme.test' },
    });
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(unknown.text).toBe(known.text);
    const token = await linkToken('john@acme.test', 'reset-password');
    expect(await mails('nobody@nowhere.test')).toEqual([]);

    expect((await s.req('GET', `/api/auth/password-reset/${token}`)).status).toBe(204);
    const res = await s.req('POST', `/api/auth/password-reset/${token}`, {
      body: { password: 'johns-new-pw-1' },
    });
    expect(res.status).toBe(200);
    expect(res.body.workspace).toEqual({ slug: 'acme' });
    expect((await s.req('GET', '/api/me', { token: old1 })).status).toBe(401);
    expect((await s.req('GET', '/api/me', { token: res.body.token })).status).toBe(200);
    const oldPw = await s.req('POST', '/api/auth/login', {
      body: { email: 'john@acme.test', password: 'demo1234' },
    });
    expect(oldPw.status).toBe(401);
    const newPw = await s.req('POST', '/api/auth/login', {
      body: { email: 'john@acme.test', password: 'johns-new-pw-1' },
    });
    expect(newPw.status).toBe(200);

    const reused = await s.req('POST', `/api/auth/password-reset/${token}`, {
      body: { password: 'another-pw-12' },
    });
    expect(reused.status).toBe(410);
    expect(reused.body).toEqual({ error: 'reset_link_invalid', message: TEAM_MESSAGES.resetGone });
  });

  it('password reset: an expired link answers 410', async () => {
    await s.req('POST', '/api/auth/password-reset', { body: { email: 'ana@acme.test' } });
    const token = await linkToken('ana@acme.test', 'reset-password');
    await s.services.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const res = await s.req('POST', `/api/auth/password-reset/${token}`, {
      body: { password: 'anas-new-pw-1' },
    });
    expect(res.status).toBe(410);
  });

  it('password reset is throttled per email (silently) and per client address (429)', async () => {
    const ask = (email: string) => s.req('POST', '/api/auth/password-reset', { body: { email } });
    for (let i = 0; i < 5; i++) expect((await ask('sam@both.test')).status).toBe(202);
    // Three mails go out; the others are dropped without a word.
    await linkToken('sam@both.test', 'reset-password', 3);
    const stored = await s.services.db
      .selectFrom('password_resets as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select('r.token_hash')
      .where('u.email', '=', 'sam@both.test')
      .execute();
    expect(stored).toHaveLength(3);
    // 10 requests per client address in the window (5 counted above).
    for (let i = 0; i < 5; i++) expect((await ask(`x${i}@nowhere.test`)).status).toBe(202);
    const refused = await ask('y@nowhere.test');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('too_many_requests');
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });

  it('an admin sends a member the reset mail; others cannot; another workspace is 404', async () => {
    const sam = await s.login('sam@both.test');
    const path = `/api/ws/acme/settings/agents/${s.id('acme/agent:ana')}/password-reset`;
    expect((await s.req('POST', path, { token: sam })).status).toBe(403);
    const before = (await mails('ana@acme.test')).length;
    expect((await s.req('POST', path, { token: jane })).status).toBe(202);
    await linkToken('ana@acme.test', 'reset-password', before + 1);
    const gary = await s.login('gary@globex.test');
    expect(
      (
        await s.req(
          'POST',
          `/api/ws/globex/settings/agents/${s.id('acme/agent:ana')}/password-reset`,
          { token: gary },
        )
      ).status,
    ).toBe(404);
  });
});

describe.each(dbKinds())('contact-centre username of an agent on %s', (kind) => {
  let cc: TestContactCentre;
  let s: TestServer;
  let jane: string;

  beforeAll(async () => {
    cc = await startContactCentre();
    s = await createTestServer(kind, { connectEndpoint: cc.url, env: cc.serverEnv });
    jane = await s.login('jane@acme.test');
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    await cc?.close();
  });

  const agentRow = (key: string) =>
    s.services.db
      .selectFrom('agents')
      .select(['connect_username', 'connect_user_id'])
      .where('id', '=', s.id(key))
      .executeTakeFirstOrThrow();
  const patch = (key: string, body: unknown, token = jane, ws = 'acme') =>
    s.req('PATCH', `/api/ws/${ws}/settings/agents/${s.id(key)}`, { token, body });

  it('sets, changes and clears the username; a change forgets the linked user id', async () => {
    expect((await agentRow('acme/agent:john')).connect_user_id).not.toBeNull();
    const moved = await patch('acme/agent:john', { connectUsername: 'ana' });
    expect(moved.status).toBe(200);
    expect(moved.body.agent.connectUsername).toBe('ana');
    expect(await agentRow('acme/agent:john')).toEqual({
      connect_username: 'ana',
      connect_user_id: null,
    });
    const cleared = await patch('acme/agent:john', { connectUsername: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.agent.connectUsername).toBeNull();
    const back = await patch('acme/agent:john', { connectUsername: 'john' });
    expect(back.body.agent.connectUsername).toBe('john');
  });

  it('an unknown username answers 422 with a clear message and changes nothing', async () => {
    const res = await patch('acme/agent:sam', { connectUsername: 'nobody-here' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: 'unknown_connect_user',
      message: SETTINGS_MESSAGES.unknownConnectUser('nobody-here'),
    });
    expect((await agentRow('acme/agent:sam')).connect_username).toBeNull();
    expect((await patch('acme/agent:sam', { connectUsername: 'x'.repeat(101) })).status).toBe(400);
  });

  it('only admins change it; another workspace answers 404', async () => {
    await patch('acme/agent:ana', { permits: { flag_permissions: true } });
    const ana = await s.login('ana@acme.test');
    const res = await patch('acme/agent:sam', { connectUsername: 'john' }, ana);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SETTINGS_MESSAGES.connectUsernameNeedsAdmin);
    const gary = await s.login('gary@globex.test');
    expect(
      (await patch('acme/agent:sam', { connectUsername: 'john' }, gary, 'globex')).status,
    ).toBe(404);
  });
});
