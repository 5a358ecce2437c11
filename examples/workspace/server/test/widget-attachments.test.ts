// Files in the web-chat widget, both ways, through the server's API: a visitor's file becomes
// their message with the file on it (the agent sees it), a file too large or of a type not taken is
// refused (413/415 in the error shape) with nothing stored, an agent's reply with a file is listed
// to the visitor and downloaded through the widget route with the safe headers, and another
// visitor's token cannot read it; on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_LIMITS } from '../src/modules/attachments/constants';
import { createTestServer, dbKinds, type TestServer } from './harness';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><script>parent.stolen = document.cookie</script>');

describe.each(dbKinds())('web-chat widget attachments on %s', (kind) => {
  let s: TestServer;
  let jane: string;
  beforeAll(async () => {
    s = await createTestServer(kind);
    jane = await s.login('jane@acme.test');
  }, 240_000);
  afterAll(() => s?.close());

  const widgetUpload = (file: Blob, name: string, clientId: string, token?: string, body = '') => {
    const form = new FormData();
    form.append('file', file, name);
    form.append('clientId', clientId);
    if (body) form.append('body', body);
    return s.app.request('/api/widget/acme/attachments', {
      method: 'POST',
      headers: token ? { 'x-widget-token': token } : {},
      body: form,
    });
  };
  const widgetMessages = async (token: string) =>
    (await s.req('GET', '/api/widget/acme/messages', { headers: { 'x-widget-token': token } })).body
      .messages as {
      id: string;
      direction: string;
      body: string;
      attachments?: { id: string; filename: string; contentType: string; url: string | null }[];
    }[];
  const countRows = async (table: 'attachments' | 'messages' | 'webchat_visitors') =>
    Number(
      (
        await s.services.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const conversationOf = async (q: string) =>
    (
      await s.req(
        'GET',
        `/api/ws/acme/inbox/conversations?folder=all&status=any&q=${encodeURIComponent(q)}`,
        { token: jane },
      )
    ).body.conversations[0] as { id: string };

  let token: string;
  let conversationId: string;

  it("a visitor's file is stored and shows on their message to the agent", async () => {
    const res = await widgetUpload(
      new Blob([PNG], { type: 'image/png' }),
      'screenshot.png',
      'client-file-0001',
      undefined,
      'Here is the error I see',
    );
    expect(res.status).toBe(201);
    const posted = (await res.json()) as { token: string; messageId: string };
    token = posted.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    conversationId = (await conversationOf('error I see')).id;
    const agentView = await s.req(
      'GET',
      `/api/ws/acme/inbox/conversations/${conversationId}/messages`,
      { token: jane },
    );
    const [message] = agentView.body.messages;
    expect(message).toMatchObject({
      id: posted.messageId,
      direction: 'inbound',
      body: 'Here is the error I see',
      attachments: [
        {
          filename: 'screenshot.png',
          contentType: 'image/png',
          size: PNG.length,
          status: 'stored',
        },
      ],
    });
    const download = await s.app.request(message.attachments[0].url, {
      headers: { authorization: `Bearer ${jane}` },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
    // The visitor sees their own file on their message too.
    const [own] = await widgetMessages(token);
    expect(own!.attachments).toMatchObject([{ filename: 'screenshot.png' }]);
    // A file without text is a message of its own.
    const alone = await widgetUpload(
      new Blob([PDF], { type: 'application/pdf' }),
      'report.pdf',
      'client-file-0005',
      token,
    );
    expect(alone.status).toBe(201);
    const mine = await widgetMessages(token);
    expect(mine.at(-1)).toMatchObject({
      body: '',
      attachments: [{ filename: 'report.pdf', contentType: 'application/pdf' }],
    });
  });

  it('a file over the limit is 413 and HTML is 415, in the error shape, with nothing stored', async () => {
    const before = await Promise.all([
      countRows('attachments'),
      countRows('messages'),
      countRows('webchat_visitors'),
    ]);
    const big = Buffer.alloc(ATTACHMENT_LIMITS.maxBytes + 1);
    PNG.copy(big);
    const tooLarge = await widgetUpload(
      new Blob([big], { type: 'image/png' }),
      'big.png',
      'client-file-0002',
      token,
    );
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({
      error: 'attachment_too_large',
      message: expect.stringContaining('big.png is larger than 5 MB'),
    });
    for (const [bytes, type, name] of [
      [HTML, 'text/html', 'x.html'],
      [HTML, 'image/png', 'x.png'],
    ] as const) {
      const res = await widgetUpload(new Blob([bytes], { type }), name, 'client-file-0003', token);
      expect(res.status, name).toBe(415);
      expect(await res.json()).toMatchObject({ error: 'unsupported_attachment_type' });
    }
    // A refused first file of a new visitor makes no visitor either.
    const fresh = await widgetUpload(
      new Blob([HTML], { type: 'text/html' }),
      'x.html',
      'client-file-0004',
    );
    expect(fresh.status).toBe(415);
    expect(
      await Promise.all([
        countRows('attachments'),
        countRows('messages'),
        countRows('webchat_visitors'),
      ]),
    ).toEqual(before);
  });

  let replyFileUrl: string;

  it("the agent's reply with a file is listed to the visitor and downloaded with the safe headers", async () => {
    const form = new FormData();
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'invoice.pdf');
    const up = await s.app.request(
      `/api/ws/acme/inbox/conversations/${conversationId}/attachments`,
      { method: 'POST', headers: { authorization: `Bearer ${jane}` }, body: form },
    );
    expect(up.status).toBe(201);
    const { attachment } = (await up.json()) as { attachment: { id: string } };
    const posted = await s.req(
      'POST',
      `/api/ws/acme/inbox/conversations/${conversationId}/messages`,
      { token: jane, body: { body: 'Your invoice is attached.', attachmentIds: [attachment.id] } },
    );
    expect(posted.status).toBe(201);
    const reply = (await widgetMessages(token)).find((m) => m.direction === 'outbound');
    expect(reply).toMatchObject({
      body: 'Your invoice is attached.',
      attachments: [{ id: attachment.id, filename: 'invoice.pdf', contentType: 'application/pdf' }],
    });
    replyFileUrl = reply!.attachments![0]!.url!;
    expect(replyFileUrl).toBe(`/api/widget/acme/attachments/${attachment.id}`);
    for (const res of [
      await s.app.request(replyFileUrl, { headers: { 'x-widget-token': token } }),
      await s.app.request(`${replyFileUrl}?token=${encodeURIComponent(token)}`),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="invoice.pdf"/);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    }
    // Without a token: 401.
    expect((await s.app.request(replyFileUrl)).status).toBe(401);
  });

  it("another visitor's token cannot read the file (404), nor a draft upload of the agent", async () => {
    const other = await s.req('POST', '/api/widget/acme/messages', {
      body: { body: 'Someone else', clientId: 'client-other-01' },
    });
    expect(other.status).toBe(201);
    const otherToken = other.body.token as string;
    const res = await s.app.request(replyFileUrl, { headers: { 'x-widget-token': otherToken } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'not_found' });
    // An upload not yet sent is not the visitor's to read either.
    const form = new FormData();
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'draft.pdf');
    const up = await s.app.request(
      `/api/ws/acme/inbox/conversations/${conversationId}/attachments`,
      { method: 'POST', headers: { authorization: `Bearer ${jane}` }, body: form },
    );
    const { attachment } = (await up.json()) as { attachment: { id: string } };
    const draft = await s.app.request(`/api/widget/acme/attachments/${attachment.id}`, {
      headers: { 'x-widget-token': token },
    });
    expect(draft.status).toBe(404);
  });
});
