import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPanelRequestHandler } from './panel-page';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(allowed: string[]): Promise<string> {
  const handler = createPanelRequestHandler({ allowedOrigins: () => allowed, region: 'us-east-1' });
  server = createServer((req, res) => {
    void handler(req, res).then((handled) => {
      if (!handled) {
        res.writeHead(404);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server?.address() as AddressInfo).port}`;
}

describe('emulator panel page routes', () => {
  it('serves the panel at /connect/ccp-v2/ and /ccp-v2/ with frame-ancestors limited to the allowed origins', async () => {
    const base = await serve(['http://localhost:4000', "bad'origin"]);
    for (const path of ['/connect/ccp-v2/', '/ccp-v2/']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toBe(
        "frame-ancestors 'self' http://localhost:4000",
      );
      const html = await response.text();
      expect(html).toContain('data-testid="accept-call"');
      expect(html).toContain(`"sharedWorkerUrl":"${path}worker.js"`);
    }
  });

  it('redirects the slash-less path and leaves other paths alone', async () => {
    const base = await serve([]);
    const redirect = await fetch(`${base}/connect/ccp-v2`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/connect/ccp-v2/');
    expect((await fetch(`${base}/api`)).status).toBe(404);
  });

  it('bundles the panel script and the SharedWorker script with esbuild', async () => {
    const base = await serve([]);
    const app = await fetch(`${base}/connect/ccp-v2/panel.js`);
    expect(app.headers.get('content-type')).toContain('javascript');
    expect((await app.text()).length).toBeGreaterThan(1000);
    const worker = await (await fetch(`${base}/ccp-v2/worker.js`)).text();
    expect(worker).toContain('onconnect');
  }, 30_000);

  it('serves the default ringtone as a playable WAV and names it in the page configuration', async () => {
    const base = await serve([]);
    const html = await (await fetch(`${base}/connect/ccp-v2/`)).text();
    expect(html).toContain('"ringtoneUrl":"/connect/ccp-v2/ringtone.wav"');
    const wav = await fetch(`${base}/connect/ccp-v2/ringtone.wav`);
    expect(wav.headers.get('content-type')).toBe('audio/wav');
    const bytes = Buffer.from(await wav.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('ascii')).toBe('WAVE');
    expect(bytes.readUInt32LE(24)).toBe(8000);
    expect(bytes.length).toBe(44 + 16_000);
  });
});
