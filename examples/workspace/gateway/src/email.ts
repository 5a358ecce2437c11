// Email both ways: an SMTP relay (smtp-server with AUTH) that takes the workspace's outbound mail
// into per-recipient mailboxes (parsed with mailparser), and the customer's mail client, which
// delivers to the workspace's inbound SMTP listener with nodemailer, threading replies with
// In-Reply-To and References as a mail client does.
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { createTransport } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { MAX_MAIL_BYTES } from './constants';
import type { GatewayContext } from './context';
import type { ChannelMessage, MediaRef } from './store';

/** `references` as mailparser gives it (a string for one id, else an array). */
function idList(value: string | string[] | undefined): string[] {
  if (!value) return [];
  return (Array.isArray(value) ? value : value.split(/\s+/)).filter(Boolean);
}

/** A mail the customer writes. */
export interface CustomerMail {
  readonly from: string;
  readonly to: string;
  readonly subject?: string;
  readonly text: string;
  readonly html?: string;
  /** The Message-ID (with `<>`) of a mail in the customer's mailbox this one replies to. */
  readonly inReplyTo?: string;
  readonly attachments?: readonly { filename: string; contentType: string; content: Buffer }[];
}

/** Thrown when a reply names a mail the customer's mailbox does not hold. */
export class UnknownParentError extends Error {}

/** The email side of the gateway. */
export class EmailService {
  private server: SMTPServer | undefined;
  private port_ = 0;

  constructor(private readonly ctx: GatewayContext) {}

  /** The relay's port once {@link listen} resolved. */
  get port(): number {
    return this.port_;
  }

  /** Starts the relay on `port` (0 = a free one) on 127.0.0.1. */
  async listen(port: number): Promise<number> {
    const { user, pass } = this.ctx.config.smtp;
    const server = new SMTPServer({
      name: 'channel-gateway',
      banner: 'channel gateway relay',
      authMethods: ['PLAIN', 'LOGIN'],
      // Loopback only, plain text: no certificate to trust.
      allowInsecureAuth: true,
      hideSTARTTLS: true,
      size: MAX_MAIL_BYTES,
      logger: false,
      onAuth: (auth, _session, cb) => {
        if (auth.username === user && auth.password === pass) cb(null, { user });
        else cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (stream.sizeExceeded) {
            cb(
              Object.assign(new Error('Message exceeds fixed maximum message size'), {
                responseCode: 552,
              }),
            );
            return;
          }
          const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          const sender = session.envelope.mailFrom
            ? session.envelope.mailFrom.address.toLowerCase()
            : '';
          this.deliver(Buffer.concat(chunks), sender, recipients).then(
            () => cb(null),
            (error: Error) => cb(Object.assign(error, { responseCode: 451 })),
          );
        });
      },
    });
    server.on('error', (error) => this.ctx.log(`smtp relay: ${String(error)}`));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.port_ = (server.server.address() as AddressInfo).port;
    return this.port_;
  }

  /** Puts a relayed mail into each recipient's mailbox. */
  private async deliver(raw: Buffer, sender: string, recipients: readonly string[]): Promise<void> {
    const mail = await simpleParser(raw);
    const id = mail.messageId ?? `<${randomUUID()}@channel-gateway>`;
    const media: MediaRef[] = mail.attachments.map((a) => {
      const stored = this.ctx.store.putMedia(a.content, a.contentType, a.filename);
      return {
        url: `${this.ctx.origin}/media/${stored.id}`,
        contentType: a.contentType,
        ...(a.filename ? { filename: a.filename } : {}),
      };
    });
    const from = mail.from?.value[0]?.address?.toLowerCase() ?? sender;
    for (const recipient of recipients) {
      this.ctx.store.add({
        channel: 'email',
        id,
        direction: 'outbound',
        customer: recipient,
        business: from,
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
        references: idList(mail.references),
        media,
        status: 'delivered',
      });
    }
  }

  /** The mail in the customer's mailbox with that Message-ID. */
  private parent(customer: string, id: string): ChannelMessage | undefined {
    return this.ctx.store
      .list('email', customer)
      .find((m) => m.direction === 'outbound' && m.id === id);
  }

  /**
   * Sends the customer's mail to the workspace's inbound SMTP listener. A reply takes
   * `In-Reply-To` = the parent's Message-ID and `References` = the parent's References (or its
   * In-Reply-To) followed by the parent's Message-ID, and `Re: ` + its subject.
   */
  async send(
    input: CustomerMail,
  ): Promise<{ messageId: string; status: number | string; response: string }> {
    const customer = input.from.toLowerCase();
    const parent = input.inReplyTo ? this.parent(customer, input.inReplyTo) : undefined;
    if (input.inReplyTo && !parent) throw new UnknownParentError(input.inReplyTo);
    const parentId = parent?.id;
    const references = parent
      ? [
          ...(parent.references?.length
            ? parent.references
            : parent.inReplyTo
              ? [parent.inReplyTo]
              : []),
          parentId!,
        ]
      : [];
    const subject =
      input.subject ??
      (parent
        ? /^re:/i.test(parent.subject ?? '')
          ? parent.subject!
          : `Re: ${parent.subject ?? ''}`
        : '');
    const domain = customer.split('@')[1] ?? 'customer.test';
    const messageId = `<${randomUUID()}@${domain}>`;
    const view = this.ctx.store.add({
      channel: 'email',
      id: messageId,
      direction: 'inbound',
      customer,
      business: input.to.toLowerCase(),
      subject,
      text: input.text,
      ...(parentId ? { inReplyTo: parentId } : {}),
      references,
      media: [],
      status: 'sending',
    });
    const target = this.ctx.webhooks.smtpInbound;
    if (!target) {
      this.ctx.store.setStatus(view, 'failed', {
        code: 0,
        message: 'no inbound SMTP listener registered',
      });
      return { messageId, status: 'not registered', response: '' };
    }
    const transport = createTransport({
      host: target.host,
      port: target.port,
      secure: false,
      // Delivery to a local listener over loopback, as an MTA would: no STARTTLS upgrade.
      ignoreTLS: true,
      connectionTimeout: 10_000,
    });
    try {
      const info = (await transport.sendMail({
        from: input.from,
        to: input.to,
        subject,
        text: input.text,
        ...(input.html ? { html: input.html } : {}),
        messageId,
        ...(parentId ? { inReplyTo: parentId, references } : {}),
        attachments: (input.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      })) as { response: string };
      this.ctx.store.setStatus(view, 'sent');
      view.webhookStatus = info.response;
      this.ctx.store.changed(view);
      return { messageId, status: 'sent', response: info.response };
    } catch (error) {
      const e = error as Error & { responseCode?: number; response?: string };
      this.ctx.store.setStatus(view, 'failed', {
        code: e.responseCode ?? 0,
        message: e.response ?? e.message,
      });
      return { messageId, status: 'failed', response: e.response ?? e.message };
    } finally {
      transport.close();
    }
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
