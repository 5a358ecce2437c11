/**
 * Test harness around the real emulator (`startEmulator`, TLS so the panel's partitioned session
 * cookie works in a cross-site frame) plus a host-page server on another site (`localhost`).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import {
  startEmulator,
  type Emulator,
  type SeedInput,
} from '../../../packages/connect-emulator/src/index';

const require = createRequire(import.meta.url);
const STREAMS = {
  '2.18.7': require.resolve('amazon-connect-streams/release/connect-streams.js'),
  '2.28.2': require.resolve('amazon-connect-streams-2-28/release/connect-streams.js'),
} as const;

/** A streams version the host page can load. */
export type StreamsVersion = keyof typeof STREAMS;

/** A running emulator and host-page server. */
export interface Harness {
  readonly emulator: Emulator;
  readonly hostOrigin: string;
  /** The host page that runs `initCCP` against the emulator panel, signed in as `username`. */
  hostUrl(version: StreamsVersion, username?: string): string;
  /** Every CTI call the emulator served, in order. */
  readonly operations: readonly { readonly op: string; readonly body: Record<string, unknown> }[];
  /** Calls the emulator's HTTP API (e.g. `/control/voice-id/...`); rejects on a status ≥ 300. */
  control(method: string, path: string, body?: unknown): Promise<unknown>;
  /** A customer dials the instance; resolves with the new contact id. */
  placeInboundCall(from?: string): Promise<string>;
  close(): Promise<void>;
}

/** Options of {@link startHarness}. */
export interface HarnessOptions {
  /** Origins allowed to frame the panel; default the host page's origin. */
  readonly allowedOrigins?: (hostOrigin: string) => readonly string[];
  /** Softphone metrics flush period of the panel. */
  readonly metricsFlushIntervalMs?: number;
  /** Serve HTTPS (default true: the panel's session cookie must work in a cross-site frame). */
  readonly tls?: boolean;
  /** The emulator's seed (default the demo seed). */
  readonly seed?: SeedInput;
  /** How the panel's storage-access request page decides on access (default `browser`). */
  readonly storageAccessDecision?: 'browser' | 'granted' | 'prompt';
  /** Run two regions (global resiliency), with the panels' region timings. */
  readonly regions?: {
    readonly secondary: string;
    readonly regionPollIntervalMs?: number;
    readonly heartbeatIntervalMs?: number;
  };
}

/** Starts the host-page server on localhost and the emulator (TLS) on 127.0.0.1, both on port 0. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const host: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const page = /^\/host-(2\.18\.7|2\.28\.2)\.html$/.exec(url.pathname);
    if (page) {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<!doctype html><html><head><meta charset="utf-8"><title>host</title>
<script src="/streams/${page[1]}.js"></script></head><body><div id="ccp" style="width:360px;height:560px"></div>
<script src="/host.js"></script></body></html>`);
      return;
    }
    const streams = /^\/streams\/(2\.18\.7|2\.28\.2)\.js$/.exec(url.pathname);
    if (streams) {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end(readFileSync(STREAMS[streams[1] as StreamsVersion]));
      return;
    }
    if (url.pathname === '/host.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end(readFileSync(new URL('./host-page.js', import.meta.url)));
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
  const operations: { op: string; body: Record<string, unknown> }[] = [];
  const emulator = await startEmulator({
    onCtiCall: (op, _agent, body) => operations.push({ op, body: body as Record<string, unknown> }),
    port: 0,
    tls: options.tls ?? true,
    ...(options.seed ? { seed: options.seed } : {}),
    allowedOrigins: (options.allowedOrigins ?? ((origin) => [origin]))(hostOrigin),
    panel: {
      metricsFlushIntervalMs: options.metricsFlushIntervalMs ?? 30_000,
      ...(options.storageAccessDecision
        ? { storageAccessDecision: options.storageAccessDecision }
        : {}),
      ...(options.regions?.regionPollIntervalMs
        ? { regionPollIntervalMs: options.regions.regionPollIntervalMs }
        : {}),
      ...(options.regions?.heartbeatIntervalMs
        ? { heartbeatIntervalMs: options.regions.heartbeatIntervalMs }
        : {}),
    },
    ...(options.regions ? { regions: { secondary: options.regions.secondary } } : {}),
  });
  const call = (method: string, path: string, body?: unknown): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const req = request(
        `${emulator.url}${path}`,
        {
          method,
          ca: emulator.certificate ?? undefined,
          headers: emulator.controlHeaders,
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => {
            if ((res.statusCode ?? 500) >= 300) reject(new Error(`${res.statusCode} ${text}`));
            else resolve(JSON.parse(text || '{}'));
          });
        },
      );
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  const post = (path: string, body: unknown) => call('POST', path, body);
  return {
    emulator,
    hostOrigin,
    operations,
    control: call,
    hostUrl: (version, username = 'jane') => {
      // no '%' in ccpUrl: streams formats it with sprintf when logging
      const ccp = `${emulator.url}/login?username=${username}&redirect=/connect/ccp-v2/`;
      return `${hostOrigin}/host-${version}.html?ccp=${encodeURIComponent(ccp)}`;
    },
    placeInboundCall: async (from = '+15555550123') => {
      const contact = (await post('/control/calls', { to: '+15555550001', from })) as {
        contactId: string;
      };
      return contact.contactId;
    },
    close: async () => {
      await emulator.close();
      await new Promise<void>((resolve) => {
        host.close(() => resolve());
        host.closeAllConnections();
      });
    },
  };
}
