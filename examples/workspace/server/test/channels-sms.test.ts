// The SMS channel over the real wire, against the local channel gateway (Twilio's REST API and
// signed webhooks): a customer's SMS becomes a conversation; the agent's reply leaves through the
// Messages resource and its status callbacks move it to delivered; signatures are checked (missing
// 400, wrong 403, nothing stored), a replayed webhook is stored once, a malformed one is a 400;
// 429/5xx from Twilio are retried and the reply delivered once; STOP opts the number out (recorded,
// shown in the conversation) and Twilio's 21610 fails the next reply with its reason; a switched-off
// channel answers Twilio with empty TwiML and stores nothing. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../../gateway/src/signature';
import { loadConfig } from '../src/config';
import { createChannelAdapters } from '../src/integrations/channels/registry';
import { validTwilioSignature } from '../src/integrations/channels/sms/signature';
import { OutboxRepository } from '../src/modules/outbox/repository';
import { OutboxWorker } from '../src/modules/outbox/worker';
import { startGatewayStack, type GatewayStack } from './channels-gateway';
import { dbKinds } from './harness';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

describe('X-Twilio-Signature', () => {
  it("matches Twilio's published vectors (sorted params appended to the exact URL, default port optional)", () => {
    const params = new URLSearchParams({
      CallSid: 'CA1234567890ABCDE',
      Caller: '+14158675309',
      Digits: '1234',
      From: '+14158675309',
      To: '+18005551212',
    });
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    expect(validTwilioSignature('12345', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(true);
    expect(
      validTwilioSignature(
        '12345',
        'https://mycompany.com:443/myapp.php?foo=1&bar=2',
        params,
        'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
      ),
    ).toBe(true);
    expect(
      validTwilioSignature(
        '12345',
        'http://mycompany.com:1234/myapp.php?foo=1&bar=2',
        params,
        'Zmvh+3yNM1Phv2jhDCwEM3q5ebU=',
      ),
    ).toBe(true);
    expect(validTwilioSignature('12346', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
  });

  it('SMS is not connected without a Twilio account in the environment', () => {
    const adapters = createChannelAdapters(loadConfig({ NODE_ENV: 'test' }));
    expect(adapters.sms.connected).toBe(false);
    expect(adapters.whatsapp.connected).toBe(false);
  });
});

describe.each(dbKinds())('the SMS channel on %s', (kind) => {
  let stack: GatewayStack;
  let jane: string;
  let acme: string;
  beforeAll(async () => {
    stack = await startGatewayStack(kind);
    jane = await stack.server.login('jane@acme.test');
    acme = stack.server.id('ws:acme');
  }, 240_000);
  afterAll(async () => {
    await stack?.close();
  });

  const s = () => stack.server;
  const worker = () =>
    new OutboxWorker(s().services, s().services.channels, s().services.log, {
      backoffBaseMs: 0,
      backoffMaxMs: 0,
    });
  const find = async (q: string) =>
    (
      await s().req(
        'GET',
        `/api/ws/acme/inbox/conversations?folder=all&status=any&q=${encodeURIComponent(q)}`,
        { token: jane },
      )
    ).body.conversations as {
      id: string;
      channel: string;
      status: string;
      contact: { phone: string | null };
    }[];
  const messagesOf = async (id: string) =>
    (await s().req('GET', `/api/ws/acme/inbox/conversations/${id}/messages`, { token: jane })).body
      .messages as {
      id: string;
      kind: string;
      body: string;
      direction: string | null;
      delivery: { status: string; reason: string | null } | null;
    }[];
  const reply = async (conversationId: string, body: string) => {
    const posted = await s().req(
      'POST',
      `/api/ws/acme/inbox/conversations/${conversationId}/messages`,
      { token: jane, body: { body } },
    );
    expect(posted.status).toBe(201);
    return posted.body.message.id as string;
  };
  const deliveryOf = async (conversationId: string, messageId: string) =>
    (await messagesOf(conversationId)).find((m) => m.id === messageId)?.delivery;
  const gatewayMessages = async (address: string) =>
    (await stack.control('GET', `/messages?channel=sms&address=${encodeURIComponent(address)}`))
      .json.messages as { direction: string; text: string; status: string; id: string }[];
  /** POSTs a Twilio inbound webhook as the gateway would, signed (or not) as given. */
  const postInbound = (params: Record<string, string>, signature?: string) => {
    const url = `${s().url}/api/channels/twilio/inbound`;
    const form = new URLSearchParams(params);
    return fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature === undefined
          ? {
              'x-twilio-signature': twilioSignature(
                stack.gateway.info.twilio.authToken,
                url,
                params,
              ),
            }
          : signature
            ? { 'x-twilio-signature': signature }
            : {}),
      },
      body: form.toString(),
    });
  };
  const inboundParams = (sid: string, from: string, body: string) => ({
    MessageSid: sid,
    SmsSid: sid,
    AccountSid: stack.gateway.info.twilio.accountSid,
    From: from,
    To: '+15555550100',
    Body: body,
    NumMedia: '0',
    NumSegments: '1',
    ApiVersion: '2010-04-01',
  });

  let conversationId: string;
  const customer = '+447700900123';

  it("a customer's SMS through the gateway becomes a conversation of their number", async () => {
    const sent = await stack.control('POST', '/sms', {
      from: customer,
      to: '+15555550100',
      body: 'My parcel has not arrived',
    });
    expect(sent.json.webhookStatus).toBe(200);
    const [c] = await find('My parcel has not arrived');
    expect(c).toMatchObject({ channel: 'sms', status: 'open' });
    expect(c!.contact.phone).toBe(customer);
    conversationId = c!.id;
    expect((await messagesOf(conversationId)).map((m) => m.body)).toEqual([
      'My parcel has not arrived',
    ]);
  });

  it("the agent's reply reaches the customer's phone and its status callbacks mark it delivered", async () => {
    const id = await reply(conversationId, 'It is on its way, sorry for the wait.');
    await worker().drain();
    const out = (await gatewayMessages(customer)).filter((m) => m.direction === 'outbound');
    expect(out.map((m) => m.text)).toEqual(['It is on its way, sorry for the wait.']);
    const delivery = await stack.until(acme, async () => {
      const d = await deliveryOf(conversationId, id);
      return d?.status === 'delivered' ? d : null;
    });
    expect(delivery.reason).toBeNull();
    const stored = await s()
      .services.db.selectFrom('messages')
      .select('external_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.external_id).toBe(`sms:${out[0]!.id}`);
  });

  it('refuses a webhook without a signature (400) or with a wrong one (403) and stores nothing', async () => {
    const params = inboundParams(`SM${'a'.repeat(32)}`, '+447700900999', 'Forged message');
    const missing = await postInbound(params, '');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: 'signature_missing' });
    const wrong = await postInbound(params, 'bm90IHRoZSBzaWduYXR1cmU=');
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ error: 'signature_wrong' });
    // Signed for another URL (a query added): the signature covers the query too.
    const url = `${s().url}/api/channels/twilio/inbound`;
    const elsewhere = await fetch(`${url}?ws=globex`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(stack.gateway.info.twilio.authToken, url, params),
      },
      body: new URLSearchParams(params).toString(),
    });
    expect(elsewhere.status).toBe(403);
    expect(await find('Forged message')).toHaveLength(0);
  });

  it('stores a replayed webhook once and answers both with empty TwiML', async () => {
    const params = inboundParams(`SM${'b'.repeat(32)}`, '+447700900555', 'Replayed hello');
    const first = await postInbound(params);
    const second = await postInbound(params);
    for (const res of [first, second]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/xml');
      expect(await res.text()).toBe(EMPTY_TWIML);
    }
    const [c] = await find('Replayed hello');
    expect((await messagesOf(c!.id)).filter((m) => m.body === 'Replayed hello')).toHaveLength(1);
  });

  it('answers a malformed webhook 400 with the field errors', async () => {
    const params = inboundParams('not-a-sid', '+447700900556', 'Malformed');
    const res = await postInbound(params);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe('invalid_request');
    expect(body.issues[0].path).toBe('form.MessageSid');
    const notPhone = await postInbound(inboundParams(`SM${'c'.repeat(32)}`, 'hello', 'Malformed'));
    expect(notPhone.status).toBe(400);
    expect(await find('Malformed')).toHaveLength(0);
  });

  it.each([
    [429, 2],
    [500, 1],
  ] as const)(
    "retries Twilio's %i (%i times) and delivers the reply once",
    async (status, count) => {
      const armed = await stack.control('POST', '/faults', { channel: 'sms', status, count });
      expect(armed.status).toBe(200);
      const text = `Your refund is on its way (${status}).`;
      const id = await reply(conversationId, text);
      await worker().drain();
      const out = (await gatewayMessages(customer)).filter((m) => m.text === text);
      expect(out).toHaveLength(1);
      await stack.until(
        acme,
        async () => (await deliveryOf(conversationId, id))?.status === 'delivered',
      );
      const job = await s()
        .services.db.selectFrom('outbox')
        .select(['attempts', 'status'])
        .where('message_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(job).toEqual({ attempts: count + 1, status: 'done' });
    },
  );

  it('a send cut off mid-call (its worker stopped before recording the answer) is not repeated: it fails saying so, and Retry sends it once', async () => {
    const text = 'Your replacement ships tomorrow.';
    const id = await reply(conversationId, text);
    // A worker claims the job and marks the provider call started, then stops (killed) before
    // the provider's answer is recorded; its lease then runs out.
    const repo = new OutboxRepository(s().services.db);
    const [job] = await repo.claim('dead-worker', 20, 30_000);
    expect(job?.message_id).toBe(id);
    expect(await repo.markSending(job!.id, 'dead-worker')).toBe(true);
    await s()
      .services.db.updateTable('outbox')
      .set({ locked_until: new Date(Date.now() - 1_000) })
      .where('id', '=', job!.id)
      .execute();
    await worker().drain();
    expect(await deliveryOf(conversationId, id)).toEqual({
      status: 'failed',
      reason:
        'Sending was interrupted, so the customer may or may not have received this message. Retry sends it again.',
      at: expect.any(String),
    });
    expect((await gatewayMessages(customer)).filter((m) => m.text === text)).toHaveLength(0);
    // The agent retries: sent once.
    const retried = await s().req(
      'POST',
      `/api/ws/acme/inbox/conversations/${conversationId}/messages/${id}/retry`,
      { token: jane },
    );
    expect(retried.status).toBeLessThan(300);
    await worker().drain();
    expect((await gatewayMessages(customer)).filter((m) => m.text === text)).toHaveLength(1);
    await stack.until(
      acme,
      async () => (await deliveryOf(conversationId, id))?.status === 'delivered',
    );
  });

  it('STOP opts the number out (recorded and shown in the conversation); the next reply fails with 21610', async () => {
    const sent = await stack.control('POST', '/sms', {
      from: customer,
      to: '+15555550100',
      body: 'stop',
    });
    expect(sent.json.webhookStatus).toBe(200);
    const optOut = await s()
      .services.db.selectFrom('channel_opt_outs')
      .selectAll()
      .where('workspace_id', '=', acme)
      .executeTakeFirst();
    expect(optOut).toMatchObject({ channel: 'sms', address: customer, keyword: 'STOP' });
    const messages = await messagesOf(conversationId);
    expect(messages.at(-2)).toMatchObject({ kind: 'message', body: 'stop', direction: 'inbound' });
    expect(messages.at(-1)).toMatchObject({ kind: 'system' });
    expect(messages.at(-1)!.body).toContain('opted out of SMS');
    const contactId = (
      await s()
        .services.db.selectFrom('contacts')
        .select('id')
        .where('workspace_id', '=', acme)
        .where('phone', '=', customer)
        .executeTakeFirstOrThrow()
    ).id;
    const profile = await s().req('GET', `/api/ws/acme/contacts/${contactId}`, { token: jane });
    expect(profile.body.optOuts).toEqual([
      { channel: 'sms', keyword: 'STOP', at: expect.any(String) },
    ]);
    const id = await reply(conversationId, 'Are you still there?');
    await worker().drain();
    expect(await deliveryOf(conversationId, id)).toMatchObject({
      status: 'failed',
      reason: '21610: Attempt to send to unsubscribed recipient',
    });
    // START lifts it.
    await stack.control('POST', '/sms', { from: customer, to: '+15555550100', body: 'START' });
    const after = await s()
      .services.db.selectFrom('channel_opt_outs')
      .selectAll()
      .where('workspace_id', '=', acme)
      .execute();
    expect(after).toHaveLength(0);
  });

  it('a switched-off SMS channel answers Twilio with empty TwiML and stores nothing', async () => {
    const off = await s().req('PATCH', '/api/ws/acme/settings/channels/sms', {
      token: jane,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    const res = await postInbound(
      inboundParams(`SM${'d'.repeat(32)}`, '+447700900777', 'While off'),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(EMPTY_TWIML);
    expect(await find('While off')).toHaveLength(0);
    await s().req('PATCH', '/api/ws/acme/settings/channels/sms', {
      token: jane,
      body: { enabled: true },
    });
  });

  it('Settings → Channels shows SMS and WhatsApp connected when their providers are configured', async () => {
    const res = await s().req('GET', '/api/ws/acme/settings/channels', { token: jane });
    const byChannel = Object.fromEntries(
      (res.body.channels as { channel: string; connected: boolean }[]).map((c) => [
        c.channel,
        c.connected,
      ]),
    );
    expect(byChannel).toMatchObject({ sms: true, whatsapp: true });
  });
});
