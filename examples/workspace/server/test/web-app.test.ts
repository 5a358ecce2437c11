// SERVE_WEB=1: the built app on the API's origin (a stand-in build in a temporary folder).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { loadConfig } from '../src/config';
import { createApp } from '../src/app';
import { WebAppMissingError } from '../src/lib/web-app';

const INDEX = '<!doctype html><title>Workspace</title><div id="root"></div>';

describe('the built web app on the API origin', () => {
  let s: TestServer;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'workspace-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), INDEX);
    writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1);');
    writeFileSync(join(webDir, 'assets', 'big-def456.js'), 'console.log(2);\n'.repeat(200));
    writeFileSync(join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // a file beside the build folder, which no path may reach
    writeFileSync(join(tmpdir(), 'workspace-web-secret.txt'), 'not for the web');
    s = await createTestServer('pglite', { env: { SERVE_WEB: '1', WEB_DIR: webDir } });
  });
  afterAll(async () => {
    await s.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('answers the app page for / and for every client route, never cached', async () => {
    for (const path of ['/', '/sign-in', '/ws/acme/inbox/all', '/ws/acme/settings/teams?x=1']) {
      const res = await s.req('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.text).toBe(INDEX);
    }
  });

  it('serves hashed assets cached for good (gzipped when asked), other files as they are', async () => {
    const asset = await s.req('GET', '/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.text).toBe('console.log(1);');
    const big = await s.req('GET', '/assets/big-def456.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(big.headers.get('content-encoding')).toBe('gzip');
    const icon = await s.req('GET', '/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('a missing asset is a 404, not the app page', async () => {
    const res = await s.req('GET', '/assets/gone-000.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBeNull();
  });

  it('the API keeps its routes and its JSON 404', async () => {
    expect((await s.req('GET', '/api/health')).body).toEqual({ ok: true });
    const token = await s.login('jane@acme.test');
    const missing = await s.req('GET', '/api/no-such-route', { token });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'not_found' });
  });

  it('paths that climb out of the folder are not served', async () => {
    for (const path of ['/../workspace-web-secret.txt', '/%2e%2e/workspace-web-secret.txt']) {
      const res = await s.req('GET', path);
      expect(res.text, path).not.toContain('not for the web');
    }
  });

  it('refuses to start without a build', () => {
    const empty = mkdtempSync(join(tmpdir(), 'workspace-web-empty-'));
    try {
      const config = loadConfig({ DATA_DIR: 'memory://', SERVE_WEB: '1', WEB_DIR: empty });
      expect(() => createApp({ ...s.services, config })).toThrow(WebAppMissingError);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
