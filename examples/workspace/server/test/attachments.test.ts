// Attachments over the real wire, against the local channel gateway: a customer's email
// attachments, MMS media (MediaUrl fetched with Twilio Basic auth) and WhatsApp media (GET
// /{media-id}, then the URL with the bearer) are stored on their message, the body keeping the
// text only; files the server does not take are recorded unavailable with the reason, the message
// kept. Downloads are served so that they cannot run script (CSP sandbox, nosniff, attachment
// disposition but for images and PDF); an agent's upload is capped (413), type-checked by its bytes
// (415: HTML, SVG, a "PNG" that is not one), and another workspace's file is a 404. The signed
// public URL works until it expires and not with a changed signature. On PGlite and PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_LIMITS } from '../src/modules/attachments/constants';
import { OutboxWorker } from '../src/modules/outbox/worker';
import { AttachmentService } from '../src/modules/attachments/service';
import { startInboundEmail } from '../src/modules/conversations-intake/email';
import type { InboundEmailServer } from '../src/integrations/channels/email/inbound';
import { startGatewayStack, type GatewayStack } from './channels-gateway';
import { dbKinds } from './harness';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><script>parent.stolen = document.cookie</script>');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>',
);

interface MessageView {
  id: string;
  body: string;
  attachments?: {
    id: string;
    filename: string;
    contentType: string;
    size: number;
    status: string;
    reason: string | null;
    url: string | null;
  }[];
}

