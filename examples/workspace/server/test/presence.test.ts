// Agent presence: the server follows which tabs of a member have the event stream open, and sets
// their agent Offline in the contact centre (PutUserStatus on the emulator) when the last one is
// gone: at once on the tab's pagehide beacon, after the grace period when streams just drop, on
// sign-out; never while the agent is on a call, never while another tab is open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Presence, presenceOf } from '../src/modules/live/presence';
import { SessionService } from '../src/modules/session/service';
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
    const outcomes: string[] = [];
    const off = presenceOf(s.services).onOutcome((_k, o) => outcomes.push(o));
    const heard: string[] = [];
    const offBus = s.services.bus.subscribeAll((e) => {
      if (e.type === 'agent.updated') heard.push(e.id);
    });
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
      // Agent lists hear of it at once.
      await eventually(
        () => heard.includes(s.id('acme/agent:jane')),
        "agent.updated for jane's agent",
      );
    } finally {
      off();
      offBus();
    }
  });

  it('a stream back within the grace period (a reload) keeps the agent Available', async () => {
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

  /** The acme workspace's id (agent events name their workspace by id). */
  const acmeId = async () =>
    (
      await s.services.db
        .selectFrom('workspaces')
        .select('id')
        .where('slug', '=', 'acme')
        .executeTakeFirstOrThrow()
    ).id;

  it('a status set after the last tab went (another app, a supervisor) is kept: the pending Offline is dropped', async () => {
    const outcomes: string[] = [];
    const presence = presenceOf(s.services);
    const off = presence.onOutcome((_k, o) => outcomes.push(o));
    const workspaceId = await acmeId();
    try {
      cc.setState('jane', 'Available');
      const close = await openStream('tab-changed-after');
      await close();
      // The agent event stream tells of a change made elsewhere, within the grace period.
      cc.setState('jane', 'Lunch');
      presence.statusChanged(workspaceId, s.id('acme/agent:jane'));
      await eventually(() => outcomes.length > 0, 'the grace period to end', 10_000);
      expect(outcomes).toEqual(['status-changed']);
      expect(status()).toBe('Lunch');
    } finally {
      off();
      cc.setState('jane', 'Offline');
    }
  });

  it('a record of a status set while the tab was open, delivered after it went, keeps nothing: the agent is set Offline', async () => {
    const outcomes: string[] = [];
    const presence = presenceOf(s.services);
    const off = presence.onOutcome((_k, o) => outcomes.push(o));
    const workspaceId = await acmeId();
    try {
      const setAt = Date.now() - 5_000;
      cc.setState('jane', 'Available');
      const close = await openStream('tab-late-record');
      await close();
      // The agent event of the Available set 5 s ago arrives only now (a lagging event stream).
      presence.statusChanged(workspaceId, s.id('acme/agent:jane'), setAt);
      await eventually(() => outcomes.length > 0, 'the grace period to end', 10_000);
      expect(outcomes).toEqual(['set-offline']);
      expect(status()).toBe('Offline');
    } finally {
      off();
      cc.setState('jane', 'Offline');
    }
  });

  it('the pagehide beacon: Offline once no page of the member is left, not on a reload, not with another tab open', async () => {
    // A presence of its own with a grace period too long to matter: only the beacon decides.
    const p = new Presence(s.services.contactCentre, s.services.log, s.services.bus, 60_000, 150);
    const sessions = new SessionService(s.services);
    const access = await sessions.access('acme', (await sessions.authenticate(jane)).userId);
    try {
      cc.setState('jane', 'Available');
      const closeA = p.streamOpened(access, 'tab-aaaaaaaa');
      const closeB = p.streamOpened(access, 'tab-bbbbbbbb');
      // The beacon leaves while its own page's stream is still open.
      expect(await p.tabLeaving(access, 'tab-aaaaaaaa')).toBe('still-open');
      closeA();
      // A reload: the page's streams end and the new page opens its own within the check.
      const reloading = p.tabLeaving(access, 'tab-bbbbbbbb');
      closeB();
      const closeC = p.streamOpened(access, 'tab-cccccccc');
      expect(await reloading).toBe('still-open');
      expect(status()).toBe('Available');
      // The last tab closes for good.
      const leaving = p.tabLeaving(access, 'tab-cccccccc');
      closeC();
      expect(await leaving).toBe('set-offline');
      expect(status()).toBe('Offline');
    } finally {
      p.close();
    }
  });

  it("a page back while the decision reads the agent's live data keeps them Available", async () => {
    const real = s.services.contactCentre;
    let closeB: (() => void) | undefined;
    // The contact centre as the server has it, but a page of Jane's opens its stream while her
    // live data is on its way.
    const racing = Object.create(real) as typeof real;
    racing.currentUserData = (ref, userIds) => {
      closeB ??= p.streamOpened(access, 'tab-bbbbbbbb');
      return real.currentUserData(ref, userIds);
    };
    const p = new Presence(racing, s.services.log, s.services.bus, 60_000, 150);
    const sessions = new SessionService(s.services);
    const access = await sessions.access('acme', (await sessions.authenticate(jane)).userId);
    try {
      cc.setState('jane', 'Available');
      const closeA = p.streamOpened(access, 'tab-aaaaaaaa');
      const leaving = p.tabLeaving(access, 'tab-aaaaaaaa');
      closeA();
      expect(await leaving).toBe('still-open');
      expect(closeB).toBeDefined();
      expect(status()).toBe('Available');
    } finally {
      closeB?.();
      p.close();
    }
  });

  it('the beacon route takes the token in its body; bad beacons get 4xx in the documented shape', async () => {
    const beacon = (body: unknown) => s.req('POST', '/api/presence/leave', { body });
    expect((await beacon({ token: jane, slug: 'acme', tab: 'tab-dddddddd' })).status).toBe(204);
    const unknown = await beacon({ token: 'not-a-token', slug: 'acme', tab: 'tab-dddddddd' });
    expect(unknown.status).toBe(401);
    const bad = await beacon({ token: jane, slug: 'acme' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_request');
    expect((await beacon({ token: jane, slug: 'acme', tab: '../x' })).status).toBe(400);
    const elsewhere = await beacon({ token: jane, slug: 'no-such-workspace', tab: 'tab-dddddddd' });
    expect(elsewhere.status).toBe(404);
  });

  it('an agent on a call is left alone when their last tab goes', async () => {
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
