// The S3 attachment store against the channel gateway's S3 stand-in (SigV4-verified, path-style):
// the server runs with ATTACHMENTS_S3_* pointed at it, a customer's email attachment and an
// agent's upload land in the bucket under `<workspace id>/<attachment id>`, and are served back
// from it with the same safe headers as from disk. The database is PGlite: the store is the
// subject here, not the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentStoreFor } from '../src/modules/attachments/store';
import { startInboundEmail } from '../src/modules/conversations-intake/email';
import type { InboundEmailServer } from '../src/integrations/channels/email/inbound';
import { startGatewayStack, type GatewayStack } from './channels-gateway';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

interface AttachmentView {
  id: string;
  filename: string;
  contentType: string;
  status: string;
  url: string | null;
}

describe('attachments in S3 (the gateway stand-in)', () => {
  let stack: GatewayStack;
  let jane: string;
  let acme: string;
  let inbound: { server: InboundEmailServer; address: string };
  beforeAll(async () => {
    stack = await startGatewayStack('pglite', {
      smtp: true,
      env: ({ s3 }) => ({
        ATTACHMENTS_S3_BUCKET: s3.bucket,
        ATTACHMENTS_S3_REGION: s3.region,
        ATTACHMENTS_S3_ENDPOINT: s3.endpoint,
        ATTACHMENTS_S3_FORCE_PATH_STYLE: '1',
        ATTACHMENTS_S3_ACCESS_KEY_ID: s3.accessKeyId,
        ATTACHMENTS_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      }),
    });
    jane = await stack.server.login('jane@acme.test');
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
  const download = (url: string) =>
    s().app.request(url, { headers: { authorization: `Bearer ${jane}` } });
  const expectSafeHeaders = (res: Response) => {
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  };

  it('uses the S3 store', () => {
    expect(attachmentStoreFor(s().services.config).kind).toBe('s3');
  });

  let conversationId: string;

  it("stores a customer's email attachment in the bucket and serves it back with safe headers", async () => {
    const sent = await stack.control('POST', '/email', {
      from: 'olga@example.org',
      to: 'support@acme.test',
      subject: 'Photo of the damage (S3)',
      text: 'See the photo.',
      attachments: [
        { filename: 'damage.png', contentType: 'image/png', contentBase64: PNG.toString('base64') },
      ],
    });
    expect(sent.status).toBe(200);
    const found = await s().req(
      'GET',
      `/api/ws/acme/inbox/conversations?folder=all&status=any&limit=100&q=${encodeURIComponent('Photo of the damage (S3)')}`,
      { token: jane },
    );
    conversationId = found.body.conversations[0].id as string;
    const messages = await s().req(
      'GET',
      `/api/ws/acme/inbox/conversations/${conversationId}/messages`,
      { token: jane },
    );
    const [file] = messages.body.messages[0].attachments as AttachmentView[];
    expect(file).toMatchObject({
      filename: 'damage.png',
      contentType: 'image/png',
      status: 'stored',
    });

    const object = stack.gateway.s3.peek(`${acme}/${file!.id}`);
    expect(object?.bytes.equals(PNG)).toBe(true);
    expect(object?.contentType).toBe('image/png');

    const res = await download(file!.url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="damage.png"/);
    expectSafeHeaders(res);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("stores an agent's upload in the bucket and serves it back", async () => {
    const form = new FormData();
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'invoice.pdf');
    const up = await s().app.request(
      `/api/ws/acme/inbox/conversations/${conversationId}/attachments`,
      { method: 'POST', headers: { authorization: `Bearer ${jane}` }, body: form },
    );
    expect(up.status).toBe(201);
    const { attachment } = (await up.json()) as { attachment: AttachmentView };
    expect(stack.gateway.s3.peek(`${acme}/${attachment.id}`)?.bytes.equals(PDF)).toBe(true);
    const res = await download(attachment.url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expectSafeHeaders(res);
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
  });
});
