// The WhatsApp channel over the real wire, against the local channel gateway (the Cloud API and
// its signed webhooks): Meta's verification handshake; a customer's message becomes a
// conversation; the agent's reply is sent and its statuses move it to delivered and read;
// X-Hub-Signature-256 is checked over the raw body (missing 400, wrong 403, nothing stored), a
// replay is stored once, a malformed body is a 400; outside the 24-hour window free text fails
// with 131047 and the composer's window says so and lists the approved templates, which are sent
// with their variables; a 429 is retried and the reply sent once. On PGlite and PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubSignature256 } from '../../gateway/src/signature';
import { OutboxWorker } from '../src/modules/outbox/worker';
import { startGatewayStack, WHATSAPP_VERIFY_TOKEN, type GatewayStack } from './channels-gateway';
import { dbKinds } from './harness';

describe.each(dbKinds())('the WhatsApp channel on %s', (kind) => {
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
  const list = async (q = '') =>
    (
      await s().req(
        'GET',
        `/api/ws/acme/inbox/conversations?folder=all&status=any&limit=100&q=${encodeURIComponent(q)}`,
        { token: jane },
      )
    ).body.conversations as {
      id: string;
      channel: string;
      status: string;
      contact: { name: string; phone: string | null };
    }[];
  const messagesOf = async (id: string) =>
    (await s().req('GET', `/api/ws/acme/inbox/conversations/${id}/messages`, { token: jane })).body
      .messages as {
      id: string;
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
  const until = (conversationId: string, id: string, status: string) =>
    stack.until(acme, async () => {
      const m = (await messagesOf(conversationId)).find((x) => x.id === id);
      return m?.delivery?.status === status ? m.delivery : null;
    });
  const gatewayMessages = async (address: string) =>
    (
      await stack.control(
        'GET',
        `/messages?channel=whatsapp&address=${encodeURIComponent(address)}`,
      )
    ).json.messages as {
      direction: string;
      text: string;
      status: string;
      id: string;
      template?: string;
    }[];
  const webhookUrl = () => `${s().url}/api/channels/whatsapp/webhook`;
  const notification = (id: string, from: string, text: string) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: stack.gateway.info.whatsapp.businessAccountId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15555550100', phone_number_id: '15555550100' },
                contacts: [{ profile: { name: 'Replay Person' }, wa_id: from }],
                messages: [
                  {
                    from,
                    id,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: 'text',
                    text: { body: text },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
  const post = (body: string, signature: string | null) =>
    fetch(webhookUrl(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'x-hub-signature-256': signature }),
      },
      body,
    });
  const sign = (body: string) => hubSignature256(stack.gateway.info.whatsapp.appSecret, body);

  const customer = '+5511987654321';
  let conversationId: string;

  it("answers Meta's verification handshake only with the verify token", async () => {
    const ok = await fetch(
      `${webhookUrl()}?hub.mode=subscribe&hub.verify_token=${WHATSAPP_VERIFY_TOKEN}&hub.challenge=1158201444`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await fetch(
      `${webhookUrl()}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444`,
    );
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).not.toContain('1158201444');
  });

  it("a customer's WhatsApp message becomes a conversation of their number, with their profile name", async () => {
    const sent = await stack.control('POST', '/whatsapp', {
      from: customer,
      to: '+15555550100',
      text: 'Do you ship to Brazil?',
      name: 'Ana Souza',
    });
    expect(sent.json.webhookStatus).toBe(200);
    const [c] = await list('Do you ship to Brazil?');
    expect(c).toMatchObject({ channel: 'whatsapp', status: 'open' });
    expect(c!.contact).toMatchObject({ name: 'Ana Souza', phone: customer });
    conversationId = c!.id;
    const window = await s().req(
      'GET',
      `/api/ws/acme/inbox/conversations/${conversationId}/whatsapp-window`,
      { token: jane },
    );
    expect(window.status).toBe(200);
    expect(window.body.window.open).toBe(true);
  });

  it("the agent's reply within the window is delivered and then read", async () => {
    const id = await reply(conversationId, 'Yes, we ship worldwide.');
    await worker().drain();
    const [out] = (await gatewayMessages(customer)).filter((m) => m.direction === 'outbound');
    expect(out!.text).toBe('Yes, we ship worldwide.');
    await until(conversationId, id, 'delivered');
    expect(
      (await stack.control('POST', '/read', { channel: 'whatsapp', id: out!.id })).status,
    ).toBe(200);
    await until(conversationId, id, 'read');
  });

  it('refuses a notification without a signature (400) or with a wrong one (403) and stores nothing', async () => {
    const body = notification('wamid.forged1', '447700900111', 'Forged WhatsApp');
    const missing = await post(body, null);
    expect(missing.status).toBe(400);
    const wrong = await post(body, sign(body.replace('Forged', 'Other')));
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ error: 'signature_wrong' });
    expect(await list('Forged WhatsApp')).toHaveLength(0);
  });

  it('stores a replayed notification once; a malformed one is a 400', async () => {
    const body = notification('wamid.replayed1', '447700900222', 'Replayed WhatsApp');
    expect((await post(body, sign(body))).status).toBe(200);
    expect((await post(body, sign(body))).status).toBe(200);
    const [c] = await list('Replayed WhatsApp');
    expect((await messagesOf(c!.id)).filter((m) => m.body === 'Replayed WhatsApp')).toHaveLength(1);
    const malformed = JSON.stringify({ object: 'page', entry: 'x' });
    const res = await post(malformed, sign(malformed));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('invalid_request');
    const notJson = '{"object":';
    expect((await post(notJson, sign(notJson))).status).toBe(400);
  });

  let seeded: string;

  it('outside the 24-hour window free text fails with 131047, and the window says so with the approved templates', async () => {
    const conversation = (await list()).find(
      (c) => c.channel === 'whatsapp' && c.contact.phone && c.contact.phone !== customer,
    )!;
    seeded = conversation.id;
    // The customer last wrote two days ago.
    await sql`UPDATE messages SET created_at = now() - interval '2 days' WHERE conversation_id = ${seeded}`.execute(
      s().services.db,
    );
    const window = (
      await s().req('GET', `/api/ws/acme/inbox/conversations/${seeded}/whatsapp-window`, {
        token: jane,
      })
    ).body.window;
    expect(window.open).toBe(false);
    expect(window.closesAt).toBeNull();
    expect(window.templatesError).toBeNull();
    expect(window.templates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'hello_world', language: 'en_US', variables: 0 }),
        expect.objectContaining({
          name: 'customer_satisfaction_survey',
          language: 'en',
          variables: 1,
        }),
      ]),
    );
    const id = await reply(seeded, 'Hello again!');
    await worker().drain();
    const failed = await until(seeded, id, 'failed');
    expect(failed.reason).toBe('131047: Re-engagement message');
  });

  it('an approved template is sent with its variables and delivered; a wrong template or count is a 400', async () => {
    const path = `/api/ws/acme/inbox/conversations/${seeded}/template-messages`;
    const missing = await s().req('POST', path, {
      token: jane,
      body: { name: 'customer_satisfaction_survey', language: 'en', parameters: [] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.issues[0].path).toBe('body.parameters');
    const unknown = await s().req('POST', path, {
      token: jane,
      body: { name: 'no_such_template', language: 'en', parameters: [] },
    });
    expect(unknown.status).toBe(400);
    const posted = await s().req('POST', path, {
      token: jane,
      body: { name: 'customer_satisfaction_survey', language: 'en', parameters: ['Marta'] },
    });
    expect(posted.status).toBe(201);
    expect(posted.body.message.body).toContain('Thank you for contacting us, Marta.');
    await worker().drain();
    await until(seeded, posted.body.message.id, 'delivered');
    const phone = (await list()).find((c) => c.id === seeded)!.contact.phone!;
    const out = (await gatewayMessages(phone)).filter(
      (m) => m.template === 'customer_satisfaction_survey',
    );
    expect(out).toHaveLength(1);
    expect(out[0]!.text).toContain('Thank you for contacting us, Marta.');
    const onSms = (await list()).find((c) => c.channel !== 'whatsapp')!;
    const notWhatsapp = await s().req(
      'GET',
      `/api/ws/acme/inbox/conversations/${onSms.id}/whatsapp-window`,
      { token: jane },
    );
    expect(notWhatsapp.status).toBe(409);
  });

  it('STOP on WhatsApp opts the number out of WhatsApp campaigns (a line in the conversation); START lifts it', async () => {
    const optOuts = () =>
      s()
        .services.db.selectFrom('channel_opt_outs')
        .select(['channel', 'address', 'keyword'])
        .where('workspace_id', '=', stack.server.id('ws:acme'))
        .where('address', '=', customer)
        .execute();
    const stop = await stack.control('POST', '/whatsapp', {
      from: customer,
      to: '+15555550100',
      text: 'Stop',
      name: 'Ana Souza',
    });
    expect(stop.json.webhookStatus).toBe(200);
    expect(await optOuts()).toEqual([{ channel: 'whatsapp', address: customer, keyword: 'STOP' }]);
    const lines = await s().req(
      'GET',
      `/api/ws/acme/inbox/conversations/${conversationId}/messages`,
      { token: jane },
    );
    expect(lines.body.messages.at(-1)).toMatchObject({
      kind: 'system',
      body: 'The customer sent STOP and is opted out of WhatsApp campaigns until they send START; replies in the 24-hour window still reach them.',
    });
    await stack.control('POST', '/whatsapp', {
      from: customer,
      to: '+15555550100',
      text: 'START',
      name: 'Ana Souza',
    });
    expect(await optOuts()).toEqual([]);
  });

  it("retries the Cloud API's 429 and sends the reply once", async () => {
    expect(
      (await stack.control('POST', '/faults', { channel: 'whatsapp', status: 429, count: 2 }))
        .status,
    ).toBe(200);
    const id = await reply(conversationId, 'One more thing.');
    await worker().drain();
    const out = (await gatewayMessages(customer)).filter((m) => m.text === 'One more thing.');
    expect(out).toHaveLength(1);
    await until(conversationId, id, 'delivered');
  });
});
