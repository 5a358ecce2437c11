import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../src/signature';
import { TWILIO_MESSAGES } from '../src/messages';
import { startHarness, type Harness } from './harness';

const BUSINESS = '+15555550100';

function form(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

describe('Twilio Messaging API over the wire', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('creates a message with the Messages resource shape, queued, then sends signed status callbacks sent → delivered', async () => {
    const callback = `${h.peer.url}/api/channels/twilio/status?message=42`;
    const { status, json } = await h.twilio('POST', '/Messages.json', {
      To: '+447700900123',
      From: BUSINESS,
      Body: 'Your order has shipped',
      StatusCallback: callback,
    });
    expect(status).toBe(201);
    expect(json).toMatchObject({
      account_sid: h.gateway.info.twilio.accountSid,
      from: BUSINESS,
      to: '+447700900123',
      body: 'Your order has shipped',
      status: 'queued',
      direction: 'outbound-api',
      num_segments: '1',
      num_media: '0',
      error_code: null,
      api_version: '2010-04-01',
      date_sent: null,
    });
    expect(json.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(json.date_created).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    expect(json.uri).toBe(
      `/2010-04-01/Accounts/${h.gateway.info.twilio.accountSid}/Messages/${json.sid}.json`,
    );

    const statusOf = (s: string) => (r: { path: string; body: string }) =>
      r.path.endsWith('/status') &&
      form(r.body)['MessageSid'] === json.sid &&
      form(r.body)['MessageStatus'] === s;
    const sent = await h.peer.requests.next(statusOf('sent'));
    const delivered = await h.peer.requests.next(statusOf('delivered'));
    for (const r of [sent, delivered]) {
      const params = form(r.body);
      expect(r.url).toBe(callback);
      expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(r.headers['x-twilio-signature']).toBe(
        twilioSignature(h.gateway.info.twilio.authToken, callback, params),
      );
      expect(params).toMatchObject({
        AccountSid: h.gateway.info.twilio.accountSid,
        From: BUSINESS,
        To: '+447700900123',
        ApiVersion: '2010-04-01',
      });
    }
    // No callback for the initial status.
    expect(h.peer.requests.items.some(statusOf('queued'))).toBe(false);

    const fetched = await h.twilio('GET', `/Messages/${json.sid}.json`);
    expect(fetched.json.status).toBe('delivered');
    expect(fetched.json.date_sent).not.toBeNull();
  });

  it('redacts a body with Body="" and deletes with 204, then answers 20404', async () => {
    const { json } = await h.twilio('POST', '/Messages.json', {
      To: '+447700900124',
      From: BUSINESS,
      Body: 'secret code 1234',
    });
    const redacted = await h.twilio('POST', `/Messages/${json.sid}.json`, { Body: '' });
    expect(redacted.json.body).toBe('');
    const deleted = await h.twilio('DELETE', `/Messages/${json.sid}.json`);
    expect(deleted.status).toBe(204);
    const gone = await h.twilio('GET', `/Messages/${json.sid}.json`);
    expect(gone.status).toBe(404);
    expect(gone.json).toMatchObject({ code: 20404, status: 404 });
  });

  it.each([
    ['a wrong auth token', { To: '+447700900123', From: BUSINESS, Body: 'x' }, 'bad', 401, 20003],
    ['an invalid To', { To: '12', From: BUSINESS, Body: 'x' }, undefined, 400, 21211],
    ['no Body and no MediaUrl', { To: '+447700900123', From: BUSINESS }, undefined, 400, 21602],
    [
      'a From that is not the account’s',
      { To: '+447700900123', From: '+15555550199', Body: 'x' },
      undefined,
      400,
      21606,
    ],
    ['a landline To', { To: '+442071838750', From: BUSINESS, Body: 'x' }, undefined, 400, 21614],
    [
      'a body over 1600 characters',
      { To: '+447700900123', From: BUSINESS, Body: 'x'.repeat(1601) },
      undefined,
      400,
      21617,
    ],
  ])('answers %s with the Twilio error body', async (_name, params, token, status, code) => {
    const auth = token ? `${h.gateway.info.twilio.accountSid}:${token}` : undefined;
    const res = await h.twilio('POST', '/Messages.json', params, auth);
    expect(res.status).toBe(status);
    expect(res.json).toEqual({
      code,
      message: expect.any(String),
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status,
    });
  });

  it('counts GSM-7 and UCS-2 segments', async () => {
    const gsm = await h.twilio('POST', '/Messages.json', {
      To: '+447700900125',
      From: BUSINESS,
      Body: 'a'.repeat(161),
    });
    expect(gsm.json.num_segments).toBe('2');
    const ucs = await h.twilio('POST', '/Messages.json', {
      To: '+447700900125',
      From: BUSINESS,
      Body: 'é😀'.repeat(20),
    });
    expect(ucs.json.num_segments).toBe('1');
    const ucs2 = await h.twilio('POST', '/Messages.json', {
      To: '+447700900125',
      From: BUSINESS,
      Body: '😀'.repeat(40),
    });
    expect(ucs2.json.num_segments).toBe('2');
  });

  it('posts an inbound SMS to the webhook as a signed form with MediaUrl served by the gateway', async () => {
    const { status, json } = await h.control('POST', '/sms', {
      from: '+447700900200',
      to: BUSINESS,
      body: 'Hello, is my order on its way?',
      media: [
        {
          contentType: 'image/png',
          filename: 'order.png',
          contentBase64: Buffer.from('png-bytes').toString('base64'),
        },
      ],
    });
    expect(status).toBe(200);
    expect(json.webhookStatus).toBe(200);
    const hook = await h.peer.requests.next((r) => form(r.body)['MessageSid'] === json.sid);
    const params = form(hook.body);
    expect(hook.url).toBe(`${h.peer.url}/api/channels/twilio/inbound?ws=acme`);
    expect(hook.headers['x-twilio-signature']).toBe(
      twilioSignature(h.gateway.info.twilio.authToken, hook.url, params),
    );
    expect(params).toMatchObject({
      From: '+447700900200',
      To: BUSINESS,
      Body: 'Hello, is my order on its way?',
      NumMedia: '1',
      NumSegments: '1',
      SmsStatus: 'received',
      AccountSid: h.gateway.info.twilio.accountSid,
      ApiVersion: '2010-04-01',
      MediaContentType0: 'image/png',
    });
    expect(json.sid).toMatch(/^MM[0-9a-f]{32}$/);
    const media = await fetch(params['MediaUrl0']!);
    expect(media.headers.get('content-type')).toBe('image/png');
    expect(await media.text()).toBe('png-bytes');
  });

  it('forwards STOP, blocks the pair (21610) and auto-replies; START opens it again', async () => {
    const customer = '+447700900300';
    const stop = await h.control('POST', '/sms', { from: customer, to: BUSINESS, body: ' stop ' });
    expect(stop.json.webhookStatus).toBe(200);
    const hook = await h.peer.requests.next((r) => form(r.body)['MessageSid'] === stop.json.sid);
    expect(form(hook.body)['Body']).toBe(' stop ');
    const blocked = await h.twilio('POST', '/Messages.json', {
      To: customer,
      From: BUSINESS,
      Body: 'Spring sale!',
    });
    expect(blocked.status).toBe(400);
    expect(blocked.json).toMatchObject({
      code: 21610,
      message: TWILIO_MESSAGES.unsubscribed,
      status: 400,
    });
    const { json: thread } = await h.control(
      'GET',
      `/messages?channel=sms&address=${encodeURIComponent(customer)}`,
    );
    expect(thread.messages.map((m: { text: string }) => m.text)).toEqual([
      ' stop ',
      TWILIO_MESSAGES.optOutReply,
    ]);
    // Only the exact keyword counts.
    await h.control('POST', '/sms', { from: customer, to: BUSINESS, body: 'please start again' });
    expect(
      (await h.twilio('POST', '/Messages.json', { To: customer, From: BUSINESS, Body: 'x' }))
        .status,
    ).toBe(400);
    await h.control('POST', '/sms', { from: customer, to: BUSINESS, body: 'START' });
    const allowed = await h.twilio('POST', '/Messages.json', {
      To: customer,
      From: BUSINESS,
      Body: 'Welcome back',
    });
    expect(allowed.status).toBe(201);
  });

  it('answers 429 (20429) and 500 for the armed number of calls, then recovers', async () => {
    await h.control('POST', '/faults', { channel: 'sms', status: 429, count: 2 });
    const params = { To: '+447700900400', From: BUSINESS, Body: 'retry me' };
    const first = await h.twilio('POST', '/Messages.json', params);
    const second = await h.twilio('POST', '/Messages.json', params);
    expect([first.status, second.status]).toEqual([429, 429]);
    expect(first.json).toMatchObject({ code: 20429, message: 'Too Many Requests', status: 429 });
    expect((await h.twilio('POST', '/Messages.json', params)).status).toBe(201);
    await h.control('POST', '/faults', { channel: 'sms', status: 500, count: 1 });
    expect((await h.twilio('POST', '/Messages.json', params)).status).toBe(500);
    expect((await h.twilio('POST', '/Messages.json', params)).status).toBe(201);
  });
});
