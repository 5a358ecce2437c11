import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RouteHandler } from '../../src/lib/http';

/** Serves the given route handlers on an ephemeral loopback port (404 when none answers). */
export async function serve(
  ...handlers: RouteHandler[]
): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    void (async () => {
      for (const handler of handlers) if (await handler(req, res, url)) return;
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"message":"not found"}');
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
