// The voice add-on API against the real contact-centre emulator:
// calls placed and taken there reach the server as contact events (webhook), the app's calls
// record them too, and only calls the contact centre confirms as the caller's; on PGlite and
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  agentsStatusResponseSchema,
  connectionResponseSchema,
  historyResponseSchema,
  liveCallsResponseSchema,
  queuesResponseSchema,
  startConversationResponseSchema,
  transfersResponseSchema,
  voiceConfigResponseSchema,
} from '../src/contract/voice';
import { messageListResponseSchema } from '../src/contract/inbox';
import { ConnectClient } from '@aws-sdk/client-connect';
import { ContactCentre } from '../src/integrations/contact-centre';
import { eventually, startContactCentre, type TestContactCentre } from './contact-centre';
import { createTestServer, dbKinds, type TestServer } from './harness';

const V = '/api/ws/acme/addons/voice';

describe.each(dbKinds())('voice API on %s', (kind) => {
  let cc: TestContactCentre;
  let s: TestServer;
  let jane: string;
  let john: string;
  let ana: string;
  let sam: string;
  let gary: string;

  beforeAll(async () => {
    cc = await startContactCentre();
    s = await createTestServer(kind, { connectEndpoint: cc.url, env: cc.serverEnv, listen: true });
    [jane, john, ana, sam, gary] = (await Promise.all(
      [
        'jane@acme.test',
        'john@acme.test',
        'ana@acme.test',
        'sam@both.test',
        'gary@globex.test',
      ].map((e) => s.login(e)),
    )) as [string, string, string, string, string];
  });
  afterAll(async () => {
    await s?.close();
    await cc?.close();
  });

  const start = (token: string, call: Record<string, unknown>) =>
    s.req('POST', `${V}/conversation`, { token, body: { call } });
  const accept = (token: string, call: Record<string, unknown>) =>
    s.req('POST', `${V}/acceptCall`, { token, body: { call } });
  /** An agent calls a customer through the emulator (ringing); answers the real contact id. */
  const dialOut = (username: string, phone: string) => {
    cc.setState(username, 'Available');
    return cc.callOut(username, phone);
  };
  /** The customer hangs up and the agent clears the call (the agent is free for the next). */
  const endCall = (username: string, contactId: string) => {
    cc.hangUp(contactId);
    cc.clear(username, contactId);
    cc.setState(username, 'Offline');
  };
  /** An outbound call of `username`, over at once; the app reports it with `report`. */
  const outboundCall = async <T>(
    username: string,
    phone: string,
    report: (idCommunication: string) => Promise<T>,
  ): Promise<{ id: string; result: T }> => {
    const id = dialOut(username, phone);
    try {
      return { id, result: await report(id) };
    } finally {
      endCall(username, id);
    }
  };
  const outbound = (phone: string, idCommunication: string) => ({
    contactPhoneNumber: phone,
    idCommunication,
    communicationType: 'outbound',
  });
  const countRows = async (table: 'connections' | 'conversations' | 'contacts') =>
    Number(
      (
        await s.services.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** The contact-event webhook, registered for the tests of calls the contact centre reports. */
  let webhook: string | undefined;
  /** A call jane made, recorded by the app (outbound). */
  let janesCall = '';
  const history = (token: string, body: unknown, lastId?: string) =>
    s.req('PATCH', `${V}/history${lastId ? `?lastId=${encodeURIComponent(lastId)}` : ''}`, {
      token,
      body,
    });
  const connection = async (id: string) => {
    const res = await s.req('GET', `${V}/connections/${encodeURIComponent(id)}`, { token: jane });
    return res.status === 200 ? connectionResponseSchema.parse(res.body).connection : undefined;
  };

  it('answers the voice configuration (§1) to every member: instance, panel and sign-on URLs', async () => {
    const config = voiceConfigResponseSchema.parse(
      (await s.req('GET', `${V}/config`, { token: jane })).body,
    ).config;
    expect(config).toEqual({
      planVoice: true,
      isVoiceModuleEnabled: true,
      connect: {
        instanceStatus: 'CREATED',
        instanceId: '11111111-2222-3333-4444-555555555555',
        subdomain: 'demo',
        region: 'us-east-1',
      },
      ccpUrl: `${cc.url}/connect/ccp-v2/`,
      loginUrl: expect.stringMatching(
        new RegExp(`^${cc.url.replace(/\./g, '\\.')}/login\\?username=jane&ticket=`),
      ),
      agentUsername: 'jane',
    });
    // The app's page is another site than the emulator's: the link signs jane in from there,
    // once (a plain /login?username= link would only show the form).
    const crossSite = { 'sec-fetch-site': 'cross-site' };
    const signOn = await fetch(config.loginUrl, { headers: crossSite, redirect: 'manual' });
    expect(signOn.status).toBe(200);
    expect(signOn.headers.get('set-cookie')).toMatch(/^connect-emulator-session=/);
    expect(await signOn.text()).toContain('Signed in as Jane Doe');
    const again = await fetch(config.loginUrl, { headers: crossSite, redirect: 'manual' });
    expect(again.status).toBe(403);
    expect(again.headers.get('set-cookie')).toBeNull();
    const next = voiceConfigResponseSchema.parse(
      (await s.req('GET', `${V}/config`, { token: jane })).body,
    ).config;
    expect(next.loginUrl).not.toBe(config.loginUrl);
    const samConfig = (await s.req('GET', `${V}/config`, { token: sam })).body.config;
    expect(samConfig.agentUsername).toBeNull();
    const globex = (await s.req('GET', '/api/ws/globex/addons/voice/config', { token: gary })).body
      .config;
    expect(globex.connect.instanceStatus).toBe('CREATION_IN_PROGRESS');
  });

  it('links an agent the server could not link at start once their app asks for the configuration', async () => {
    const agentId = s.id('acme/agent:john');
    const linkedTo = async () =>
      (
        await s.services.db
          .selectFrom('agents')
          .select('connect_user_id')
          .where('id', '=', agentId)
          .executeTakeFirstOrThrow()
      ).connect_user_id;
    const userId = await linkedTo();
    expect(userId).toBeTruthy();
    await s.services.db
      .updateTable('agents')
      .set({ connect_user_id: null })
      .where('id', '=', agentId)
      .execute();
    expect((await s.req('GET', `${V}/config`, { token: john })).status).toBe(200);
    await eventually(async () => (await linkedTo()) === userId, 'john linked again');
  });

  it("gates the add-on: without planVoice 403, an instance not CREATED 409 'Voice instance is not created'", async () => {
    const res = await s.req('PATCH', '/api/ws/globex/addons/voice/history', {
      token: gary,
      body: { searchType: 'all', searchText: '' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'voice_instance_not_created',
      message: 'Voice instance is not created',
    });
    const wsId = s.id('ws:acme');
    await s.services.db
      .updateTable('workspaces')
      .set({ plan_voice: false })
      .where('id', '=', wsId)
      .execute();
    try {
      const off = await history(jane, { searchType: 'all', searchText: '' });
      expect(off.status).toBe(403);
      expect(off.body.error).toBe('voice_plan_required');
      expect((await s.req('GET', `${V}/config`, { token: jane })).body.config.planVoice).toBe(
        false,
      );
    } finally {
      await s.services.db
        .updateTable('workspaces')
        .set({ plan_voice: true })
        .where('id', '=', wsId)
        .execute();
    }
    // another workspace's voice routes are unreachable
    expect((await s.req('GET', '/api/ws/globex/addons/voice/config', { token: jane })).status).toBe(
      404,
    );
  });

  it('starts the conversation of a call: finds or creates the contact by phone, one open conversation per contact, idempotent per communication', async () => {
    const phone = '+15555550160';
    const { id: out1, result: first } = await outboundCall('jane', phone, async (id) => {
      const first = startConversationResponseSchema.parse(
        (await start(jane, outbound(phone, id))).body,
      ).conversation;
      expect(first.contact).toMatchObject({ name: 'visitor-5550160', phone });
      const again = (await start(jane, outbound(phone, id))).body.conversation;
      expect(again).toEqual(first);
      return first;
    });
    janesCall = out1;
    const { result: second } = await outboundCall(
      'jane',
      phone,
      async (id) => (await start(jane, outbound(phone, id))).body.conversation,
    );
    expect(second.id).toBe(first.id);
    const { result: maria } = await outboundCall(
      'jane',
      '+15555550101',
      async (id) => (await start(jane, outbound('+15555550101', id))).body.conversation,
    );
    expect(maria.contact).toMatchObject({ id: s.id('acme/contact:maria'), name: 'Maria Garcia' });
    // The new conversation is the caller's (the call UI links to it).
    const conv = await s.req('GET', `/api/ws/acme/inbox/conversations/${first.id}`, {
      token: jane,
    });
    expect(conv.body.conversation).toMatchObject({
      channel: 'voice',
      subject: 'Call to +1 555 555 0160',
      assignee: { name: 'Jane Doe' },
    });
    expect(await connection(out1)).toMatchObject({
      idCommunication: out1,
      idConversation: first.id,
      communicationType: 'outbound',
      previousIdCommunication: null,
      contactPhoneNumber: phone,
      answered: false,
    });
    expect((await s.req('GET', `${V}/connections/nope`, { token: jane })).status).toBe(404);
  });

  it('records only calls the contact centre confirms as the caller’s: an invented id, another agent’s call and a member without a contact-centre agent are refused and write nothing', async () => {
    const before = await Promise.all([countRows('connections'), countRows('conversations')]);
    const invented = outbound('+15555550163', 'invented-call-1');
    for (const route of [start, accept]) {
      const res = await route(jane, invented);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        error: 'call_not_found',
        message: 'The contact centre has no such call.',
      });
    }
    // a contact id of another instance's shape, or one the contact centre refuses as malformed
    expect((await start(jane, outbound('+15555550163', 'x'.repeat(200)))).status).toBe(404);
    const monitorInvented = await s.req('POST', `${V}/monitorCall`, {
      token: ana,
      body: { idCommunication: 'invented-leg', previousIdCommunication: 'invented-call-1' },
    });
    expect(monitorInvented.status).toBe(404);
    expect(monitorInvented.body.error).toBe('call_not_found');
    const joinInvented = await s.req('POST', `${V}/live-call`, {
      token: ana,
      body: { call: { idCommunication: 'invented-call-1' } },
    });
    expect(joinInvented.status).toBe(404);
    expect(joinInvented.body.error).toBe('call_not_found');

    // john's real call: jane may not record it as hers, sam (no contact-centre agent) not at all
    await outboundCall('john', '+15555550164', async (id) => {
      for (const route of [start, accept]) {
        const res = await route(jane, outbound('+15555550164', id));
        expect(res.status).toBe(403);
        expect(res.body).toEqual({
          error: 'call_not_yours',
          message: 'That call is not yours: the contact centre gives it to another agent.',
        });
        const samRes = await route(sam, outbound('+15555550164', id));
        expect(samRes.status).toBe(403);
        expect(samRes.body).toEqual({
          error: 'no_voice_agent',
          message: 'You have no contact-centre agent. Link your user to one to take calls.',
        });
      }
    });
    expect(await Promise.all([countRows('connections'), countRows('conversations')])).toEqual(
      before,
    );
  });

  it('records a call once per contact id however often the app reports it, with the contact centre’s customer number', async () => {
    const before = await Promise.all([countRows('connections'), countRows('conversations')]);
    await outboundCall('jane', '+15555550165', async (id) => {
      // the app names another number: the contact centre's wins
      const first = await start(jane, outbound('+15555550101', id));
      expect(first.status).toBe(200);
      expect(first.body.conversation.contact.phone).toBe('+15555550165');
      const [a, b] = await Promise.all([
        start(jane, outbound('+15555550165', id)),
        accept(jane, outbound('+15555550165', id)),
      ]);
      expect(a.body.conversation).toEqual(first.body.conversation);
      expect(b.body.connection).toMatchObject({
        idCommunication: id,
        idConversation: first.body.conversation.id,
        answered: true,
      });
      expect(
        (await accept(jane, outbound('+15555550165', id))).body.connection.idConversation,
      ).toBe(first.body.conversation.id);
    });
    expect(await Promise.all([countRows('connections'), countRows('conversations')])).toEqual([
      before[0] + 1,
      before[1] + 1,
    ]);
  });

  it("refuses a number without + ('Phone number is not valid.') and writes nothing", async () => {
    const count = () =>
      s.services.db
        .selectFrom('contacts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
    const before = await count();
    const res = await start(jane, {
      contactPhoneNumber: '5555550161',
      idCommunication: 'app-bad-1',
      communicationType: 'outbound',
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: 'body.call.contactPhoneNumber', message: 'Phone number is not valid.' },
    ]);
    expect(await count()).toEqual(before);
    expect(await connection('app-bad-1')).toBeUndefined();
  });

  it('finds a contact by phone number (404 when none has it)', async () => {
    const res = await s.req('GET', `${V}/contacts/${encodeURIComponent('+15555550101')}`, {
      token: john,
    });
    expect(res.body).toEqual({
      contact: {
        id: s.id('acme/contact:maria'),
        name: 'Maria Garcia',
        phone: '+15555550101',
        avatar: null,
      },
    });
    expect((await s.req('GET', `${V}/contacts/%2B19999999999`, { token: john })).status).toBe(404);
    // globex's contact is not acme's
    expect((await s.req('GET', `${V}/contacts/%2B15555550201`, { token: jane })).status).toBe(404);
  });

  it('an inbound call through the contact centre: ringing, answered, monitored, over; its conversation gets the call part with recording and transcript', async () => {
    webhook = await cc.addWebhook(s.webhookUrl!);
    cc.setState('jane', 'Available');
    cc.setState('ana', 'Available');
    cc.setState('ana', 'Away');
    const contactId = cc.dialIn('+15555550170');
    // INITIATED reaches the server: the conversation is started from the contact events.
    const ringing = await eventually(
      async () =>
        (await connection(contactId))?.idConversation ? connection(contactId) : undefined,
      'the inbound call to be recorded from its contact events',
    );
    expect(ringing).toMatchObject({
      communicationType: 'inbound',
      contactPhoneNumber: '+15555550170',
      answered: false,
    });

    const status = agentsStatusResponseSchema.parse(
      (await s.req('GET', `${V}/agents/status`, { token: jane })).body,
    ).list;
    const janeRow = status.find((r) => r.agent.name === 'Jane Doe')!;
    expect(janeRow).toMatchObject({
      status: { name: 'Available' },
      team: { name: 'Support', emoji: '🎧' },
      connections: [{ agentContactState: 'CONNECTING', idCommunication: contactId }],
    });
    expect(status.find((r) => r.agent.name === 'John Roe')).toMatchObject({
      status: { name: 'Offline' },
      connections: [],
    });
    expect(status.find((r) => r.agent.name === 'Sam Lee')?.team).toBeNull();

    const live = liveCallsResponseSchema.parse(
      (await s.req('GET', `${V}/live-calls`, { token: ana })).body,
    ).list;
    expect(live).toEqual([
      {
        connection: {
          type: 'inbound',
          timestamp: expect.any(String),
          agentContactState: 'CONNECTING',
          idCommunication: contactId,
        },
        contact: { name: 'visitor-5550170' },
        agent: { name: 'Jane Doe', email: 'jane@acme.test', avatarURL: null },
      },
    ]);
    expect((await s.req('GET', `${V}/live-calls`, { token: john })).status).toBe(403);

    cc.accept('jane', contactId);
    const accepted = await s.req('POST', `${V}/acceptCall`, {
      token: jane,
      body: {
        call: {
          contactPhoneNumber: '+15555550170',
          idCommunication: contactId,
          communicationType: 'inbound',
        },
      },
    });
    expect(accepted.body.connection).toMatchObject({
      idCommunication: contactId,
      idConversation: ringing.idConversation,
      answered: true,
    });
    expect(
      (await s.req('GET', `${V}/live-calls`, { token: ana })).body.list[0].connection
        .agentContactState,
    ).toBe('CONNECTED');

    // Monitoring: john lacks the permit; ana (supervisor) joins and gets a monitoring leg.
    const join = { call: { idCommunication: contactId } };
    expect((await s.req('POST', `${V}/live-call`, { token: john, body: join })).status).toBe(403);
    expect(
      (
        await s.req('POST', `${V}/monitorCall`, {
          token: john,
          body: { idCommunication: 'x', previousIdCommunication: contactId },
        })
      ).status,
    ).toBe(403);
    const joined = await s.req('POST', `${V}/live-call`, { token: ana, body: join });
    expect(joined.body).toEqual({ ok: true });
    const anaLeg = cc.emulator.centre.contacts
      .get(contactId)!
      .connections.find((x) => x.type === 'monitoring');
    expect(anaLeg).toBeDefined();
    // The emulator's monitoring leg keeps the contact's id: the call's own record answers.
    const same = await s.req('POST', `${V}/monitorCall`, {
      token: ana,
      body: { idCommunication: contactId, previousIdCommunication: contactId },
    });
    expect(same.body.connection).toMatchObject({
      idCommunication: contactId,
      communicationType: 'inbound',
      previousIdCommunication: null,
    });
    // Amazon Connect gives the monitoring contact its own id: recorded as a monitor leg of the call.
    const monitored = await s.req('POST', `${V}/monitorCall`, {
      token: ana,
      body: { idCommunication: `${contactId}-monitor`, previousIdCommunication: contactId },
    });
    expect(monitored.body.connection).toMatchObject({
      communicationType: 'monitor',
      previousIdCommunication: contactId,
      idConversation: ringing.idConversation,
    });
    // a call is never turned into a monitoring leg
    expect(
      (
        await s.req('POST', `${V}/monitorCall`, {
          token: ana,
          body: { idCommunication: janesCall, previousIdCommunication: contactId },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await s.req('POST', `${V}/monitorCall`, {
          token: ana,
          body: { idCommunication: 'm-2', previousIdCommunication: 'unknown' },
        })
      ).status,
    ).toBe(404);
    // the monitoring leg is not a live call of its own, nor history
    expect((await s.req('GET', `${V}/live-calls`, { token: ana })).body.list).toHaveLength(1);

    cc.advance(8_000); // they talk for 8 s
    cc.hangUp(contactId);
    cc.clear('jane', contactId);
    const part = await eventually(async () => {
      const res = await s.req(
        'GET',
        `/api/ws/acme/inbox/conversations/${ringing.idConversation}/messages`,
        { token: jane },
      );
      return messageListResponseSchema
        .parse(res.body)
        .messages.find((m) => m.call?.idCommunication === contactId && m.call.endedAt);
    }, 'the call part');
    expect(part.body).toBe('Call from +1 555 555 0170');
    expect(part.call).toMatchObject({ answered: true, communicationType: 'inbound' });
    expect(part.call?.recordingUrl).toBe(
      `/api/ws/acme/addons/voice/recordings/${encodeURIComponent(contactId)}`,
    );

    const recording = await eventually(async () => {
      const res = await s.app.request(part.call!.recordingUrl!, {
        headers: { authorization: `Bearer ${jane}` },
      });
      if (res.status === 200) return res;
      await res.arrayBuffer();
      return undefined;
    }, 'the recording');
    expect(recording.headers.get('content-type')).toBe('audio/wav');
    const wav = Buffer.from(await recording.arrayBuffer());
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.subarray(8, 12).toString('ascii')).toBe('WAVE');
    expect(Number(recording.headers.get('content-length'))).toBe(wav.length);

    const csv = await eventually(async () => {
      const res = await s.req('GET', part.call!.transcriptUrl!, { token: jane });
      if (res.status === 200) return res;
      expect(res.body).toEqual({
        error: 'transcript_not_ready',
        message: 'Call transcript is not ready, please try again later.',
      });
      return undefined;
    }, 'the transcript');
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, ...rows] = csv.text.trim().split('\r\n');
    expect(header).toBe(
      'participantRole,participantName,beginOffsetMillis,endOffsetMillis,sentiment,content',
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.startsWith('CUSTOMER,visitor-5550170,'))).toBe(true);
    // sam has no shared inbox and no part in the call: its media are not his
    expect(
      (
        await s.app.request(part.call!.recordingUrl!, {
          headers: { authorization: `Bearer ${sam}` },
        })
      ).status,
    ).toBe(404);

    const page = historyResponseSchema.parse(
      (await history(jane, { searchType: 'inbound', searchText: '5550170' })).body,
    ).list;
    expect(page).toEqual([
      expect.objectContaining({
        idCommunication: contactId,
        communicationType: 'inbound',
        answered: true,
        contact: expect.objectContaining({ name: 'visitor-5550170', phone: '+15555550170' }),
        contactPhoneNumber: '+15555550170',
        agent: { idAgent: s.id('acme/agent:jane'), name: 'Jane Doe', avatarURL: null },
        recordingUrl: `/ws/acme/addons/voice/recordings/${encodeURIComponent(contactId)}`,
        idConversation: ringing.idConversation,
        idPart: part.id,
      }),
    ]);
    expect(page[0]!.recordingDuration).toBe(8);
    cc.setState('jane', 'Offline');
    cc.setState('ana', 'Offline');
  });

  it('a call nobody answered is missed; an outbound call is outbound; history filters by type', async () => {
    const missed = cc.dialIn('+15555550171');
    await eventually(async () => (await connection(missed))?.idConversation, 'the missed call');
    cc.hangUp(missed);
    await eventually(
      async () =>
        (await history(jane, { searchType: 'missed', searchText: '5550171' })).body.list.length ===
        1,
      'the missed call in history',
    );

    cc.setState('john', 'Available');
    const out = cc.callOut('john', '+15555550172');
    const started = await start(john, {
      contactPhoneNumber: '+15555550172',
      idCommunication: out,
      communicationType: 'outbound',
    });
    expect(started.status).toBe(200);
    cc.answer(out);
    cc.hangUp(out);
    await eventually(
      async () =>
        (await history(jane, { searchType: 'outbound', searchText: '5550172' })).body.list[0]
          ?.answered === true,
      'the answered outbound call',
    );
    cc.clear('john', out);
    cc.setState('john', 'Offline');

    const types = async (searchType: string, text: string) =>
      (await history(jane, { searchType, searchText: text })).body.list.map(
        (i: { communicationType: string; answered: boolean }) => [i.communicationType, i.answered],
      );
    expect(await types('all', '5550171')).toEqual([['inbound', false]]);
    expect(await types('inbound', '5550172')).toEqual([]);
    expect(await types('missed', '5550172')).toEqual([]);
    expect(await types('transferred', '')).toEqual([]);
    // sam (no shared inbox, no calls) sees none; john without the shared inbox sees his own
    expect((await history(sam, { searchType: 'all', searchText: '' })).body.list).toEqual([]);
    const johnId = s.id('acme/agent:john');
    const shared = (on: boolean) =>
      s.req('PATCH', `/api/ws/acme/settings/agents/${johnId}`, {
        token: jane,
        body: { permits: { flag_inbox_shared: on } },
      });
    expect((await shared(false)).status).toBe(200);
    try {
      const johns = (await history(john, { searchType: 'all', searchText: '' })).body.list;
      expect(johns.map((i: { idCommunication: string }) => i.idCommunication)).toEqual([out]);
    } finally {
      expect((await shared(true)).status).toBe(200);
    }
    const all = (await history(jane, { searchType: 'all', searchText: '' })).body.list;
    expect(all.map((i: { idCommunication: string }) => i.idCommunication)).toEqual(
      expect.arrayContaining([out, missed]),
    );
    // The next tests report calls through the app alone (no contact events racing them).
    const removed = await fetch(`${cc.url}/control/webhooks/${webhook!}`, {
      method: 'DELETE',
      headers: cc.controlHeaders,
    });
    expect(removed.ok).toBe(true);
  });

  it('pages the history by lastId, newest first, until an empty page; searchType is lowercase', async () => {
    const calls: string[] = [];
    for (let i = 0; i < 25; i++) {
      const phone = `+1555066${String(1000 + i)}`;
      const { id, result } = await outboundCall('jane', phone, (id) =>
        start(jane, outbound(phone, id)),
      );
      expect(result.status).toBe(200);
      calls.push(id);
    }
    const seen: string[] = [];
    let lastId: string | undefined;
    for (;;) {
      const res = await history(jane, { searchType: 'outbound', searchText: '+1555066' }, lastId);
      const list = historyResponseSchema.parse(res.body).list;
      if (list.length === 0) break;
      expect(list.length).toBeLessThanOrEqual(20);
      seen.push(...list.map((i) => i.idCommunication));
      lastId = list.at(-1)!.id;
    }
    expect(seen).toEqual([...calls].reverse());
    expect((await history(jane, { searchType: 'All', searchText: '' })).status).toBe(400);
    expect((await history(jane, { searchType: 'all', searchText: '' }, 'unknown-id')).status).toBe(
      400,
    );
    // the search text is literal (LIKE wildcards match themselves)
    expect((await history(jane, { searchType: 'all', searchText: '%' })).body.list).toEqual([]);
  });

  it('searches the history by contact name or phone, for a rare and for a common text alike', async () => {
    // 300 contacts named "Zeta N", one answered call each, a minute apart.
    const ws = s.id('ws:acme');
    const db = s.services.db;
    const now = Date.now();
    for (let i = 0; i < 300; i++) {
      const contact = `zeta-contact-${i}`;
      await db
        .insertInto('contacts')
        .values({
          id: contact,
          workspace_id: ws,
          name: `Zeta ${i}`,
          phone: `+1555088${String(1000 + i)}`,
          email: null,
          avatar_url: null,
          company: null,
          updated_at: new Date(),
        })
        .execute();
      await db
        .insertInto('connections')
        .values({
          id: `zeta-call-${i}`,
          workspace_id: ws,
          id_communication: `zeta-${i}`,
          communication_type: i % 3 === 0 ? 'outbound' : 'inbound',
          contact_id: contact,
          contact_phone_number: `+1555088${String(1000 + i)}`,
          answered: true,
          created_at: new Date(now - 86_400_000 - i * 60_000),
          search_text: '',
          updated_at: new Date(),
        })
        .execute();
    }
    const all = async (searchType: string, searchText: string) => {
      const seen: string[] = [];
      let lastId: string | undefined;
      for (;;) {
        const list = historyResponseSchema.parse(
          (await history(jane, { searchType, searchText }, lastId)).body,
        ).list;
        if (list.length === 0) return seen;
        seen.push(...list.map((i) => i.idCommunication));
        lastId = list.at(-1)!.id;
      }
    };
    const expected = (keep: (i: number) => boolean) =>
      Array.from({ length: 300 }, (_, i) => i)
        .filter(keep)
        .map((i) => `zeta-${i}`);
    // common: 300 contacts match (more than are read by contact)
    expect(await all('all', 'zeta')).toEqual(expected(() => true));
    expect(await all('outbound', 'ZETA')).toEqual(expected((i) => i % 3 === 0));
    // rare: "zeta 1" is Zeta 1, 10–19 and 100–199; a phone fragment names one
    expect(await all('all', 'zeta 1')).toEqual(expected((i) => String(i).startsWith('1')));
    expect(await all('all', '0881042')).toEqual(['zeta-42']);
    // short texts need no index
    expect((await all('inbound', 'ze')).length).toBe(200);
  });

  it('lists transfer targets from the quick connects: signed-in agents (not the caller) and queues, each with endpointId', async () => {
    const offline = transfersResponseSchema.parse(
      (await s.req('GET', `${V}/transfers?includePending=false`, { token: jane })).body,
    ).connections;
    expect(offline.agents).toEqual([]);
    // no team of Settings → Teams is mapped to a queue yet: no groups
    expect(offline.groups).toEqual([]);
    // the queue and external-number quick connects, the seeded 'Support line' with its number
    expect(offline.quickConnects).toHaveLength(2);
    expect(offline.quickConnects).toEqual(
      expect.arrayContaining([
        {
          id: expect.any(String),
          name: 'Sales queue',
          description: expect.any(String),
          endpointId: expect.stringMatching(/^arn:aws:connect:.*transfer-destination\//),
          type: 'queue',
          phoneNumber: null,
        },
        {
          id: expect.any(String),
          name: 'Support line',
          description: '',
          endpointId: expect.stringMatching(/^arn:aws:connect:.*transfer-destination\//),
          type: 'phoneNumber',
          phoneNumber: '+15555550199',
        },
      ]),
    );
    const pending = (await s.req('GET', `${V}/transfers?includePending=true`, { token: jane })).body
      .connections.agents;
    expect(pending).toMatchObject([{ name: 'John Roe', status: { name: 'Offline' } }]);
    cc.setState('john', 'Available');
    const agents = (await s.req('GET', `${V}/transfers?includePending=false`, { token: jane })).body
      .connections.agents;
    expect(agents).toEqual([
      {
        idAgent: s.id('acme/agent:john'),
        name: 'John Roe',
        email: 'john@acme.test',
        avatarURL: null,
        status: { name: 'Available' },
        connections: [],
        endpointId: expect.stringMatching(/^arn:aws:connect:/),
      },
    ]);
    // the caller is never a target of their own transfer
    expect((await s.req('GET', `${V}/transfers`, { token: john })).body.connections.agents).toEqual(
      [],
    );
    cc.setState('john', 'Offline');
  });

  it("Settings → Teams maps a team to one of the contact centre's queues (ListQueues); a mapped team is a transfer group through its queue's quick connect, an unmapped one is not offered", async () => {
    const S = '/api/ws/acme/settings';
    const listed = await s.req('GET', `${S}/queues`, { token: jane });
    expect(listed.status).toBe(200);
    expect(listed.body.queues.map((q: { name: string }) => q.name)).toEqual([
      'BasicQueue',
      'Sales',
    ]);
    const [basic, sales] = listed.body.queues as { id: string; name: string }[];
    // a queue the contact centre does not have is refused in the documented 400 shape
    const unknown = await s.req('POST', `${S}/teams`, {
      token: jane,
      body: { name: 'Ghost desk', queueId: 'no-such-queue' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      error: 'invalid_request',
      issues: [
        {
          path: 'body.queueId',
          message: 'Unknown queue: choose one of the contact centre’s queues.',
        },
      ],
    });
    const tooLong = await s.req('POST', `${S}/teams`, {
      token: jane,
      body: { name: 'Long desk', queueId: 'q'.repeat(257) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.issues[0].path).toBe('body.queueId');
    // only a holder of flag_permissions maps a team
    expect(
      (await s.req('POST', `${S}/teams`, { token: john, body: { name: 'Sales desk' } })).status,
    ).toBe(403);
    const created = await s.req('POST', `${S}/teams`, {
      token: jane,
      body: { name: 'Sales desk', queueId: sales!.id },
    });
    expect(created.status).toBe(201);
    expect(created.body.team).toMatchObject({ name: 'Sales desk', queueId: sales!.id });
    const unmapped = await s.req('POST', `${S}/teams`, {
      token: jane,
      body: { name: 'Back office' },
    });
    expect(unmapped.body.team.queueId).toBeNull();
    // BasicQueue has no quick connect: a team mapped to it cannot be transferred to
    const basicDesk = await s.req('POST', `${S}/teams`, {
      token: jane,
      body: { name: 'Basic desk', queueId: basic!.id },
    });
    expect(basicDesk.status).toBe(201);
    const groups = async () =>
      transfersResponseSchema.parse((await s.req('GET', `${V}/transfers`, { token: jane })).body)
        .connections.groups;
    const quickConnects = transfersResponseSchema.parse(
      (await s.req('GET', `${V}/transfers`, { token: jane })).body,
    ).connections.quickConnects;
    const salesQueue = quickConnects!.find((q) => q.name === 'Sales queue')!;
    expect(await groups()).toEqual([
      {
        id: created.body.team.id,
        name: 'Sales desk',
        description: 'Sales queue',
        endpointId: salesQueue.endpointId,
      },
    ]);
    // unmapping takes it out; the settings list shows each team's queue
    const patched = await s.req('PATCH', `${S}/teams/${created.body.team.id}`, {
      token: jane,
      body: { queueId: null },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.team.queueId).toBeNull();
    expect(await groups()).toEqual([]);
    const bad = await s.req('PATCH', `${S}/teams/${created.body.team.id}`, {
      token: jane,
      body: { queueId: 'no-such-queue' },
    });
    expect(bad.status).toBe(400);
    await s.req('PATCH', `${S}/teams/${created.body.team.id}`, {
      token: jane,
      body: { queueId: sales!.id },
    });
    const teams = (await s.req('GET', `${S}/teams`, { token: jane })).body.teams as {
      name: string;
      queueId: string | null;
    }[];
    expect(teams.find((t) => t.name === 'Sales desk')?.queueId).toBe(sales!.id);
    expect((await groups()).map((g) => g.name)).toEqual(['Sales desk']);
    for (const t of [created, unmapped, basicDesk])
      await s.req('DELETE', `${S}/teams/${t.body.team.id}`, { token: jane });
  });

  it("shares agents' live data between requests for its time to live, one GetCurrentUserData per snapshot", async () => {
    // The emulator counts the admin calls a rule matches (a rule that adds no latency).
    const rule = await fetch(`${cc.url}/control/faults`, {
      method: 'POST',
      headers: { ...cc.controlHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({
        service: 'admin',
        operation: 'GetCurrentUserData',
        action: { type: 'latency', ms: 0 },
      }),
    });
    expect(rule.status).toBe(201);
    const calls = async () =>
      (
        await cc.control<{ rules: { operation: string; matched: number }[] }>('/control/faults')
      ).rules.find((r) => r.operation === 'GetCurrentUserData')!.matched;
    const shared = new ContactCentre(
      { ...s.services.config.connect, liveDataTtlMs: 60_000 },
      s.services.log,
    );
    try {
      const ref = { instanceId: '11111111-2222-3333-4444-555555555555', region: 'us-east-1' };
      const users = (await shared.users(ref)).map((u) => u.id);
      const [a, b] = await Promise.all([
        shared.sharedUserData(ref, users),
        shared.sharedUserData(ref, users),
      ]);
      expect(a).toBe(b);
      await shared.sharedUserData(ref, [...users].reverse());
      expect(await calls()).toBe(1);
      await shared.currentUserData(ref, users);
      expect(await calls()).toBe(2);

      // Past its time to live, a snapshot is still answered while the next one is read.
      const quick = new ContactCentre(
        { ...s.services.config.connect, liveDataTtlMs: 100 },
        s.services.log,
      );
      try {
        const first = await quick.sharedUserData(ref, users);
        const readAt = Date.now();
        await eventually(() => Date.now() - readAt > 150, 'the time to live to pass');
        expect(await quick.sharedUserData(ref, users)).toBe(first);
        await eventually(async () => (await calls()) === 4, 'the next snapshot to be read');
        await eventually(
          async () => (await quick.sharedUserData(ref, users)) !== first,
          'the next snapshot to be answered',
        );
      } finally {
        quick.close();
      }
    } finally {
      shared.close();
      await fetch(`${cc.url}/control/faults`, { method: 'DELETE', headers: cc.controlHeaders });
    }
  });

  it('streams the workspace changes as server-sent events', async () => {
    const res = await s.app.request('/api/ws/acme/events', {
      headers: { authorization: `Bearer ${jane}` },
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const read = async (what: RegExp) => {
      while (!what.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += value;
      }
    };
    await read(/event: ready/);
    const { result: started } = await outboundCall('jane', '+15555550180', (id) =>
      start(jane, outbound('+15555550180', id)),
    );
    await read(/event: conversation\.updated\ndata: \{[^\n]*\}/);
    expect(text).toContain(`"conversationId":"${started.body.conversation.id}"`);
    await reader.cancel();
    // John without the shared-inbox permit hears of his own calls only (looked up on delivery)
    const johnId = s.id('acme/agent:john');
    const permit = (on: boolean) =>
      s.req('PATCH', `/api/ws/acme/settings/agents/${johnId}`, {
        token: jane,
        body: { permits: { flag_inbox_shared: on } },
      });
    expect((await permit(false)).status).toBe(200);
    try {
      const johns = await s.app.request('/api/ws/acme/events', {
        headers: { authorization: `Bearer ${john}` },
      });
      const johnReader = johns.body!.pipeThrough(new TextDecoderStream()).getReader();
      let johnText = '';
      const readJohn = async (what: RegExp) => {
        while (!what.test(johnText)) {
          const { value, done } = await johnReader.read();
          if (done) throw new Error('stream ended');
          johnText += value;
        }
      };
      await readJohn(/event: ready/);
      const { id: janesId, result: janes } = await outboundCall('jane', '+15555550181', (id) =>
        start(jane, outbound('+15555550181', id)),
      );
      const { result: his } = await outboundCall('john', '+15555550182', (id) =>
        start(john, outbound('+15555550182', id)),
      );
      await readJohn(new RegExp(`"conversationId":"${his.body.conversation.id}"`));
      expect(johnText).not.toContain(janes.body.conversation.id);
      expect(johnText).not.toContain(janesId);
      await johnReader.cancel();
    } finally {
      expect((await permit(true)).status).toBe(200);
    }
    // another workspace's stream is not reachable
    const other = await s.app.request('/api/ws/globex/events', {
      headers: { authorization: `Bearer ${jane}` },
    });
    expect(other.status).toBe(404);
  });

  it('contact-event webhook: needs the key, validates the event, ignores other instances, processes each event id once', async () => {
    const path = '/api/integrations/connect/contact-events';
    const event = {
      version: '0',
      id: 'evt-test-1',
      'detail-type': 'Amazon Connect Contact Event',
      source: 'aws.connect',
      account: '123456789012',
      time: '2026-11-20T10:00:00Z',
      region: 'us-east-1',
      resources: [],
      detail: {
        eventType: 'INITIATED',
        contactId: 'evt-contact-1',
        channel: 'VOICE',
        instanceArn:
          'arn:aws:connect:us-east-1:123456789012:instance/11111111-2222-3333-4444-555555555555',
        initiationMethod: 'OUTBOUND',
        initiationTimestamp: '2026-11-20T10:00:00.000Z',
      },
    };
    expect((await s.req('POST', path, { body: event })).status).toBe(401);
    expect((await s.req('POST', `${path}?key=wrong-key-000000`, { body: event })).status).toBe(401);
    const key = `?key=test-contact-events-secret`;
    const bad = await s.req('POST', `${path}${key}`, { body: { ...event, detail: {} } });
    expect(bad.status).toBe(400);
    const other = await s.req('POST', `${path}${key}`, {
      body: {
        ...event,
        id: 'evt-test-2',
        detail: { ...event.detail, instanceArn: 'arn:aws:connect:us-east-1:1:instance/other' },
      },
    });
    expect(other.body).toEqual({ outcome: 'ignored' });
    expect((await s.req('POST', `${path}${key}`, { body: event })).body).toEqual({
      outcome: 'processed',
    });
    expect((await s.req('POST', `${path}${key}`, { body: event })).body).toEqual({
      outcome: 'duplicate',
    });
    expect(await connection('evt-contact-1')).toMatchObject({
      communicationType: 'outbound',
      createdAt: '2026-11-20T10:00:00.000Z',
    });
  });

  it("queues: each queue's calls waiting, longest wait and agents available, online and on a call from GetCurrentMetricData; the live-calls permit gates it", async () => {
    for (const u of ['jane', 'john', 'ana']) cc.setState(u, 'Offline');
    // Online but not available: counted online, not available.
    cc.setState('jane', 'Lunch');
    const queues = async () =>
      queuesResponseSchema.parse((await s.req('GET', `${V}/queues`, { token: ana })).body).list;
    const before = await queues();
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((q) => q.callsWaiting === 0 && q.queue.name !== '')).toBe(true);
    const contactId = cc.dialIn('+15555550190');
    try {
      const waiting = await eventually(async () => {
        const list = (await queues()).filter((q) => q.callsWaiting > 0);
        return list.length > 0 && list;
      }, 'the call waits in a queue');
      // The agents' figures are those of before the call (an agent an earlier journey left on a
      // call counts online and on a call): jane at Lunch is online, nobody is available.
      const agentsBefore = before.find((q) => q.queue.id === waiting[0]?.queue.id);
      expect(agentsBefore?.agentsOnline).toBeGreaterThanOrEqual(1);
      expect(waiting).toEqual([
        {
          queue: { id: expect.any(String), name: expect.any(String) },
          callsWaiting: 1,
          longestWaitSeconds: expect.any(Number),
          agentsAvailable: 0,
          agentsOnline: agentsBefore?.agentsOnline,
          agentsOnCall: agentsBefore?.agentsOnCall,
        },
      ]);
    } finally {
      cc.hangUp(contactId);
      cc.setState('jane', 'Offline');
    }
    await eventually(
      async () => (await queues()).every((q) => q.callsWaiting === 0),
      'the queue is empty once the caller hangs up',
    );
    expect((await s.req('GET', `${V}/queues`, { token: john })).status).toBe(403);
  });

  it('queues: live reloads ask the contact centre for the metrics each time, for the queue list once in 30 s', async () => {
    const send = vi.spyOn(ConnectClient.prototype, 'send');
    try {
      for (let i = 0; i < 3; i++)
        expect((await s.req('GET', `${V}/queues`, { token: ana })).status).toBe(200);
      const asked = send.mock.calls.map(([command]) => command.constructor.name);
      expect(asked.filter((n) => n === 'GetCurrentMetricDataCommand')).toHaveLength(3);
      expect(asked.filter((n) => n === 'ListQueuesCommand').length).toBeLessThanOrEqual(1);
    } finally {
      send.mockRestore();
    }
  });
});
