import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the test server saw. */
export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** What the test server answers: a status, a JSON body and optional headers. */
export interface CannedAnswer {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

/** A tiny local HTTP server on an ephemeral port, answering from a handler (tests only). */
export interface TestServer {
  readonly url: string;
  readonly requests: SeenRequest[];
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1, port 0. */
export async function startTestServer(
  handler: (request: SeenRequest) => CannedAnswer | Promise<CannedAnswer>,
): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const seen: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
      };
      requests.push(seen);
      void Promise.resolve(handler(seen)).then((answer) => {
        res.writeHead(answer.status, {
          'content-type': 'application/x-amz-json-1.0',
          ...answer.headers,
        });
        res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
