// A stand-in for the workspace server's side of the wire in the gateway's tests: an HTTP server
// that records every webhook (and answers the WhatsApp verification handshake), and an
// smtp-server inbound listener that parses what it receives with mailparser.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Received {
  readonly method: string;
  readonly path: string;
  readonly url: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** Waits for the first item (already seen or still to come) that passes `test`. */
class Inbox<T> {
  readonly items: T[] = [];
  private waiters: { test: (v: T) => boolean; resolve: (v: T) => void }[] = [];

  push(item: T): void {
    this.items.push(item);
    this.waiters = this.waiters.filter((w) => {
      if (!w.test(item)) return true;
      w.resolve(item);
      return false;
    });
  }

  next(test: (v: T) => boolean = () => true): Promise<T> {
    const seen = this.items.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }
}

export interface WebhookPeer {
  readonly url: string;
  readonly requests: Inbox<Received>;
  /** What the WhatsApp GET handshake echoes: the challenge, or something else. */
  echoChallenge: boolean;
  readonly verifyToken: string;
  close(): Promise<void>;
}

export async function startWebhookPeer(): Promise<WebhookPeer> {
  const requests = new Inbox<Received>();
  const peer = { echoChallenge: true, verifyToken: 'verify-me' } as WebhookPeer;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', peer.url);
      if (req.method === 'GET' && url.searchParams.get('hub.mode') === 'subscribe') {
        const ok = url.searchParams.get('hub.verify_token') === peer.verifyToken;
        res.writeHead(ok ? 200 : 403, { 'content-type': 'text/plain' });
        res.end(ok && peer.echoChallenge ? (url.searchParams.get('hub.challenge') ?? '') : 'no');
        return;
      }
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        url: `${peer.url}${req.url ?? ''}`,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  Object.assign(peer, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
  return peer;
}

export interface SmtpPeer {
  readonly address: string;
  readonly mails: Inbox<{ envelope: { from: string; to: string[] }; mail: ParsedMail }>;
  close(): Promise<void>;
}

/** An inbound SMTP listener as a workspace runs one (no auth, any recipient). */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const mails: SmtpPeer['mails'] = new Inbox();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      simpleParser(stream).then(
        (mail) => {
          mails.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            mail,
          });
          cb();
        },
        (error: Error) => cb(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    address: `127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
