// The customer-satisfaction survey over the real wire, against the local channel gateway: closing a
// conversation sends the survey through its channel's outbox (SMS "reply 1–5", WhatsApp free text
// in the 24-hour window and the approved template outside it, email links to the survey page, a
// card in the web-chat widget); the answer (a number replied by SMS, the page's POST, the widget
// card) is recorded once, does not reopen the conversation, and the settings card counts it.
// Out-of-range numbers are ordinary messages; a switched-off survey sends nothing; unknown and
// expired tokens answer 404 and 410 in the API's error shape. On PGlite and PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type Gateway } from '../../gateway/src/gateway';
import { CONTROL_TOKEN_HEADER } from '../../gateway/src/constants';
import { twilioSignature } from '../../gateway/src/signature';
import type { InboundEmailServer } from '../src/integrations/channels/email/inbound';
import { CSAT_MESSAGES } from '../src/modules/csat/messages';
import { startInboundEmail } from '../src/modules/conversations-intake/email';
import { OutboxWorker } from '../src/modules/outbox/worker';
import { WHATSAPP_VERIFY_TOKEN } from './channels-gateway';
import { createTestServer, dbKinds, type TestServer } from './harness';

const QUESTION = 'How would you rate the help you received?';

describe.each(dbKinds())('the satisfaction survey on %s', (kind) => {
  let gateway: Gateway;
  let s: TestServer;
  let inbound: { server: InboundEmailServer; address: string };
  let jane: string;
  let acme: string;
  beforeAll(async () => {
    gateway = await startGateway({ statusStepMs: 5, log: () => {} });
    const { info } = gateway;
    s = await createTestServer(kind, {
      listen: true,
      env: {
        TWILIO_API_BASE_URL: info.twilio.apiBaseUrl,
        TWILIO_ACCOUNT_SID: info.twilio.accountSid,
        TWILIO_AUTH_TOKEN: info.twilio.authToken,
        WHATSAPP_API_BASE_URL: info.whatsapp.apiBaseUrl,
        WHATSAPP_ACCESS_TOKEN: info.whatsapp.accessToken,
        WHATSAPP_APP_SECRET: info.whatsapp.appSecret,
        WHATSAPP_VERIFY_TOKEN,
        WHATSAPP_BUSINESS_ACCOUNT_ID: info.whatsapp.businessAccountId,
        SMTP_URL: info.smtp.relayUrl,
      },
    });
    inbound = await startInboundEmail(s.services, { host: '127.0.0.1', port: 0 });
    const registered = await control('POST', '/webhooks', {
      twilio: { smsUrl: `${s.url}/api/channels/twilio/inbound` },
      whatsapp: {
        callbackUrl: `${s.url}/api/channels/whatsapp/webhook`,
        verifyToken: WHATSAPP_VERIFY_TOKEN,
      },
      smtp: { inbound: inbound.address },
    });
    expect(registered.status).toBe(200);
    jane = await s.login('jane@acme.test');
    acme = s.id('ws:acme');
  }, 240_000);
  afterAll(async () => {
    await inbound?.server.close();
    await s?.close();
    await gateway?.close();
  });

  async function control(method: string, path: string, body?: unknown) {
    const res = await fetch(`${gateway.url}/control${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        [CONTROL_TOKEN_HEADER]: gateway.info.controlToken,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  }
  /** Resolves when `check` answers a value: now, and after each live event of the workspace. */
  async function until<T>(check: () => Promise<T | null | undefined | false>): Promise<T> {
    let off = () => {};
    try {
      return await new Promise<T>((resolve, reject) => {
        let running = false;
        let again = false;
        const run = () => {
          if (running) return void (again = true);
          running = true;
          check().then((value) => {
            running = false;
            if (value) resolve(value);
            else if (again) {
              again = false;
              run();
            }
          }, reject);
        };
        off = s.services.bus.subscribe(acme, () => run());
        run();
      });
    } finally {
      off();
    }
  }
  const drain = () =>
    new OutboxWorker(s.services, s.services.channels, s.services.log, {
      backoffBaseMs: 0,
      backoffMaxMs: 0,
    }).drain();
  const find = async (q: string) =>
    (
      await s.req(
        'GET',
        `/api/ws/acme/inbox/conversations?folder=all&status=any&q=${encodeURIComponent(q)}`,
        { token: jane },
      )
    ).body.conversations as { id: string; channel: string; status: string }[];
  const conversation = async (id: string) =>
    (await s.req('GET', `/api/ws/acme/inbox/conversations/${id}`, { token: jane })).body
      .conversation as { id: string; status: string };
  const messagesOf = async (id: string) =>
    (await s.req('GET', `/api/ws/acme/inbox/conversations/${id}/messages`, { token: jane })).body
      .messages as {
      id: string;
      kind: string;
      body: string;
      direction: string | null;
      delivery: { status: string } | null;
    }[];
  const close = async (id: string) => {
    const res = await s.req('PATCH', `/api/ws/acme/inbox/conversations/${id}`, {
      token: jane,
      body: { status: 'closed' },
    });
    expect(res.status).toBe(200);
  };
  const surveyOf = async (id: string) => {
    const res = await s.req('GET', `/api/ws/acme/inbox/conversations/${id}/survey`, {
      token: jane,
    });
    expect(res.status).toBe(200);
    return res.body.survey as {
      id: string;
      scale: number;
      score: number | null;
      delivery: string | null;
    } | null;
  };
  const summary = async () =>
    (await s.req('GET', '/api/ws/acme/settings/customer-satisfaction', { token: jane })).body
      .summary as {
      responses: number;
      demoResponses: number;
      surveysSent: number;
      responseRate: number | null;
      distribution: { score: number; count: number }[];
    };
  const setSurvey = async (enabled: boolean) => {
    const res = await s.req('PUT', '/api/ws/acme/settings/customer-satisfaction', {
      token: jane,
      body: { enabled, question: QUESTION, scale: 5 },
    });
    expect(res.status).toBe(200);
  };
  const gatewayMessages = async (channel: string, address: string) =>
    (await control('GET', `/messages?channel=${channel}&address=${encodeURIComponent(address)}`))
      .json.messages as {
      direction: string;
      text: string;
      status: string;
      template?: string;
    }[];
  const sms = async (from: string, body: string) => {
    const sent = await control('POST', '/sms', { from, to: '+15555550100', body });
    expect(sent.json.webhookStatus).toBe(200);
  };
  /** Posts a signed Twilio inbound webhook, as Twilio would (and again, for a replay). */
  const postSms = (sid: string, from: string, body: string) => {
    const url = `${s.url}/api/channels/twilio/inbound`;
    const params = {
      MessageSid: sid,
      SmsSid: sid,
      AccountSid: gateway.info.twilio.accountSid,
      From: from,
      To: '+15555550100',
      Body: body,
      NumMedia: '0',
      NumSegments: '1',
      ApiVersion: '2010-04-01',
    };
    return fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(gateway.info.twilio.authToken, url, params),
      },
      body: new URLSearchParams(params).toString(),
    });
  };
  const responsesOfSurvey = async (surveyId: string) =>
    (
      await sql<{
        score: number;
      }>`SELECT score FROM csat_responses WHERE survey_id = ${surveyId}`.execute(s.services.db)
    ).rows;

  it('a switched-off survey sends nothing when a conversation closes', async () => {
    await setSurvey(false);
    const customer = '+447700900201';
    await sms(customer, 'Off survey question');
    const [c] = await find('Off survey question');
    await close(c!.id);
    await drain();
    expect(await surveyOf(c!.id)).toBeNull();
    expect(
      (await gatewayMessages('sms', customer)).filter((m) => m.direction === 'outbound'),
    ).toEqual([]);
    await setSurvey(true);
  });

  it('SMS: closing sends "reply 1–5" through the outbox; the reply "5" is recorded, counted, and does not reopen', async () => {
    const before = await summary();
    const customer = '+447700900202';
    await sms(customer, 'Where is my order 202?');
    const [c] = await find('Where is my order 202?');
    await close(c!.id);
    const survey = await surveyOf(c!.id);
    expect(survey).toMatchObject({ scale: 5, score: null, delivery: 'queued' });
    await drain();
    const out = (await gatewayMessages('sms', customer)).filter((m) => m.direction === 'outbound');
    expect(out.map((m) => m.text)).toEqual([CSAT_MESSAGES.replyText(QUESTION, 5)]);
    expect(CSAT_MESSAGES.replyText(QUESTION, 5)).toBe(
      `${QUESTION}\nReply with a number from 1 to 5.`,
    );
    await until(async () => (await surveyOf(c!.id))?.delivery === 'delivered');

    await sms(customer, ' 5 ');
    expect((await conversation(c!.id)).status).toBe('closed');
    expect(await find('Where is my order 202?')).toHaveLength(1);
    const messages = await messagesOf(c!.id);
    expect(messages.filter((m) => m.direction === 'inbound').map((m) => m.body)).toEqual([
      'Where is my order 202?',
      ' 5 ',
    ]);
    expect(messages.at(-1)).toMatchObject({
      kind: 'system',
      body: CSAT_MESSAGES.answered(5, 5),
    });
    expect(await surveyOf(c!.id)).toMatchObject({ score: 5 });
    const after = await summary();
    expect(after.responses).toBe(before.responses + 1);
    expect(after.distribution.find((d) => d.score === 5)!.count).toBe(
      before.distribution.find((d) => d.score === 5)!.count + 1,
    );
    expect(after.demoResponses).toBe(before.demoResponses);
    expect(after.surveysSent).toBe(before.surveysSent + 1);

    // Reopened and closed again: surveyed once per conversation.
    await s.req('PATCH', `/api/ws/acme/inbox/conversations/${c!.id}`, {
      token: jane,
      body: { status: 'open' },
    });
    await close(c!.id);
    await drain();
    expect(
      (await gatewayMessages('sms', customer)).filter((m) => m.direction === 'outbound'),
    ).toHaveLength(1);
  });

  it('SMS: a replayed answer webhook is recorded once; an out-of-range number is an ordinary message', async () => {
    const customer = '+447700900203';
    await sms(customer, 'Replay survey 203');
    const [c] = await find('Replay survey 203');
    await close(c!.id);
    const survey = (await surveyOf(c!.id))!;
    const sid = `SM${'d'.repeat(32)}`;
    for (let i = 0; i < 2; i++) expect((await postSms(sid, customer, '4')).status).toBe(200);
    expect(await responsesOfSurvey(survey.id)).toEqual([{ score: 4 }]);
    const answers = (await messagesOf(c!.id)).filter((m) => m.body === '4');
    expect(answers).toHaveLength(1);

    await sms(customer, '9');
    expect(await responsesOfSurvey(survey.id)).toEqual([{ score: 4 }]);
    const nine = (await find('9')).find((x) => x.id !== c!.id && x.channel === 'sms');
    expect(nine).toMatchObject({ status: 'open' });
    expect((await conversation(c!.id)).status).toBe('closed');
  });

  it('WhatsApp: free text inside the 24-hour window, the approved template outside it', async () => {
    const inside = '+447700900204';
    const sent = await control('POST', '/whatsapp', {
      from: inside,
      to: '+15555550100',
      text: 'WhatsApp inside window',
      name: 'Wendy Inside',
    });
    expect(sent.status).toBe(200);
    const [a] = await until(async () => {
      const found = await find('WhatsApp inside window');
      return found.length ? found : null;
    });
    await close(a!.id);
    await drain();
    const outA = (await gatewayMessages('whatsapp', inside)).filter(
      (m) => m.direction === 'outbound',
    );
    expect(outA.map((m) => [m.text, m.template ?? null])).toEqual([
      [CSAT_MESSAGES.replyText(QUESTION, 5), null],
    ]);

    const outside = '+447700900205';
    await control('POST', '/whatsapp', {
      from: outside,
      to: '+15555550100',
      text: 'WhatsApp outside window',
      name: 'Otto Outside',
    });
    const [b] = await until(async () => {
      const found = await find('WhatsApp outside window');
      return found.length ? found : null;
    });
    // The customer last wrote 25 hours ago.
    await sql`UPDATE messages SET created_at = now() - interval '25 hours'
      WHERE conversation_id = ${b!.id}`.execute(s.services.db);
    await close(b!.id);
    await drain();
    const outB = (await gatewayMessages('whatsapp', outside)).filter(
      (m) => m.direction === 'outbound',
    );
    expect(outB).toHaveLength(1);
    expect(outB[0]!.template).toBe('customer_satisfaction_survey');
    expect(outB[0]!.text).toContain('Thank you for contacting us, Otto.');
    await until(async () => {
      const d = (await surveyOf(b!.id))?.delivery;
      return d === 'delivered' || d === 'read';
    });
  });

  it('email: the mail links each score to the survey page, which records the answer (idempotent; a second score replaces it)', async () => {
    const customer = 'cora@example.net';
    const sent = await control('POST', '/email', {
      from: customer,
      to: 'support@acme.test',
      subject: 'Survey by email',
      text: 'My jacket zipper broke.',
    });
    expect(sent.status).toBe(200);
    const [c] = await until(async () => {
      const found = await find('Survey by email');
      return found.length ? found : null;
    });
    await close(c!.id);
    await drain();
    const mail = await until(async () =>
      (await gatewayMessages('email', customer)).find((m) => m.direction === 'outbound'),
    );
    const links = [...mail.text.matchAll(/(\d+): (http\S+)/g)].map((m) => [m[1], m[2]!]);
    expect(links.map(([n]) => n)).toEqual(['1', '2', '3', '4', '5']);
    const four = new URL(links[3]![1]!);
    expect(four.searchParams.get('score')).toBe('4');
    const page = await fetch(four, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain(QUESTION);
    expect(html).toContain('aria-pressed="true"');
    // GET records nothing (mail scanners open links).
    const survey = (await surveyOf(c!.id))!;
    expect(survey.score).toBeNull();

    const action = `${four.origin}${four.pathname}`;
    const post = (score: string) =>
      fetch(action, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        body: new URLSearchParams({ score }).toString(),
      });
    const first = await post('4');
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`${four.pathname}?answered=1`);
    expect((await post('4')).status).toBe(303);
    expect(await responsesOfSurvey(survey.id)).toEqual([{ score: 4 }]);
    const after = await fetch(`${action}?answered=1`, { headers: { accept: 'text/html' } });
    expect(await after.text()).toContain(CSAT_MESSAGES.pageYourAnswer(4, 5));
    expect((await post('2')).status).toBe(303);
    expect(await responsesOfSurvey(survey.id)).toEqual([{ score: 2 }]);
    expect((await conversation(c!.id)).status).toBe('closed');

    const off = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ score: 6 }),
    });
    expect(off.status).toBe(400);
    expect(await off.json()).toMatchObject({ error: 'invalid_request' });

    // Unknown and expired tokens, in the API's error shape.
    const unknown = await fetch(`${four.origin}/survey/${'x'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: 'not_found',
      message: CSAT_MESSAGES.notFound,
    });
    expect((await fetch(`${four.origin}/survey/short`)).status).toBe(404);
    await sql`UPDATE csat_surveys SET expires_at = now() - interval '1 minute'
      WHERE id = ${survey.id}`.execute(s.services.db);
    const expired = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ score: 5 }),
    });
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({
      error: 'survey_expired',
      message: CSAT_MESSAGES.expired,
    });
    const expiredPage = await fetch(action, { headers: { accept: 'text/html' } });
    expect(expiredPage.status).toBe(410);
    expect(await responsesOfSurvey(survey.id)).toEqual([{ score: 2 }]);
  });

  it('web chat: the widget shows the survey as a card and records the tapped score (the visitor’s own only)', async () => {
    const started = await s.req('POST', '/api/widget/acme/messages', {
      body: { body: 'Widget survey please', clientId: 'csat-client-0001' },
    });
    expect(started.status).toBe(201);
    const token = started.body.token as string;
    const [c] = await find('Widget survey please');
    await close(c!.id);
    await drain();
    const list = await s.req('GET', '/api/widget/acme/messages', {
      headers: { 'x-widget-token': token },
    });
    const card = (
      list.body.messages as { survey?: { id: string; scale: number; score: number | null } }[]
    ).find((m) => m.survey)?.survey;
    expect(card).toMatchObject({ scale: 5, score: null });

    const other = await s.req('POST', '/api/widget/acme/messages', {
      body: { body: 'Someone else', clientId: 'csat-client-0002' },
    });
    const foreign = await s.req('POST', '/api/widget/acme/survey', {
      headers: { 'x-widget-token': other.body.token as string },
      body: { surveyId: card!.id, score: 1 },
    });
    expect(foreign.status).toBe(404);

    const tapped = await s.req('POST', '/api/widget/acme/survey', {
      headers: { 'x-widget-token': token },
      body: { surveyId: card!.id, score: 3 },
    });
    expect(tapped.status).toBe(200);
    expect(tapped.body).toMatchObject({ id: card!.id, score: 3 });
    expect(await responsesOfSurvey(card!.id)).toEqual([{ score: 3 }]);
    expect((await surveyOf(c!.id))!.score).toBe(3);
    expect((await conversation(c!.id)).status).toBe('closed');
  });

  it('the summary says how many answers are demo data and the response rate of real surveys', async () => {
    const sum = await summary();
    expect(sum.demoResponses).toBe(26);
    expect(sum.responses).toBeGreaterThan(26);
    expect(sum.surveysSent).toBeGreaterThanOrEqual(5);
    expect(sum.responseRate).toBeGreaterThan(0);
    expect(sum.responseRate).toBeLessThanOrEqual(1);
  });
});
