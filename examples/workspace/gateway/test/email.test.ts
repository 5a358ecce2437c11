import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

describe('email through the gateway', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const relay = (url = h.gateway.info.smtp.relayUrl) => createTransport(url);

  it('relays the workspace’s mail (nodemailer, AUTH) into the customer’s mailbox, parsed', async () => {
    const info = await relay().sendMail({
      from: 'Acme Support <support@acme.test>',
      to: 'Customer@Example.com',
      subject: 'Re: Where is my order?',
      text: 'It ships today.',
      html: '<p>It ships <b>today</b>.</p>',
      messageId: '<reply-1@acme.test>',
      inReplyTo: '<first@example.com>',
      references: ['<first@example.com>'],
      attachments: [{ filename: 'label.txt', content: 'TRACK123', contentType: 'text/plain' }],
    });
    expect(info.accepted).toHaveLength(1);
    const { json } = await h.control('GET', '/messages?channel=email&address=customer@example.com');
    expect(json.messages).toHaveLength(1);
    expect(json.messages[0]).toMatchObject({
      id: '<reply-1@acme.test>',
      direction: 'outbound',
      customer: 'customer@example.com',
      business: 'support@acme.test',
      subject: 'Re: Where is my order?',
      text: 'It ships today.',
      inReplyTo: '<first@example.com>',
      references: ['<first@example.com>'],
      status: 'delivered',
    });
    const attachment = await fetch(json.messages[0].media[0].url);
    expect(await attachment.text()).toBe('TRACK123');
  });

  it('refuses a wrong password (535) and mail without AUTH (530)', async () => {
    const url = new URL(h.gateway.info.smtp.relayUrl);
    url.password = 'wrong';
    await expect(
      relay(url.toString()).sendMail({ from: 'a@acme.test', to: 'b@example.com', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 535 });
    const anonymous = createTransport({
      host: url.hostname,
      port: Number(url.port),
      secure: false,
    });
    await expect(
      anonymous.sendMail({ from: 'a@acme.test', to: 'b@example.com', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 530 });
  });

  it('delivers the customer’s mail to the inbound listener, and a reply threads with In-Reply-To and References', async () => {
    const first = await h.control('POST', '/email', {
      from: 'ana@example.com',
      to: 'support@acme.test',
      subject: 'Broken kettle',
      text: 'My kettle does not heat.',
    });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ status: 'sent', response: expect.stringMatching(/^250/) });
    const received = await h.smtp.mails.next((m) => m.mail.messageId === first.json.messageId);
    expect(received.envelope).toEqual({ from: 'ana@example.com', to: ['support@acme.test'] });
    expect(received.mail.subject).toBe('Broken kettle');
    expect(received.mail.text?.trim()).toBe('My kettle does not heat.');
    expect(received.mail.inReplyTo).toBeUndefined();

    // The agent answers through the relay, threading on the customer's mail.
    await relay().sendMail({
      from: 'support@acme.test',
      to: 'ana@example.com',
      subject: 'Re: Broken kettle',
      text: 'Sorry! Which model?',
      messageId: '<agent-1@acme.test>',
      inReplyTo: first.json.messageId,
      references: [first.json.messageId],
    });
    const reply = await h.control('POST', '/email', {
      from: 'ana@example.com',
      to: 'support@acme.test',
      text: 'The K-200.',
      inReplyTo: '<agent-1@acme.test>',
    });
    const threaded = await h.smtp.mails.next((m) => m.mail.messageId === reply.json.messageId);
    expect(threaded.mail.subject).toBe('Re: Broken kettle');
    expect(threaded.mail.inReplyTo).toBe('<agent-1@acme.test>');
    expect(threaded.mail.references).toEqual([first.json.messageId, '<agent-1@acme.test>']);
  });

  it('answers 404 for a reply to a mail the mailbox does not hold, and 400 for a bad address', async () => {
    const unknown = await h.control('POST', '/email', {
      from: 'ana@example.com',
      to: 'support@acme.test',
      text: 'x',
      inReplyTo: '<nope@x>',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toBe('UnknownMessage');
    const bad = await h.control('POST', '/email', {
      from: 'not-an-address',
      to: 'support@acme.test',
      text: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: 'ValidationError', issues: [{ path: 'from' }] });
  });
});

describe('the control API', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(false);
  });
  afterAll(() => h.close());

  it('refuses calls without the control token (401) and bad JSON (400)', async () => {
    const res = await fetch(`${h.gateway.url}/control/messages?channel=sms`);
    expect(res.status).toBe(401);
    const bad = await fetch(`${h.gateway.url}/control/sms`, {
      method: 'POST',
      headers: { 'x-channel-gateway-token': h.gateway.info.controlToken },
      body: '{',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'InvalidJson' });
  });

  it('says so when nothing is registered yet', async () => {
    const sms = await h.control('POST', '/sms', {
      from: '+447700900600',
      to: '+15555550100',
      body: 'hi',
    });
    expect(sms.json.webhookStatus).toBe('not registered');
    const mail = await h.control('POST', '/email', {
      from: 'a@example.com',
      to: 'support@acme.test',
      text: 'hi',
      subject: 's',
    });
    expect(mail.json.status).toBe('not registered');
    const unknown = await h.control('POST', '/sms', {
      from: '+447700900600',
      to: '+15555550999',
      body: 'hi',
    });
    expect(unknown.status).toBe(404);
  });

  it('streams changes as server-sent events and serves the customer page', async () => {
    const page = await fetch(`${h.gateway.url}/`);
    const html = await page.text();
    expect(html).toContain('<h1>Write as a customer</h1>');
    expect(html).not.toContain('"token":"undefined"');
    const abort = new AbortController();
    const events = await fetch(
      `${h.gateway.url}/control/events?token=${h.gateway.info.controlToken}`,
      { signal: abort.signal },
    );
    const reader = events.body!.getReader();
    let text = '';
    const ready = (async () => {
      while (!text.includes('event: message'))
        text += new TextDecoder().decode((await reader.read()).value);
    })();
    await h.control('POST', '/sms', {
      from: '+447700900601',
      to: '+15555550100',
      body: 'streamed',
    });
    await ready;
    expect(text).toContain('"text":"streamed"');
    abort.abort();
  });
});
