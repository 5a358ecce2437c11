/**
 * A CCP panel page that runs the REAL amazon-connect-streams 2.18.7 CCP side
 * (`connect.core.initSharedWorker` plus `connect.worker.main()` in the SharedWorker), served on its
 * own origin in front of the mini CTI backend: `/api` is forwarded to the backend, except
 * `CreateTransport`, answered with a `wss://` URL on a closed port (the worker's web-socket manager
 * then accepts the config and polling starts; reference §3.5).
 */
import { readFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

const require = createRequire(import.meta.url);

export interface RealWorkerPanel {
  readonly url: string;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    req.on('end', () => resolve(data));
  });

export async function startRealWorkerPanel(options: {
  readonly backendPort: number;
  readonly allowedOrigins: () => readonly string[];
}): Promise<RealWorkerPanel> {
  const streams = readFileSync(
    require.resolve('amazon-connect-streams/release/connect-streams.js'),
  );
  const forward = (path: string, req: IncomingMessage, body: string) =>
    new Promise<{ status: number; headers: Record<string, string>; body: string }>(
      (resolve, reject) => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) {
          if (typeof v === 'string' && !['host', 'origin', 'referer', 'content-length'].includes(k))
            headers[k] = v;
        }
        const r = request(
          { host: '127.0.0.1', port: options.backendPort, path, method: req.method, headers },
          (res) => {
            let data = '';
            res.on('data', (c: Buffer) => (data += c.toString('utf8')));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 500,
                headers: {
                  'Content-Type': String(res.headers['content-type'] ?? 'application/json'),
                },
                body: data,
              }),
            );
          },
        );
        r.on('error', reject);
        r.end(body);
      },
    );

  const server: Server = createServer((req, res) => {
    (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const csp = {
        'Content-Security-Policy': `frame-ancestors 'self' ${options.allowedOrigins().join(' ')}`,
      };
      if (url.pathname === '/real-ccp/') {
        res.writeHead(200, { 'Content-Type': 'text/html', ...csp });
        return res.end(`<!doctype html><html><head><meta charset="utf-8"><title>real CCP side</title>
<script src="/streams.js"></script></head><body><script>
connect.core.initSharedWorker({
  sharedWorkerUrl: '/real-ccp/worker.js',
  authToken: 'tok-agent',
  refreshToken: 'tok-refresh',
  authTokenExpiration: new Date(Date.now() + 12 * 3600 * 1000).toISOString(),
  region: 'us-east-1',
  endpoint: location.origin + '/api',
  authorizeEndpoint: '/auth/authorize',
  agentAppEndpoint: location.origin + '/agent-app/api',
  authCookieName: 'lily-auth-emulated'
});
</script></body></html>`);
      }
      if (url.pathname === '/real-ccp/worker.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript' });
        return res.end(`importScripts('/streams.js'); connect.worker.main();`);
      }
      if (url.pathname === '/streams.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript' });
        return res.end(streams);
      }
      if (url.pathname === '/api' && req.method === 'POST') {
        const body = await readBody(req);
        if (String(req.headers['x-amz-target']).endsWith('.CreateTransport')) {
          res.writeHead(200, { 'Content-Type': 'application/x-amz-json-1.0' });
          return res.end(
            JSON.stringify({
              webSocketTransport: {
                url: 'wss://127.0.0.1:9/closed',
                transportLifeTimeInSeconds: 3600,
                expiry: new Date(Date.now() + 3600_000).toISOString(),
              },
            }),
          );
        }
        const answer = await forward('/api', req, body);
        res.writeHead(answer.status, answer.headers);
        return res.end(answer.body);
      }
      if (url.pathname === '/auth/authorize') {
        const answer = await forward('/auth/authorize', req, '');
        res.writeHead(answer.status, answer.headers);
        return res.end(answer.body);
      }
      res.writeHead(404);
      res.end();
    })().catch(() => {
      // the backend went away (end of test): answer like an unreachable service
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/real-ccp/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
