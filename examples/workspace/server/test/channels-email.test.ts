// The email channel over the real wire: customers' mail sent with nodemailer to the server's
// smtp-server listener becomes conversations (threaded by In-Reply-To / References, replays stored
// once, HTML reduced to text, unknown or switched-off mailboxes refused with 550); the agent's
// reply leaves through a real SMTP relay (an smtp-server started here) with the thread's headers,
// and a relay's temporary refusal (451) is retried and delivered once; on PGlite and PostgreSQL.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer, { type Transporter } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboundEmailServer } from '../src/integrations/channels/email/inbound';
import { startInboundEmail } from '../src/modules/conversations-intake/email';
import { OutboxWorker } from '../src/modules/outbox/worker';
import { createTestServer, dbKinds, type TestServer } from './harness';

/** A mail relay: keeps what it accepts; refuses the next `failNext` mails with 451. */
async function startRelay() {
  const received: ParsedMail[] = [];
  const state = { failNext: 0 };
  const server = new SMTPServer({
    authOptional: true,
    hideSTARTTLS: true,
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (state.failNext > 0) {
        state.failNext--;
        return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, state, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(dbKinds())('the email channel on %s', (kind) => {
  let s: TestServer;
  let jane: string;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let inbound: { server: InboundEmailServer; address: string };
  let customer: Transporter;
  beforeAll(async () => {
    relay = await startRelay();
    s = await createTestServer(kind, { env: { SMTP_URL: `smtp://127.0.0.1:${relay.port}` } });
    jane = await s.login('jane@acme.test');
    // The satisfaction survey a close sends is channels-csat.test.ts's subject, not this file's.
    await s.req('PUT', '/api/ws/acme/settings/customer-satisfaction', {
      token: jane,
      body: { enabled: false, question: 'How would you rate the help you received?', scale: 5 },
    });
    inbound = await startInboundEmail(s.services, { host: '127.0.0.1', port: 0 });
    const [host, port] = inbound.address.split(':');
    customer = nodemailer.createTransport({
      host,
      port: Number(port),
      secure: false,
      ignoreTLS: true,
    });
  }, 240_000);
  afterAll(async () => {
    customer?.close();
    await inbound?.server.close();
    await relay?.close();
    await s?.close();
  });

  const worker = () =>
    new OutboxWorker(s.services, s.services.channels, s.services.log, {
      backoffBaseMs: 0,
      backoffMaxMs: 0,
    });
  const find = async (q: string) =>
    (
      await s.req(
        'GET',
        `/api/ws/acme/inbox/conversations?folder=all&status=any&q=${encodeURIComponent(q)}`,
        { token: jane },
      )
    ).body.conversations as {
      id: string;
      channel: string;
      status: string;
      subject: string;
      contact: { email: string };
    }[];
  const messagesOf = async (id: string) =>
    (await s.req('GET', `/api/ws/acme/inbox/conversations/${id}/messages`, { token: jane })).body
      .messages as {
      id: string;
      body: string;
      direction: string;
      delivery: { status: string; reason: string | null } | null;
    }[];

  let conversationId: string;
  let ourMessageId: string;

  it("a customer's mail becomes a conversation of their contact (address lowercased); a replay is stored once", async () => {
    const mail = {
      from: 'Cara Client <Cara@Example.NET>',
      to: 'support@acme.test',
      subject: 'Broken zipper',
      text: 'My jacket zipper broke after a week.',
      html: '<p>My jacket zipper broke <b>after a week</b>.</p><script>alert(1)</script>',
      messageId: '<c1.zipper@example.net>',
    };
    await customer.sendMail(mail);
    await customer.sendMail(mail);
    const [c] = await find('Broken zipper');
    expect(c).toMatchObject({ channel: 'email', status: 'open', subject: 'Broken zipper' });
    expect(c!.contact.email).toBe('cara@example.net');
    conversationId = c!.id;
    const messages = await messagesOf(conversationId);
    expect(messages.map((m) => m.body)).toEqual(['My jacket zipper broke after a week.']);
  });

  it("the agent's reply leaves through the relay, threaded in the customer's mail client", async () => {
    const posted = await s.req(
      'POST',
      `/api/ws/acme/inbox/conversations/${conversationId}/messages`,
      {
        token: jane,
        body: { body: 'Sorry to hear that! Send us a photo, please.' },
      },
    );
    ourMessageId = posted.body.message.id;
    await worker().drain();
    const sent = relay.received.at(-1)!;
    expect(sent.to && 'value' in sent.to ? sent.to.value[0]!.address : null).toBe(
      'cara@example.net',
    );
    expect(sent.from!.value[0]!.address).toBe('support@acme.test');
    expect(sent.subject).toBe('Re: Broken zipper');
    expect(sent.text?.trim()).toBe('Sorry to hear that! Send us a photo, please.');
    expect(sent.messageId).toBe(`<${ourMessageId}@acme.test>`);
    expect(sent.inReplyTo).toBe('<c1.zipper@example.net>');
    expect(sent.references).toBe('<c1.zipper@example.net>');
    const mine = (await messagesOf(conversationId)).find((m) => m.id === ourMessageId)!;
    expect(mine.delivery?.status).toBe('sent');
  });

  it("the customer's answer to our reply lands in the same conversation, reopening it when closed", async () => {
    await s.req('PATCH', `/api/ws/acme/inbox/conversations/${conversationId}`, {
      token: jane,
      body: { status: 'closed' },
    });
    await customer.sendMail({
      from: 'cara@example.net',
      to: 'support@acme.test',
      subject: 'Re: Broken zipper',
      html: '<div>Here it is.<br>Thanks&nbsp;&amp; bye</div>',
      messageId: '<c2.zipper@example.net>',
      inReplyTo: `<${ourMessageId}@acme.test>`,
      references: ['<c1.zipper@example.net>', `<${ourMessageId}@acme.test>`],
    });
    const [c] = await find('Here it is');
    expect(c!.id).toBe(conversationId);
    expect(c!.status).toBe('open');
    const last = (await messagesOf(conversationId)).at(-1)!;
    expect(last.body).toBe('Here it is.\nThanks & bye');
    expect(last.body).not.toContain('<');
  });

  it("a relay's temporary refusal (451) is retried and the reply delivered once", async () => {
    const before = relay.received.length;
    relay.state.failNext = 2;
    const posted = await s.req(
      'POST',
      `/api/ws/acme/inbox/conversations/${conversationId}/messages`,
      {
        token: jane,
        body: { body: 'We have sent a new zipper.' },
      },
    );
    await worker().drain();
    expect(relay.received.length - before).toBe(1);
    const m = (await messagesOf(conversationId)).find((x) => x.id === posted.body.message.id)!;
    expect(m.delivery?.status).toBe('sent');
  });

  it('refuses mail for an unknown mailbox, and for a workspace whose email channel is off, with 550', async () => {
    await expect(
      customer.sendMail({
        from: 'stranger@elsewhere.org',
        to: 'nobody@acme.test',
        subject: 'x',
        text: 'x',
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
    const off = await s.req('PATCH', '/api/ws/acme/settings/channels/email', {
      token: jane,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    await expect(
      customer.sendMail({
        from: 'a@example.net',
        to: 'support@acme.test',
        subject: 'x',
        text: 'x',
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
    expect(await find('stranger@elsewhere.org')).toHaveLength(0);
    await s.req('PATCH', '/api/ws/acme/settings/channels/email', {
      token: jane,
      body: { enabled: true },
    });
  });
});