describe.each(dbKinds())('attachments on %s', (kind) => {
  let stack: GatewayStack;
  let jane: string;
  let gary: string;
  let acme: string;
  let inbound: { server: InboundEmailServer; address: string };
  beforeAll(async () => {
    stack = await startGatewayStack(kind, { smtp: true });
    jane = await stack.server.login('jane@acme.test');
    gary = await stack.server.login('gary@globex.test');
    acme = stack.server.id('ws:acme');
    inbound = await startInboundEmail(stack.server.services, { host: '127.0.0.1', port: 0 });
    const registered = await stack.control('POST', '/webhooks', {
      smtp: { inbound: inbound.address },
    });
    expect(registered.status).toBe(200);
  }, 240_000);
  afterAll(async () => {
    await inbound?.server.close();
    await stack?.close();
  });

  const s = () => stack.server;
  const conversationOf = async (q: string) =>
    (
      await s().req(
        'GET',
        `/api/ws/acme/inbox/conversations?folder=all&status=any&limit=100&q=${encodeURIComponent(q)}`,
        { token: jane },
      )
    ).body.conversations[0] as { id: string; channel: string };
  const messagesOf = async (id: string) =>
    (await s().req('GET', `/api/ws/acme/inbox/conversations/${id}/messages`, { token: jane })).body
      .messages as MessageView[];
  const download = (url: string, token = jane) =>
    s().app.request(url, { headers: { authorization: `Bearer ${token}` } });
  const upload = (conversationId: string, file: Blob, filename: string, slug = 'acme') => {
    const form = new FormData();
    form.append('file', file, filename);
    return s().app.request(`/api/ws/${slug}/inbox/conversations/${conversationId}/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${jane}` },
      body: form,
    });
  };
  const countRows = async () =>
    Number(
      (
        await s()
          .services.db.selectFrom('attachments')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const drain = () =>
    new OutboxWorker(s().services, s().services.channels, s().services.log, {
      backoffBaseMs: 0,
      backoffMaxMs: 0,
    }).drain();
  /** Uploads `bytes` and replies with it; answers the reply as the API shows it. */
  const replyWith = async (conversationId: string, body: string, file: Blob, name: string) => {
    const up = await upload(conversationId, file, name);
    expect(up.status).toBe(201);
    const { attachment } = (await up.json()) as { attachment: { id: string } };
    const posted = await s().req(
      'POST',
      `/api/ws/acme/inbox/conversations/${conversationId}/messages`,
      { token: jane, body: { body, attachmentIds: [attachment.id] } },
    );
    expect(posted.status).toBe(201);
    return posted.body.message as MessageView;
  };
  const gatewayMessages = async (channel: string, address: string) =>
    (
      await stack.control(
        'GET',
        `/messages?channel=${channel}&address=${encodeURIComponent(address)}`,
      )
    ).json.messages as {
      direction: string;
      text: string;
      media: { url: string; contentType: string; filename?: string }[];
    }[];
  const expectSafeHeaders = (res: Response) => {
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  };

  let emailConversation: string;

  it("a customer's email attachments are stored on the message and served with safe headers; a type not taken is recorded unavailable", async () => {
    const sent = await stack.control('POST', '/email', {
      from: 'olga@example.org',
      to: 'support@acme.test',
      subject: 'Photo of the damage',
      text: 'See the photo and the invoice.',
      attachments: [
        { filename: 'damage.png', contentType: 'image/png', contentBase64: PNG.toString('base64') },
        {
          filename: 'invoice.pdf',
          contentType: 'application/pdf',
          contentBase64: PDF.toString('base64'),
        },
        { filename: 'page.html', contentType: 'text/html', contentBase64: HTML.toString('base64') },
      ],
    });
    expect(sent.status).toBe(200);
    const conversation = await conversationOf('Photo of the damage');
    emailConversation = conversation.id;
    const [message] = await messagesOf(conversation.id);
    expect(message!.body).toBe('See the photo and the invoice.');
    const files = message!.attachments!;
    expect(files.map((f) => [f.filename, f.contentType, f.status])).toEqual([
      ['damage.png', 'image/png', 'stored'],
      ['invoice.pdf', 'application/pdf', 'stored'],
      ['page.html', 'text/html', 'unavailable'],
    ]);
    expect(files[0]!.size).toBe(PNG.length);
    expect(files[2]!.reason).toMatch(/cannot be attached/);
    expect(files[2]!.url).toBeNull();

    const png = await download(files[0]!.url!);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-disposition')).toMatch(/^inline; filename="damage.png"/);
    expectSafeHeaders(png);
    expect(Buffer.from(await png.arrayBuffer()).equals(PNG)).toBe(true);
    const row = await s()
      .services.db.selectFrom('attachments')
      .select(['sha256', 'storage_key'])
      .where('id', '=', files[0]!.id)
      .executeTakeFirstOrThrow();
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(row.storage_key).toBe(`${acme}/${files[0]!.id}`);
  });

  it('an MMS keeps its text as the body and its media (fetched with Basic auth) as attachments', async () => {
    const sent = await stack.control('POST', '/sms', {
      from: '+447700900321',
      to: '+15555550100',
      body: 'Here is the label',
      media: [{ contentType: 'image/png', contentBase64: PNG.toString('base64') }],
    });
    expect(sent.status).toBe(200);
    const conversation = await conversationOf('+447700900321');
    expect(conversation.channel).toBe('sms');
    const [message] = await messagesOf(conversation.id);
    expect(message!.body).toBe('Here is the label');
    expect(message!.attachments).toMatchObject([
      { contentType: 'image/png', size: PNG.length, status: 'stored' },
    ]);
    const res = await download(message!.attachments![0]!.url!);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('a WhatsApp document keeps its caption as the body and its file (GET media id, then the URL) as an attachment', async () => {
    const sent = await stack.control('POST', '/whatsapp', {
      from: '+447700900654',
      to: '+15555550100',
      text: 'My receipt',
      media: {
        contentType: 'application/pdf',
        filename: 'receipt.pdf',
        contentBase64: PDF.toString('base64'),
      },
    });
    expect(sent.status).toBe(200);
    const conversation = await conversationOf('+447700900654');
    expect(conversation.channel).toBe('whatsapp');
    const [message] = await messagesOf(conversation.id);
    expect(message!.body).toBe('My receipt');
    expect(message!.attachments).toMatchObject([
      { filename: 'receipt.pdf', contentType: 'application/pdf', status: 'stored' },
    ]);
    const res = await download(message!.attachments![0]!.url!);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('an upload of HTML, SVG or a "PNG" that is HTML is refused with 415 and nothing stored', async () => {
    const before = await countRows();
    for (const [bytes, type, name] of [
      [HTML, 'text/html', 'x.html'],
      [SVG, 'image/svg+xml', 'x.svg'],
      [HTML, 'image/png', 'x.png'],
      [SVG, 'application/octet-stream', 'x.bin'],
    ] as const) {
      const res = await upload(emailConversation, new Blob([bytes], { type }), name);
      expect(res.status, name).toBe(415);
      expect(await res.json()).toMatchObject({ error: 'unsupported_attachment_type' });
    }
    expect(await countRows()).toBe(before);
  });

  it('text that holds a script is served as a download of text/plain, sandboxed, never as HTML', async () => {
    const res = await upload(emailConversation, new Blob([HTML], { type: 'text/plain' }), 'a.txt');
    expect(res.status).toBe(201);
    const { attachment } = (await res.json()) as { attachment: { url: string } };
    const got = await download(attachment.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; /);
    expectSafeHeaders(got);
  });

  it('an upload over the limit is refused with 413 in the error shape and nothing stored', async () => {
    const before = await countRows();
    const big = Buffer.alloc(ATTACHMENT_LIMITS.maxBytes + 1);
    PNG.copy(big);
    const res = await upload(emailConversation, new Blob([big], { type: 'image/png' }), 'big.png');
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: 'attachment_too_large',
      message: expect.stringContaining('big.png is larger than 5 MB'),
    });
    expect(await countRows()).toBe(before);
  });

  it("another workspace's attachment is a 404, by its own slug or the owner's", async () => {
    const [message] = await messagesOf(emailConversation);
    const id = message!.attachments![0]!.id;
    const asGlobex = await download(`/api/ws/globex/attachments/${id}`, gary);
    expect(asGlobex.status).toBe(404);
    const notMember = await download(`/api/ws/acme/attachments/${id}`, gary);
    expect(notMember.status).toBe(404);
    const upload404 = await upload(
      emailConversation,
      new Blob([PNG], { type: 'image/png' }),
      'a.png',
      'globex',
    );
    expect(upload404.status).toBe(404);
  });

  it('the signed public URL serves the file until it expires, not with a changed signature', async () => {
    const [message] = await messagesOf(emailConversation);
    const id = message!.attachments![0]!.id;
    const service = new AttachmentService(s().services);
    const url = new URL(service.signedUrl('http://x', id, 60_000));
    const ok = await s().app.request(url.pathname + url.search);
    expect(ok.status).toBe(200);
    expectSafeHeaders(ok);
    const sig = url.searchParams.get('signature')!;
    url.searchParams.set('signature', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    expect((await s().app.request(url.pathname + url.search)).status).toBe(404);
    const expired = new URL(service.signedUrl('http://x', id, -1));
    expect((await s().app.request(expired.pathname + expired.search)).status).toBe(404);
  });

  it('a reply with a PDF reaches the customer as an email attachment', async () => {
    const reply = await replyWith(
      emailConversation,
      'Our invoice is attached.',
      new Blob([PDF], { type: 'application/pdf' }),
      'credit-note.pdf',
    );
    expect(reply.attachments).toMatchObject([
      { filename: 'credit-note.pdf', contentType: 'application/pdf', status: 'stored' },
    ]);
    await drain();
    const out = (await gatewayMessages('email', 'olga@example.org')).find(
      (m) => m.direction === 'outbound',
    );
    expect(out?.text).toContain('Our invoice is attached.');
    expect(out?.media).toMatchObject([
      { filename: 'credit-note.pdf', contentType: 'application/pdf' },
    ]);
    const got = await fetch(out!.media[0]!.url);
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
  });

  /** The gateway's copy of an outbound message's media (fetched from our signed URL, as providers do). */
  const copiedMedia = async (channel: string, address: string) => {
    const outbound = async () =>
      (await gatewayMessages(channel, address)).filter((m) => m.direction === 'outbound');
    await expect
      .poll(
        async () =>
          (await outbound()).every((m) =>
            m.media.every((x) => x.url.startsWith(stack.gateway.url)),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    return outbound();
  };

  it('an SMS reply with an image goes as an MMS whose MediaUrl is our signed URL (the gateway fetches it, as Twilio does)', async () => {
    const conversation = await conversationOf('+447700900321');
    const reply = await replyWith(
      conversation.id,
      'Here is your return label',
      new Blob([PNG], { type: 'image/png' }),
      'label.png',
    );
    await drain();
    const sent = await s()
      .services.db.selectFrom('messages')
      .select('external_id')
      .where('id', '=', reply.id)
      .executeTakeFirstOrThrow();
    const sid = sent.external_id!.replace(/^sms:/, '');
    const twilio = stack.gateway.info.twilio;
    const resource = await fetch(
      `${twilio.apiBaseUrl}/2010-04-01/Accounts/${twilio.accountSid}/Messages/${sid}.json`,
      {
        headers: {
          authorization: `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`,
        },
      },
    );
    expect(((await resource.json()) as { num_media: string }).num_media).toBe('1');
    const [out] = await copiedMedia('sms', '+447700900321');
    expect(out?.text).toBe('Here is your return label');
    expect(out?.media).toMatchObject([{ contentType: 'image/png', filename: 'label.png' }]);
    const got = await fetch(out!.media[0]!.url);
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('a WhatsApp reply with a PDF goes as a document message by link, the text as its caption', async () => {
    const conversation = await conversationOf('+447700900654');
    await replyWith(
      conversation.id,
      'Your refund confirmation',
      new Blob([PDF], { type: 'application/pdf' }),
      'refund.pdf',
    );
    await drain();
    const out = await copiedMedia('whatsapp', '+447700900654');
    expect(out).toHaveLength(1);
    expect(out[0]!.text).toBe('Your refund confirmation');
    expect(out[0]!.media).toMatchObject([{ filename: 'refund.pdf' }]);
    const got = await fetch(out[0]!.media[0]!.url);
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('a reply may be a file alone (an MMS without text); an empty reply without files, or a note of files alone, is a 400', async () => {
    const conversation = await conversationOf('+447700900321');
    const before = (await copiedMedia('sms', '+447700900321')).length;
    const reply = await replyWith(
      conversation.id,
      '',
      new Blob([PNG], { type: 'image/png' }),
      'photo-only.png',
    );
    expect(reply.body).toBe('');
    await drain();
    const out = await copiedMedia('sms', '+447700900321');
    expect(out).toHaveLength(before + 1);
    expect(out.at(-1)).toMatchObject({
      text: '',
      media: [{ contentType: 'image/png', filename: 'photo-only.png' }],
    });
    const empty = await s().req(
      'POST',
      `/api/ws/acme/inbox/conversations/${conversation.id}/messages`,
      { token: jane, body: { body: '   ' } },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0]).toMatchObject({
      path: 'body.body',
      message: 'Write a message or attach a file.',
    });
    const up = await upload(conversation.id, new Blob([PNG], { type: 'image/png' }), 'n.png');
    const { attachment } = (await up.json()) as { attachment: { id: string } };
    const note = await s().req(
      'POST',
      `/api/ws/acme/inbox/conversations/${conversation.id}/messages`,
      { token: jane, body: { kind: 'note', body: '', attachmentIds: [attachment.id] } },
    );
    expect(note.status).toBe(400);
  });

  it('an upload no reply carried is deleted (bytes and row) a day later; a recent one and a sent one stay', async () => {
    const conversation = await conversationOf('+447700900321');
    const uploadOf = async (name: string) => {
      const up = await upload(conversation.id, new Blob([PNG], { type: 'image/png' }), name);
      expect(up.status).toBe(201);
      return ((await up.json()) as { attachment: { id: string } }).attachment.id;
    };
    const abandoned = await uploadOf('abandoned.png');
    const recent = await uploadOf('recent.png');
    const sent = (
      await replyWith(conversation.id, 'Sent one', new Blob([PNG], { type: 'image/png' }), 's.png')
    ).attachments![0]!.id;
    const db = s().services.db;
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await sql`UPDATE attachments SET created_at = ${dayAgo}
      WHERE id IN (${abandoned}, ${sent})`.execute(db);
    const service = new AttachmentService(s().services);
    const key = (
      await db
        .selectFrom('attachments')
        .select('storage_key')
        .where('id', '=', abandoned)
        .executeTakeFirstOrThrow()
    ).storage_key!;
    expect(await service.store.get(key)).not.toBeNull();
    expect(await service.sweepUnsent()).toBeGreaterThanOrEqual(1);
    const left = await db
      .selectFrom('attachments')
      .select('id')
      .where('id', 'in', [abandoned, recent, sent])
      .execute();
    expect(left.map((r) => r.id).sort()).toEqual([recent, sent].sort());
    expect(await service.store.get(key)).toBeNull();
  });

  it('a reply naming an upload of another conversation (or one already sent) is refused and not posted', async () => {
    const conversation = await conversationOf('+447700900654');
    const up = await upload(emailConversation, new Blob([PNG], { type: 'image/png' }), 'x.png');
    const { attachment } = (await up.json()) as { attachment: { id: string } };
    const before = (await messagesOf(conversation.id)).length;
    const posted = await s().req(
      'POST',
      `/api/ws/acme/inbox/conversations/${conversation.id}/messages`,
      { token: jane, body: { body: 'wrong file', attachmentIds: [attachment.id] } },
    );
    expect(posted.status).toBe(400);
    expect(posted.body.issues[0].path).toBe('body.attachmentIds');
    expect(await messagesOf(conversation.id)).toHaveLength(before);
  });
});
