// The email channel's receiving side: an SMTP listener (smtp-server) whose mail is parsed with
// mailparser. It knows mail and nothing of conversations: each accepted recipient address is asked
// of `mailbox` (the workspace it belongs to, or refused with 550), and each parsed message is
// handed to `deliver`. Size is limited (SIZE advertised, 552 past it); bounces (null sender or a
// delivery report) are accepted and dropped; the HTML part is never kept as HTML: the text part
// (mailparser derives one from an HTML-only mail), else the HTML reduced to text by sanitize-html,
// is the message. Attached files are handed on as they are (the intake checks and stores them).
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import sanitizeHtml from 'sanitize-html';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { EMAIL_ID_PREFIX, EMAIL_LIMITS } from './constants';

/** One inbound mail for one workspace. */
export interface InboundEmail {
  readonly workspaceId: string;
  readonly from: { readonly address: string; readonly name: string | null };
  readonly subject: string;
  readonly text: string;
  /** `email:<Message-ID>`, or null when the mail has none. */
  readonly externalId: string | null;
  /** The provider ids this mail answers (In-Reply-To, then References, newest first). */
  readonly inReplyTo: readonly string[];
  /** The mail's attached files (inline images of the HTML part, `related`, are left out). */
  readonly attachments: readonly {
    readonly filename: string | null;
    readonly contentType: string;
    readonly content: Buffer;
  }[];
}

export interface InboundEmailOptions {
  readonly host: string;
  readonly port: number;
  /** The workspace of a recipient address when its email channel is on, else null. */
  mailbox(address: string): Promise<string | null>;
  deliver(mail: InboundEmail): Promise<void>;
  onError?(error: unknown): void;
}

const smtpError = (message: string, responseCode: number) =>
  Object.assign(new Error(message), { responseCode });

const ids = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? value.split(/\s+/) : []).filter((v) => /^<.+>$/.test(v));

/** The message text: the plain part, else the HTML part reduced to text (never HTML). */
export function mailText(mail: Pick<ParsedMail, 'text' | 'html'>): string {
  if (mail.text?.trim()) return mail.text.replace(/\u00a0/g, ' ').trim();
  if (typeof mail.html === 'string')
    return sanitizeHtml(mail.html.replace(/<(br|\/p|\/div|\/li)[^>]*>/gi, '$&\n'), {
      allowedTags: [],
      allowedAttributes: {},
    })
      .replace(/&nbsp;|\u00a0/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  return '';
}

export class InboundEmailServer {
  private readonly server: SMTPServer;
  private address: string | undefined;

  constructor(private readonly options: InboundEmailOptions) {
    this.server = new SMTPServer({
      name: 'workspace-inbound',
      authOptional: true,
      disabledCommands: ['AUTH'],
      hideSTARTTLS: true,
      size: EMAIL_LIMITS.maxMessageBytes,
      maxClients: EMAIL_LIMITS.maxClients,
      logger: false,
      onRcptTo: (address, session, callback) => {
        if (session.envelope.rcptTo.length >= EMAIL_LIMITS.maxRecipients)
          return callback(smtpError('Too many recipients', 452));
        this.options
          .mailbox(address.address.toLowerCase())
          .then((workspaceId) =>
            workspaceId ? callback() : callback(smtpError('Mailbox unavailable', 550)),
          )
          .catch(() => callback(smtpError('Try again later', 451)));
      },
      onData: (stream, session, callback) => {
        this.receive(stream, session).then(
          () => callback(),
          (error: unknown) => {
            this.options.onError?.(error);
            callback(
              error instanceof Error && 'responseCode' in error
                ? error
                : smtpError('Try again later', 451),
            );
          },
        );
      },
    });
    this.server.on('error', (error) => this.options.onError?.(error));
  }

  /** Starts listening; answers `host:port`. */
  async listen(): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port, this.options.host, () => resolve());
    });
    const a = this.server.server.address() as AddressInfo;
    this.address = `${this.options.host}:${a.port}`;
    return this.address;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> {
    const mail = await simpleParser(stream);
    if (stream.sizeExceeded) throw smtpError('Message exceeds the size limit', 552);
    const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    const from = mail.from?.value[0];
    // Bounces and delivery reports are not customers' messages.
    const contentType = mail.headers.get('content-type');
    const type =
      typeof contentType === 'string'
        ? contentType
        : contentType &&
            typeof contentType === 'object' &&
            'value' in contentType &&
            typeof contentType.value === 'string'
          ? contentType.value
          : '';
    const report = /multipart\/report/i.test(type);
    if (!sender || !from?.address || report) return;
    const answered = [...ids(mail.inReplyTo), ...ids(mail.references).reverse()].map(
      (id) => `${EMAIL_ID_PREFIX}${id}`,
    );
    const seen = new Set<string>();
    for (const rcpt of session.envelope.rcptTo) {
      const workspaceId = await this.options.mailbox(rcpt.address.toLowerCase());
      if (!workspaceId || seen.has(workspaceId)) continue;
      seen.add(workspaceId);
      await this.options.deliver({
        workspaceId,
        from: { address: from.address, name: from.name || null },
        subject: mail.subject ?? '',
        text: mailText(mail),
        externalId: mail.messageId ? `${EMAIL_ID_PREFIX}${mail.messageId}` : null,
        inReplyTo: answered,
        attachments: mail.attachments
          .filter((a) => !a.related)
          .map((a) => ({
            filename: a.filename ?? null,
            contentType: a.contentType,
            content: a.content,
          })),
      });
    }
  }
}
