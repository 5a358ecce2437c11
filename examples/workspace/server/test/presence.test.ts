// Agent presence: the server follows which tabs of a member have the event stream open, and sets
// their agent Offline in the contact centre (PutUserStatus on the emulator) when the last one is
// gone: at once on the tab's pagehide beacon, after the grace period when streams just drop, on
// sign-out; never while the agent is on a call, never while another tab is open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startContactCentre, type TestContactCentre } from './contact-centre';
import { createTestServer, dbKinds, type TestServer } from './harness';

/** The grace period of these tests (the product's default is 15 s). */
const GRACE_MS = 400;

describe.each(dbKinds())('agent presence on %s', (kind) => {
  let cc: TestContactCentre;
  let s: TestServer;
  let jane: string;

  beforeAll(async () => {
    cc = await startContactCentre();
    s = await createTestServer(kind, {
      connectEndpoint: cc.url,
      env: { ...cc.serverEnv, PRESENCE_GRACE_MS: String(GRACE_MS) },
    });
    jane = await s.login('jane@acme.test');
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    await cc?.close();
  });

  const status = () => cc.emulator.centre.agentByUsername('jane')!.selected.name;

  /** Opens the workspace's event stream as a tab; answers the function that closes it. */
  async function openStream(tab: string): Promise<() => Promise<void>> {
    const res = await s.app.request('/api/ws/acme/events', {
      headers: { authorization: `Bearer ${jane}`, 'x-workspace-tab': tab },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('event: ready')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      text += value;
    }
    return () => reader.cancel();
  }

  it('two tabs open, one closes: the agent stays Available; the last closes: Offline after the grace period', async () => {
    const { presenceOf } = await import('../src/modules/live/presence');
    const outcomes: string[] = [];
    const off = presenceOf(s.services).onOutcome((_k, o) => outcomes.push(o));
    try {
      cc.setState('jane', 'Available');
      const closeA = await openStream('tab-aaaaaaaa');
      const closeB = await openStream('tab-bbbbbbbb');
      await closeA();
      // Longer than the grace period: the other tab is still open, nothing is decided.
      await new Promise((r) => setTimeout(r, GRACE_MS * 3));
      expect(outcomes).toEqual([]);
      expect(status()).toBe('Available');
      const closedAt = Date.now();
      await closeB();
      await eventually(() => status() === 'Offline', 'jane to be set Offline', 10_000);
      expect(Date.now() - closedAt).toBeGreaterThanOrEqual(GRACE_MS - 50);
      expect(outcomes).toEqual(['set-offline']);
    } finally {
      off();
    }
  });

  it('a stream back within the grace period (a reload) keeps the agent Available', async () => {
    const { presenceOf } = await import('../src/modules/live/presence');
    const outcomes: string[] = [];
    const off = presenceOf(s.services).onOutcome((_k, o) => outcomes.push(o));
    try {
      cc.setState('jane', 'Available');
      const close = await openStream('tab-reloaded');
      await close();
      const again = await openStream('tab-reloaded');
      await new Promise((r) => setTimeout(r, GRACE_MS * 3));
      expect(outcomes).toEqual([]);
      expect(status()).toBe('Available');
      await again();
      await eventually(() => status() === 'Offline', 'jane to be set Offline', 10_000);
    } finally {
      off();
    }
  });

  it('the pagehide beacon sets the agent Offline at once, unless another tab is open', async () => {
    cc.setState('jane', 'Available');
    const closeA = await openStream('tab-cccccccc');
    const closeB = await openStream('tab-dddddddd');
    const beacon = (tab: string, token = jane) =>
      s.req('POST', '/api/presence/leave', { body: { token, slug: 'acme', tab } });
    // The beacon leaves while its own tab's stream is still open.
    expect((await beacon('tab-cccccccc')).status).toBe(204);
    expect(status()).toBe('Available');
    await closeA();
    expect((await beacon('tab-dddddddd')).status).toBe(204);
    // Answered after PutUserStatus: no waiting for the grace period.
    expect(status()).toBe('Offline');
    await closeB();
    // Bad beacons: 4xx in the documented shape.
    expect((await beacon('tab-dddddddd', 'not-a-token')).status).toBe(401);
    const bad = await s.req('POST', '/api/presence/leave', { body: { token: jane, slug: 'acme' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_request');
    const elsewhere = await s.req('POST', '/api/presence/leave', {
      body: { token: jane, slug: 'no-such-workspace', tab: 'tab-dddddddd' },
    });
    expect(elsewhere.status).toBe(404);
  });

  it('an agent on a call is left alone when their last tab goes', async () => {
    const { presenceOf } = await import('../src/modules/live/presence');
    cc.setState('jane', 'Available');
    const contactId = cc.dialIn('+15555550177');
    await eventually(
      () => cc.emulator.centre.agentByUsername('jane')!.shown.name !== 'Available',
      'the call to be offered to jane',
    );
    cc.accept('jane', contactId);
    const close = await openStream('tab-eeeeeeee');
    const decided = new Promise<string>((resolve) => {
      const off = presenceOf(s.services).onOutcome((_k, o) => {
        off();
        resolve(o);
      });
    });
    await close();
    expect(await decided).toBe('on-contact');
    expect(status()).toBe('Available');
    cc.hangUp(contactId);
    cc.clear('jane', contactId);
  });

  it('sign-out sets the agent Offline', async () => {
    cc.setState('jane', 'Available');
    const token = (
      await s.req('POST', '/api/auth/login', {
        body: { email: 'jane@acme.test', password: 'demo1234' },
      })
    ).body.token as string;
    const res = await s.app.request('/api/ws/acme/events', {
      headers: { authorization: `Bearer ${token}`, 'x-workspace-tab': 'tab-ffffffff' },
    });
    const reader = res.body!.getReader();
    await reader.read();
    expect((await s.req('POST', '/api/auth/logout', { token })).status).toBe(204);
    // Set when sign-out answers (not after the grace period).
    expect(status()).toBe('Offline');
    await reader.cancel().catch(() => undefined);
  });
});
