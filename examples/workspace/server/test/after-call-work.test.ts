// After-call work: disposition codes in Settings (admin), the disposition and notes an
// agent saves on a call (on its record, and on the contact centre's contact as attributes), shown
// in the call history and its CSV; against the real emulator, on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  afterCallWorkResponseSchema,
  dispositionsResponseSchema,
  historyResponseSchema,
  voiceConfigResponseSchema,
} from '../src/contract/voice';
import { callPartResponseSchema } from '../src/contract/inbox';
import { eventually, startContactCentre, type TestContactCentre } from './contact-centre';
import { createTestServer, dbKinds, type TestServer } from './harness';

const V = '/api/ws/acme/addons/voice';
const SETTINGS = '/api/ws/acme/settings/dispositions';

describe.each(dbKinds())('after-call work on %s', (kind) => {
  let cc: TestContactCentre;
  let s: TestServer;
  let jane: string;
  let john: string;

  beforeAll(async () => {
    cc = await startContactCentre();
    s = await createTestServer(kind, {
      connectEndpoint: cc.url,
      env: cc.serverEnv,
      listen: true,
    });
    await cc.addWebhook(s.webhookUrl!);
    [jane, john] = (await Promise.all(
      ['jane@acme.test', 'john@acme.test'].map((e) => s.login(e)),
    )) as [string, string];
  });
  afterAll(async () => {
    await s?.close();
    await cc?.close();
  });

  /** A call jane made to `phone` and the app recorded, over (after-call work). */
  const janesCall = async (phone: string) => {
    cc.setState('jane', 'Available');
    const id = cc.callOut('jane', phone);
    const started = await s.req('POST', `${V}/conversation`, {
      token: jane,
      body: {
        call: { contactPhoneNumber: phone, idCommunication: id, communicationType: 'outbound' },
      },
    });
    expect(started.status).toBe(200);
    cc.answer(id);
    cc.advance(3_000);
    cc.hangUp(id);
    return id;
  };
  const save = (token: string, id: string, body: unknown) =>
    s.req('PUT', `${V}/connections/${encodeURIComponent(id)}/after-call-work`, { token, body });

  it('admins manage the disposition codes: the whole list in order, names 1–60 characters, no two alike; others get 403', async () => {
    expect((await s.req('GET', SETTINGS, { token: jane })).body).toEqual({ dispositions: [] });
    const put = await s.req('PUT', SETTINGS, {
      token: jane,
      body: { dispositions: [' Resolved ', 'Callback needed', 'Wrong number'] },
    });
    expect(put.status).toBe(200);
    expect(dispositionsResponseSchema.parse(put.body).dispositions).toEqual([
      'Resolved',
      'Callback needed',
      'Wrong number',
    ]);
    const twice = await s.req('PUT', SETTINGS, {
      token: jane,
      body: { dispositions: ['Resolved', 'resolved'] },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.issues).toEqual([
      { path: 'body.dispositions.1', message: 'Each disposition code must be different.' },
    ]);
    for (const dispositions of [
      ['x'.repeat(61)],
      [''],
      Array.from({ length: 51 }, (_, i) => `c${i}`),
    ])
      expect((await s.req('PUT', SETTINGS, { token: jane, body: { dispositions } })).status).toBe(
        400,
      );
    expect(
      (await s.req('PUT', SETTINGS, { token: jane, body: { dispositions: 'Resolved' } })).status,
    ).toBe(400);
    expect((await s.req('PUT', SETTINGS, { token: john, body: { dispositions: [] } })).status).toBe(
      403,
    );
    expect((await s.req('GET', SETTINGS, { token: john })).status).toBe(403);
    // Agents read them through the voice add-on.
    const codes = await s.req('GET', `${V}/dispositions`, { token: john });
    expect(codes.body).toEqual({ dispositions: ['Resolved', 'Callback needed', 'Wrong number'] });
  });

  it('saves the disposition and notes on the call, sends them to the contact centre as contact attributes, idempotently; history and its CSV show them', async () => {
    const id = await janesCall('+15555550177');
    const work = { disposition: 'Callback needed', notes: '=SUM(A1) call back on Monday' };
    const first = await save(jane, id, work);
    expect(first.status).toBe(200);
    const saved = afterCallWorkResponseSchema.parse(first.body).afterCallWork;
    expect(saved).toMatchObject(work);
    // The contact centre's record of the call carries them (DescribeContact).
    const config = voiceConfigResponseSchema.parse(
      (await s.req('GET', `${V}/config`, { token: jane })).body,
    ).config;
    const instance = { instanceId: config.connect.instanceId, region: config.connect.region };
    const contact = await s.services.contactCentre.describeContact(instance, id);
    expect(contact.Attributes).toMatchObject({
      disposition: 'Callback needed',
      afterCallNotes: work.notes,
    });
    // Saving the same again changes nothing (same saved time); a change moves it.
    const again = afterCallWorkResponseSchema.parse((await save(jane, id, work)).body);
    expect(again.afterCallWork.savedAt).toBe(saved.savedAt);
    cc.clear('jane', id);
    cc.setState('jane', 'Offline');

    // The contact events of the call (answered, over) reach the server: the call part is there.
    const page = await eventually(async () => {
      const list = historyResponseSchema.parse(
        (
          await s.req('PATCH', `${V}/history`, {
            token: jane,
            body: { searchType: 'all', searchText: '5550177' },
          })
        ).body,
      ).list;
      return list[0]?.idPart && list[0].recordingDuration !== null ? list : undefined;
    }, 'the call part of the call');
    expect(page[0]).toMatchObject({ idCommunication: id, afterCallWork: work });
    // The call part of the conversation timeline shows them too.
    const part = await s.req(
      'GET',
      `/api/ws/acme/inbox/conversations/${page[0]!.idConversation}/parts/${page[0]!.idPart}`,
      { token: jane },
    );
    expect(part.status).toBe(200);
    expect(callPartResponseSchema.parse(part.body).part).toMatchObject({ afterCallWork: work });

    const csv = await s.req('GET', `${V}/history/csv?searchType=outbound&searchText=5550177`, {
      token: jane,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const [header, row, ...rest] = csv.text.trim().split('\r\n');
    expect(header).toBe(
      'createdAt,type,answered,contactName,contactPhoneNumber,agent,durationSeconds,disposition,notes',
    );
    expect(rest).toEqual([]);
    // The one CSV cell rule: the formula-looking note is inert text; the number stays a number.
    expect(row).toMatch(
      /^[^,]+,outbound,yes,,\+15555550177,Jane Doe,\d+,Callback needed,'=SUM\(A1\) call back on Monday$/,
    );
  });

  it("refuses an unknown disposition (400), another agent's call (403), a call never recorded (404) and notes over 2000 characters (400), writing nothing", async () => {
    const id = await janesCall('+15555550178');
    try {
      const unknown = await save(jane, id, { disposition: 'Sold', notes: '' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.issues).toEqual([
        { path: 'body.disposition', message: 'Choose one of the disposition codes.' },
      ]);
      expect((await save(john, id, { disposition: null, notes: 'mine' })).status).toBe(403);
      expect((await save(jane, 'no-such-call', { disposition: null, notes: '' })).status).toBe(404);
      expect((await save(jane, id, { disposition: null, notes: 'x'.repeat(2001) })).status).toBe(
        400,
      );
      expect((await save(jane, id, { disposition: 'Resolved' })).status).toBe(400);
      const row = await s.services.db
        .selectFrom('connections')
        .select(['acw_disposition', 'acw_notes', 'acw_saved_at'])
        .where('id_communication', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ acw_disposition: null, acw_notes: null, acw_saved_at: null });
      // No disposition and no notes is a valid save (the agent had nothing to add).
      const none = await save(jane, id, { disposition: null, notes: '  ' });
      expect(none.body.afterCallWork).toMatchObject({ disposition: null, notes: '' });
    } finally {
      cc.clear('jane', id);
      cc.setState('jane', 'Offline');
    }
  });
});
