// Google Meet from a conversation, against the channel gateway's Google stand-in (service-account
// JWT exchange with domain-wide delegation, Calendar events.insert with conferenceDataVersion=1):
// the link is posted as a note, one meeting per idempotency key, refusals recorded on the
// integration in words an admin can act on, permits and workspaces as for writing a note.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetResponseSchema } from '../src/contract/meet';
import { startGatewayStack, type GatewayStack } from './channels-gateway';

describe('Google Meet links from a conversation (the gateway stand-in)', () => {
  let stack: GatewayStack;
  let jane: string;
  let john: string;
  let sam: string;
  let gary: string;
  const conversation = () => stack.server.id('acme/conversation:0');
  const configure = (over: Record<string, unknown> = {}) =>
    stack.server.req('PUT', '/api/ws/acme/settings/integrations/googleMeet', {
      token: jane,
      body: {
        enabled: true,
        config: {
          serviceAccountEmail: stack.gateway.info.google.serviceAccountEmail,
          delegatedUser: 'jane@acme.test',
          defaultDurationMinutes: 30,
          addLinkToConversations: true,
        },
        privateKey: stack.gateway.info.google.privateKeyPem.trim(),
        ...over,
      },
    });
  const create = (token: string, idempotencyKey: string, id = conversation(), slug = 'acme') =>
    stack.server.req('POST', `/api/ws/${slug}/conversations/${id}/meet`, {
      token,
      body: { idempotencyKey },
    });
  const events = async () =>
    (await stack.control('GET', '/google/events')).json.events as {
      query: Record<string, string>;
      request: any;
      event: { hangoutLink: string };
    }[];

  beforeAll(async () => {
    stack = await startGatewayStack('pglite', {
      env: ({ google }) => ({
        GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
        GOOGLE_CALENDAR_API_BASE_URL: google.calendarApiBaseUrl,
      }),
    });
    [jane, john, sam, gary] = (await Promise.all(
      ['jane@acme.test', 'john@acme.test', 'sam@both.test', 'gary@globex.test'].map((e) =>
        stack.server.login(e),
      ),
    )) as [string, string, string, string];
  });
  afterAll(() => stack.close());

  it('answers 409 while the integration is not set up or off', async () => {
    const none = await create(jane, 'key-not-set-up');
    expect(none.status).toBe(409);
    expect(none.body.error).toBe('integration_not_configured');
    const session = await stack.server.req('GET', '/api/ws/acme/session', { token: john });
    expect(session.body.session.app.meetLinks).toBe(false);
    expect((await configure({ enabled: false })).status).toBe(200);
    const off = await create(jane, 'key-off-000');
    expect(off.status).toBe(409);
    expect(off.body).toMatchObject({ error: 'integration_off' });
    expect(off.body.message).toMatch(/Google Meet is off/);
    expect(await events()).toHaveLength(0);
  });

  it('creates the meeting over the Calendar API and posts the link as a note', async () => {
    expect((await configure()).status).toBe(200);
    // The session tells the app to offer the action (no extra request on the inbox's load).
    const session = await stack.server.req('GET', '/api/ws/acme/session', { token: john });
    expect(session.body.session.app.meetLinks).toBe(true);
    const before = Date.now();
    const res = await create(jane, 'key-first-click');
    expect(res.status).toBe(201);
    const body = meetResponseSchema.parse(res.body);
    expect(body.meeting.url).toMatch(/^https:\/\/meet\.google\.com\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/);
    expect(body.note).toMatchObject({
      kind: 'note',
      body: `Google Meet link: ${body.meeting.url}`,
    });

    const [sent] = await events();
    expect(sent!.query).toEqual({ conferenceDataVersion: '1' });
    expect(sent!.request.conferenceData.createRequest).toMatchObject({
      conferenceSolutionKey: { type: 'hangoutsMeet' },
    });
    expect(sent!.request.conferenceData.createRequest.requestId).toMatch(/^[0-9a-f]{40}$/);
    expect(sent!.request.summary).toBe('Call with Maria Garcia');
    const start = Date.parse(sent!.request.start.dateTime);
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(sent!.request.end.dateTime) - start).toBe(30 * 60_000);

    const thread = await stack.server.req(
      'GET',
      `/api/ws/acme/inbox/conversations/${conversation()}/messages`,
      { token: jane },
    );
    const notes = thread.body.messages.filter(
      (m: { body: string }) => m.body === `Google Meet link: ${body.meeting.url}`,
    );
    expect(notes).toHaveLength(1);

    const status = await stack.server.req('GET', '/api/ws/acme/settings/integrations/googleMeet', {
      token: jane,
    });
    expect(status.body.status.lastSuccessAt).not.toBeNull();
    expect(status.body.status.lastError).toBeNull();
  });

  it('a double submit (the same key, at once and again) makes one meeting and one note', async () => {
    const count = (await events()).length;
    const [a, b] = await Promise.all([create(jane, 'key-double-1'), create(jane, 'key-double-1')]);
    const c = await create(jane, 'key-double-1');
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(b.body.meeting.url).toBe(a.body.meeting.url);
    expect(c.body.meeting.url).toBe(a.body.meeting.url);
    expect(c.body.note.id).toBe(a.body.note.id);
    const urls = new Set((await events()).slice(count).map((e) => e.event.hangoutLink));
    expect(urls.size).toBe(1);
    const thread = await stack.server.req(
      'GET',
      `/api/ws/acme/inbox/conversations/${conversation()}/messages`,
      { token: jane },
    );
    expect(
      thread.body.messages.filter((m: { body: string }) => m.body.includes(a.body.meeting.url)),
    ).toHaveLength(1);
  });

  it('with addLinkToConversations off the link is returned and no note is posted', async () => {
    const saved = await configure({
      config: {
        serviceAccountEmail: stack.gateway.info.google.serviceAccountEmail,
        delegatedUser: 'jane@acme.test',
        defaultDurationMinutes: 15,
        addLinkToConversations: false,
      },
    });
    expect(saved.status).toBe(200);
    const res = await create(jane, 'key-no-note-1');
    expect(res.status).toBe(201);
    expect(res.body.note).toBeNull();
    expect(res.body.meeting.url).toMatch(/^https:\/\/meet\.google\.com\//);
    expect((await configure()).status).toBe(200);
  });

  it('a refused token is a 409 with what to fix, recorded as the last error', async () => {
    const saved = await configure({
      config: {
        serviceAccountEmail: stack.gateway.info.google.serviceAccountEmail,
        delegatedUser: 'bob@acme.test',
        defaultDurationMinutes: 30,
        addLinkToConversations: true,
      },
    });
    expect(saved.status).toBe(200);
    const res = await create(jane, 'key-refused-1');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('integration_failed');
    expect(res.body.message).toContain('domain-wide delegation is not granted for bob@acme.test');
    const status = await stack.server.req('GET', '/api/ws/acme/settings/integrations/googleMeet', {
      token: jane,
    });
    expect(status.body.status.lastError.message).toContain('domain-wide delegation');
    const test = await stack.server.req(
      'POST',
      '/api/ws/acme/settings/integrations/googleMeet/test',
      {
        token: jane,
      },
    );
    expect(test.body).toMatchObject({ ok: false });
    expect((await configure()).status).toBe(200);
    const ok = await stack.server.req(
      'POST',
      '/api/ws/acme/settings/integrations/googleMeet/test',
      {
        token: jane,
      },
    );
    expect(ok.body).toEqual({
      ok: true,
      message: 'Connected: Google issued a token for jane@acme.test.',
    });
  });

  it("a Calendar API failure is a 409 with Google's message, not a 5xx", async () => {
    await stack.control('POST', '/google/faults', { status: 500, count: 1 });
    const res = await create(jane, 'key-fault-01');
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('HTTP 500');
  });

  it('needs what writing a note needs: a conversation the caller sees, in their workspace', async () => {
    // John (shared inbox) writes notes in any conversation; Sam sees only his own: 404.
    expect((await create(john, 'key-john-001')).status).toBe(201);
    expect((await create(sam, 'key-sam-0001')).status).toBe(404);
    // Another workspace: globex's member does not reach acme's conversation, by either slug.
    expect((await create(gary, 'key-gary-001')).status).toBe(404);
    expect((await create(gary, 'key-gary-002', conversation(), 'globex')).status).toBe(404);
    // The settings test is for admins.
    const test = await stack.server.req(
      'POST',
      '/api/ws/acme/settings/integrations/googleMeet/test',
      {
        token: john,
      },
    );
    expect(test.status).toBe(403);
    expect((await create(jane, 'bad key!')).status).toBe(400);
  });
});
