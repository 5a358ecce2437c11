// The Node HTTP(S) server under the emulator's app: its creation (TLS or not, a self-signed
// certificate on request), its web-socket upgrades, the AWS-shaped answers to requests Node cannot
// parse, and listening.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Duplex } from 'node:stream';
import { MAX_HEADER_BYTES } from '../constants';

/** A PEM key and certificate to serve HTTPS and WSS with. */
export interface TlsPems {
  readonly key: string;
  readonly cert: string;
}

/**
 * An HTTP server (HTTPS with `tls`) answering with `handler` and passing web-socket upgrades to
 * `upgrade`; a failing upgrade, and any server error, is logged.
 */
export function createNodeServer(
  tls: TlsPems | null,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void,
  log: (line: string) => void,
): Server {
  const serverOptions = { maxHeaderSize: MAX_HEADER_BYTES };
  const server: Server = tls
    ? createHttpsServer({ key: tls.key, cert: tls.cert, ...serverOptions }, handler)
    : createHttpServer(serverOptions, handler);
  server.on('upgrade', (req, socket, head) => {
    try {
      upgrade(req, socket, head);
    } catch (error) {
      log(`upgrade failed: ${(error as Error)?.stack ?? String(error)}`);
      socket.destroy();
    }
  });
  // Requests Node cannot parse (a head over MAX_HEADER_BYTES, a bad request line): an AWS-shaped
  // answer instead of Node's bare one.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, type] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'RequestHeaderFieldsTooLargeException']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'RequestTimeoutException']
          : [400, 'Bad Request', 'BadRequestException'];
    const body = JSON.stringify({ __type: type, message: reason, Message: reason });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nx-amzn-ErrorType: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  server.on('error', (error) => log(`server error: ${String(error)}`));
  return server;
}

/** Starts `server` listening on `port` and `host`; rejects when it cannot (e.g. port in use). */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** A self-signed certificate for `localhost` and `127.0.0.1`, valid for 30 days. */
export async function generateCertificate(): Promise<TlsPems> {
  const { generate } = await import('selfsigned');
  const notBeforeDate = new Date(Date.now() - 60_000);
  const notAfterDate = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
