// One workspace server per test file, in process (requests through `app.request()`), on PGlite
// in memory or on a fresh database of the run's PostgreSQL cluster, seeded with the demo data.
import { randomBytes } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { Writable } from 'node:stream';
import { serve, type ServerType } from '@hono/node-server';
import { DEFAULT_ADMIN_CREDENTIALS } from '@x/connect-emulator';
import { inject } from 'vitest';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { seed, DEMO_DATA, type SeedData } from '../src/db/seed/demo';
import { linkAgents } from '../src/integrations/agent-links';
import { createLogger } from '../src/lib/logger';
import { createServices } from '../src/server';

export type DbKind = 'pglite' | 'postgres';

/** The databases the suite runs on: PGlite always, PostgreSQL when the cluster is up. */
export function dbKinds(): DbKind[] {
  return inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface TestServer {
  readonly app: ReturnType<typeof createApp>;
  readonly services: Awaited<ReturnType<typeof createServices>>['services'];
  readonly ids: Map<string, string>;
  /** Every log line written (JSON). */
  readonly logs: string[];
  /** The HTTP base URL when started with `listen` (the emulator's webhook posts there). */
  readonly url: string | undefined;
  /** The contact-event webhook URL (with its key) when listening. */
  readonly webhookUrl: string | undefined;
  /** The PostgreSQL URL of this server's database (undefined on PGlite). */
  readonly databaseUrl: string | undefined;
  id(key: string): string;
  login(email: string): Promise<string>;
  req<T = any>(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

/** A database URL for this file: a fresh database in the run's cluster. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = inject('postgresUrl');
  if (!admin) throw new Error('No PostgreSQL cluster in this run.');
  const pg = await import('pg');
  const name = `ws_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.default.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.default.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createTestServer(
  kind: DbKind,
  options: {
    connectEndpoint?: string;
    data?: SeedData | null;
    env?: Record<string, string>;
    /** Also listen on a free port (for webhooks from the emulator). */
    listen?: boolean;
  } = {},
): Promise<TestServer> {
  const pg = kind === 'postgres' ? await freshPostgres() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'info',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
    ...(options.connectEndpoint
      ? {
          CONNECT_ENDPOINT: options.connectEndpoint,
          CONTACT_LENS_ENDPOINT: options.connectEndpoint,
          CONNECT_RECORDINGS_S3_ENDPOINT: `${options.connectEndpoint}/s3`,
          // the emulator's demo key unless `env` names the one it was started with
          CONNECT_ACCESS_KEY_ID: DEFAULT_ADMIN_CREDENTIALS.accessKeyId,
          CONNECT_SECRET_ACCESS_KEY: DEFAULT_ADMIN_CREDENTIALS.secretAccessKey,
        }
      : {}),
    CONTACT_EVENTS_SECRET: 'test-contact-events-secret',
    // Tests change agents' states and read them back at once.
    CONNECT_LIVE_DATA_TTL_MS: '0',
    ...options.env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const built = await createServices(config, createLogger('info', sink));
  const ids =
    options.data === null
      ? new Map<string, string>()
      : await seed(built.services.db, options.data ?? DEMO_DATA);
  if (options.connectEndpoint) await linkAgents(built.services);
  const app = createApp(built.services);
  let listener: ServerType | undefined;
  let url: string | undefined;
  if (options.listen) {
    listener = await new Promise<ServerType>((resolve) => {
      const srv = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(srv));
    });
    const address = listener.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    // Providers call back here (as startServer does when PUBLIC_API_URL is unset).
    built.services.callbackOrigin.url ??= url;
  }
  const tokens = new Map<string, string>();
  const req = async (
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<TestResponse> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await app.request(path, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const text = await res.text();
    let parsed: unknown = text;
    if (res.headers.get('content-type')?.includes('application/json')) parsed = JSON.parse(text);
    return { status: res.status, body: parsed, headers: res.headers, text };
  };
  return {
    app,
    services: built.services,
    ids,
    logs,
    url,
    databaseUrl: pg?.url,
    webhookUrl: url
      ? `${url}/api/integrations/connect/contact-events?key=${config.contactEventsSecret}`
      : undefined,
    id(key) {
      const v = ids.get(key);
      if (!v) throw new Error(`No seeded id ${key}`);
      return v;
    },
    async login(email) {
      const cached = tokens.get(email);
      if (cached) return cached;
      const res = await req('POST', '/api/auth/login', { body: { email, password: 'demo1234' } });
      if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.text}`);
      tokens.set(email, res.body.token);
      return res.body.token as string;
    },
    req,
    async close() {
      const open = listener as HttpServer | undefined;
      if (open) {
        open.closeAllConnections();
        await new Promise<void>((resolve) => open.close(() => resolve()));
      }
      await built.close();
      await pg?.drop();
    },
  };
}
