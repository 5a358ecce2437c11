// The email channel's sending side: nodemailer over the relay of SMTP_URL. Our Message-ID is made
// from the message id (a resend after a crash carries the same id, so mail clients show it once),
// In-Reply-To and References name the thread's earlier mails, so replies thread in the customer's
// mail client and their answers thread back to the conversation. A reply's files are attached.
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { ChannelAdapter, OutboundSend, SendResult } from '../types';
import { EMAIL_ID_PREFIX } from './constants';

const RETRYABLE_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ECONNREFUSED',
  'ECONNRESET',
]);

/** The Message-ID of an outbound message of ours. */
export function ourMessageId(messageId: string, from: string): string {
  const domain = from.split('@')[1] || 'workspace.invalid';
  return `<${messageId}@${domain}>`;
}

export class EmailAdapter implements ChannelAdapter {
  readonly channel = 'email' as const;
  readonly connected = true;
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(smtpUrl: string) {
    const url = new URL(smtpUrl);
    const secure = url.protocol === 'smtps:';
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    const options: SMTPTransport.Options = {
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      ...(url.username
        ? {
            auth: {
              user: decodeURIComponent(url.username),
              pass: decodeURIComponent(url.password),
            },
          }
        : {}),
      // A relay on this machine (the local gateway) may offer STARTTLS with its own certificate.
      ...(loopback ? { tls: { rejectUnauthorized: false } } : {}),
    };
    this.transport = nodemailer.createTransport(options);
  }

  async send(message: OutboundSend): Promise<SendResult> {
    const thread = message.thread
      .filter((id) => id.startsWith(EMAIL_ID_PREFIX))
      .map((id) => id.slice(EMAIL_ID_PREFIX.length));
    const subject = message.subject?.trim() || '(no subject)';
    const messageId = ourMessageId(message.idempotencyKey, message.from);
    try {
      const info = await this.transport.sendMail({
        from: message.from,
        to: message.to,
        // A reply in a thread is "Re:"; a first mail (a campaign's) keeps its subject.
        subject: thread.length === 0 || /^re:/i.test(subject) ? subject : `Re: ${subject}`,
        text: message.body,
        messageId,
        attachments: await Promise.all(
          (message.attachments ?? []).map(async (a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: await a.read(),
          })),
        ),
        ...(thread.length > 0 ? { inReplyTo: thread.at(-1), references: thread } : {}),
      });
      return {
        ok: true,
        providerMessageId: `${EMAIL_ID_PREFIX}${info.messageId || messageId}`,
        status: 'sent',
      };
    } catch (error) {
      const e = error as { code?: string; responseCode?: number; message?: string };
      const reason = e.responseCode
        ? `${e.responseCode}: ${e.message ?? 'refused'}`
        : (e.message ?? String(error));
      // 4xx replies are temporary in SMTP; 5xx and a refused envelope are final.
      const retryable =
        (e.responseCode !== undefined && e.responseCode >= 400 && e.responseCode < 500) ||
        (e.responseCode === undefined &&
          e.code !== 'EENVELOPE' &&
          RETRYABLE_CODES.has(e.code ?? ''));
      return { ok: false, retryable, reason };
    }
  }

  close(): void {
    this.transport.close();
  }
}
