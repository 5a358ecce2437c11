import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubSignature256 } from '../src/signature';
import { startHarness, type Harness } from './harness';
import type { Received } from './peer';

const BUSINESS = '+15555550100';
const PHONE_ID = '15555550100';

interface StatusEntry {
  id: string;
  status: string;
  recipient_id: string;
  errors?: { code: number; title: string }[];
}

function statuses(r: Received): StatusEntry[] {
  const body = JSON.parse(r.body);
  return body.entry?.[0]?.changes?.[0]?.value?.statuses ?? [];
}

describe('WhatsApp Cloud API over the wire', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const statusOf = (id: string, status: string) => (r: Received) =>
    statuses(r).some((s) => s.id === id && s.status === status);

  it('performs the verification handshake on registration and refuses a callback that does not echo the challenge', async () => {
    h.peer.echoChallenge = false;
    const refused = await h.control('POST', '/webhooks', {
      whatsapp: { callbackUrl: `${h.peer.url}/other`, verifyToken: h.peer.verifyToken },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe('HandshakeFailed');
    h.peer.echoChallenge = true;
    const wrongToken = await h.control('POST', '/webhooks', {
      whatsapp: { callbackUrl: `${h.peer.url}/other`, verifyToken: 'wrong' },
    });
    expect(wrongToken.status).toBe(400);
    expect(wrongToken.json.message).toContain('HTTP 403');
    // The registered callback is unchanged.
    expect((await h.control('GET', '/webhooks')).json.whatsapp.callbackUrl).toBe(
      `${h.peer.url}/api/channels/whatsapp/webhook`,
    );
  });

  it('posts a customer message as a signed messages webhook', async () => {
    const { json } = await h.control('POST', '/whatsapp', {
      from: '+447700900500',
      to: BUSINESS,
      text: 'Hi there',
      name: 'Sheena',
    });
    expect(json.webhookStatus).toBe(200);
    const hook = await h.peer.requests.next((r) => r.body.includes(json.id));
    expect(hook.headers['x-hub-signature-256']).toBe(
      hubSignature256(h.gateway.info.whatsapp.appSecret, hook.body),
    );
    const body = JSON.parse(hook.body);
    expect(body).toMatchObject({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: h.gateway.info.whatsapp.businessAccountId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15555550100', phone_number_id: PHONE_ID },
                contacts: [{ profile: { name: 'Sheena' }, wa_id: '447700900500' }],
                messages: [
                  { from: '447700900500', id: json.id, type: 'text', text: { body: 'Hi there' } },
                ],
              },
            },
          ],
        },
      ],
    });
    expect(body.entry[0].changes[0].value.messages[0].timestamp).toMatch(/^\d{10}$/);
  });

  it('sends free-form inside the 24-hour window: sent, delivered, then read when the customer reads it', async () => {
    await h.control('POST', '/whatsapp', { from: '+447700900501', to: BUSINESS, text: 'Question' });
    const res = await h.graph('POST', `/v23.0/${PHONE_ID}/messages`, {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '447700900501',
      type: 'text',
      text: { body: 'Answer' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '447700900501', wa_id: '447700900501' }],
      messages: [{ id: expect.stringMatching(/^wamid\./) }],
    });
    const id = res.json.messages[0].id;
    const delivered = await h.peer.requests.next(statusOf(id, 'delivered'));
    expect(delivered.headers['x-hub-signature-256']).toBe(
      hubSignature256(h.gateway.info.whatsapp.appSecret, delivered.body),
    );
    await h.peer.requests.next(statusOf(id, 'sent'));
    expect((await h.control('POST', '/read', { channel: 'whatsapp', id })).json).toEqual({
      read: true,
    });
    const read = await h.peer.requests.next(statusOf(id, 'read'));
    expect(statuses(read)[0]).toMatchObject({ recipient_id: '447700900501' });
  });

  it('accepts free-form outside the window with a wamid, then reports failed with 131047', async () => {
    // The customer last wrote 25 hours ago.
    await h.control('POST', '/whatsapp', {
      from: '+447700900502',
      to: BUSINESS,
      text: 'Old question',
      timestamp: new Date(Date.now() - 25 * 3600_000).toISOString(),
    });
    for (const to of ['447700900502', '447700900503' /* never wrote */]) {
      const res = await h.graph('POST', `/v19.0/${PHONE_ID}/messages`, {
        messaging_product: 'whatsapp',
        to,
        type: 'text',
        text: { body: 'Late answer' },
      });
      expect(res.status).toBe(200);
      const failed = await h.peer.requests.next(statusOf(res.json.messages[0].id, 'failed'));
      expect(statuses(failed)[0]!.errors![0]).toMatchObject({
        code: 131047,
        title: 'Re-engagement message',
      });
    }
    // An approved template goes out: its variables filled in.
    const template = await h.graph('POST', `/v23.0/${PHONE_ID}/messages`, {
      messaging_product: 'whatsapp',
      to: '447700900502',
      type: 'template',
      template: {
        name: 'customer_satisfaction_survey',
        language: { code: 'en' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Alex' }] }],
      },
    });
    expect(template.status).toBe(200);
    await h.peer.requests.next(statusOf(template.json.messages[0].id, 'delivered'));
    const { json } = await h.control('GET', '/messages?channel=whatsapp&address=%2B447700900502');
    const sent = json.messages.find((m: { id: string }) => m.id === template.json.messages[0].id);
    expect(sent).toMatchObject({ template: 'customer_satisfaction_survey', status: 'delivered' });
    expect(sent.text).toContain('Thank you for contacting us, Alex.');
  });

  it('refuses an unknown template (132001) and a wrong parameter count (132000) in the Graph error shape', async () => {
    const unknown = await h.graph('POST', `/v23.0/${PHONE_ID}/messages`, {
      messaging_product: 'whatsapp',
      to: '447700900504',
      type: 'template',
      template: { name: 'nope', language: { code: 'en' } },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatchObject({
      code: 132001,
      type: 'OAuthException',
      error_data: { messaging_product: 'whatsapp' },
    });
    expect(unknown.json.error.fbtrace_id).toEqual(expect.any(String));
    const count = await h.graph('POST', `/v23.0/${PHONE_ID}/messages`, {
      messaging_product: 'whatsapp',
      to: '447700900504',
      type: 'template',
      template: { name: 'customer_satisfaction_survey', language: { code: 'en' } },
    });
    expect(count.json.error.code).toBe(132000);
    const auth = await h.graph('POST', `/v23.0/${PHONE_ID}/messages`, {}, 'wrong');
    expect(auth.status).toBe(401);
    expect(auth.json.error.code).toBe(190);
    const bad = await h.graph('POST', `/v23.0/${PHONE_ID}/messages`, {
      messaging_product: 'whatsapp',
      to: 'abc',
      type: 'text',
      text: { body: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe(100);
  });

  it('lists, creates (approved at once) and deletes message templates', async () => {
    const waba = h.gateway.info.whatsapp.businessAccountId;
    const list = await h.graph('GET', `/v23.0/${waba}/message_templates`);
    expect(
      list.json.data.map((t: { name: string; language: string; status: string }) => [
        t.name,
        t.language,
        t.status,
      ]),
    ).toEqual([
      ['hello_world', 'en_US', 'APPROVED'],
      ['customer_satisfaction_survey', 'en', 'APPROVED'],
    ]);
    const created = await h.graph('POST', `/v23.0/${waba}/message_templates`, {
      name: 'order_update',
      language: 'en_US',
      category: 'UTILITY',
      components: [
        { type: 'BODY', text: 'Order {{1}} is {{2}}', example: { body_text: [['1', 'x']] } },
      ],
    });
    expect(created.json).toEqual({
      id: expect.stringMatching(/^\d+$/),
      status: 'APPROVED',
      category: 'UTILITY',
    });
    const send = await h.graph('POST', `/v23.0/${PHONE_ID}/messages`, {
      messaging_product: 'whatsapp',
      to: '447700900505',
      type: 'template',
      template: {
        name: 'order_update',
        language: { code: 'en_US' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'A1' },
              { type: 'text', text: 'shipped' },
            ],
          },
        ],
      },
    });
    expect(send.status).toBe(200);
    expect(
      (await h.graph('DELETE', `/v23.0/${waba}/message_templates?name=order_update`)).json,
    ).toEqual({ success: true });
    expect(
      (await h.graph('GET', `/v23.0/${waba}/message_templates?name=order_update`)).json.data,
    ).toEqual([]);
  });

  it('serves inbound media through GET /{media-id} and the download URL with the same bearer', async () => {
    const { json } = await h.control('POST', '/whatsapp', {
      from: '+447700900506',
      to: BUSINESS,
      text: 'see photo',
      media: {
        contentType: 'image/jpeg',
        contentBase64: Buffer.from('jpeg-bytes').toString('base64'),
      },
    });
    const hook = await h.peer.requests.next((r) => r.body.includes(json.id));
    const message = JSON.parse(hook.body).entry[0].changes[0].value.messages[0];
    expect(message).toMatchObject({
      type: 'image',
      image: { mime_type: 'image/jpeg', caption: 'see photo' },
    });
    const meta = await h.graph('GET', `/v23.0/${message.image.id}`);
    expect(meta.json).toMatchObject({
      messaging_product: 'whatsapp',
      mime_type: 'image/jpeg',
      file_size: '10',
      id: message.image.id,
      sha256: message.image.sha256,
    });
    expect((await fetch(meta.json.url)).status).toBe(401);
    const bytes = await fetch(meta.json.url, {
      headers: { authorization: `Bearer ${h.gateway.info.whatsapp.accessToken}` },
    });
    expect(await bytes.text()).toBe('jpeg-bytes');
  });

  it('uploads media and sends it by id; mark-read of a customer message answers success', async () => {
    const form = new FormData();
    form.append('messaging_product', 'whatsapp');
    form.append('type', 'application/pdf');
    form.append('file', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'invoice.pdf');
    const upload = await fetch(`${h.gateway.info.whatsapp.apiBaseUrl}/v23.0/${PHONE_ID}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.gateway.info.whatsapp.accessToken}` },
      body: form,
    });
    const { id } = (await upload.json()) as { id: string };
    expect(id).toMatch(/^\d+$/);
    const inbound = await h.control('POST', '/whatsapp', {
      from: '+447700900507',
      to: BUSINESS,
      text: 'invoice?',
    });
    const sent = await h.graph('POST', `/v23.0/${PHONE_ID}/messages`, {
      messaging_product: 'whatsapp',
      to: '447700900507',
      type: 'document',
      document: { id, filename: 'invoice.pdf' },
    });
    expect(sent.status).toBe(200);
    const read = await h.graph('POST', `/v23.0/${PHONE_ID}/messages`, {
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: inbound.json.id,
    });
    expect(read.json).toEqual({ success: true });
    const { json } = await h.control('GET', '/messages?channel=whatsapp&address=%2B447700900507');
    expect(
      json.messages.map(
        (m: { direction: string; status: string }) => m.direction + ':' + m.status,
      )[0],
    ).toBe('inbound:read');
    expect(json.messages[1].media[0]).toMatchObject({
      contentType: 'application/pdf',
      filename: 'invoice.pdf',
    });
  });

  it('answers 429 (130429) and 500 (131000) for the armed number of calls', async () => {
    await h.control('POST', '/faults', { channel: 'whatsapp', status: 429, count: 1 });
    const body = {
      messaging_product: 'whatsapp',
      to: '447700900508',
      type: 'text',
      text: { body: 'x' },
    };
    const limited = await h.graph('POST', `/v23.0/${PHONE_ID}/messages`, body);
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe(130429);
    await h.control('POST', '/faults', { channel: 'whatsapp', status: 500, count: 1 });
    const failed = await h.graph('POST', `/v23.0/${PHONE_ID}/messages`, body);
    expect(failed.status).toBe(500);
    expect(failed.json.error.code).toBe(131000);
    expect((await h.graph('POST', `/v23.0/${PHONE_ID}/messages`, body)).status).toBe(200);
  });
});
