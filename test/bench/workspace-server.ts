// The workspace server of the browser benchmarks: started from source on a free port, with the
// demo seed and the production web build (SERVE_WEB=1).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DEFAULT_ADMIN_CREDENTIALS } from '@x/connect-emulator';

const root = fileURLToPath(new URL('../../', import.meta.url));
const appRoot = `${root}examples/workspace/`;

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the workspace server from source; resolves when it prints its ready line. */
export function startServer(
  port: number,
  connectEndpoint: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', `${appRoot}server/src/main.ts`],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        WORKSPACE_API_PORT: String(port),
        DATA_DIR: 'memory://',
        SEED_DEMO: '1',
        SERVE_WEB: '1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        CONNECT_ENDPOINT: connectEndpoint,
        CONTACT_LENS_ENDPOINT: connectEndpoint,
        CONNECT_RECORDINGS_S3_ENDPOINT: `${connectEndpoint}/s3`,
        // the emulator's demo key unless `env` names another
        CONNECT_ACCESS_KEY_ID: DEFAULT_ADMIN_CREDENTIALS.accessKeyId,
        CONNECT_SECRET_ACCESS_KEY: DEFAULT_ADMIN_CREDENTIALS.secretAccessKey,
        ...env,
      },
    },
  );
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      try {
        const value = JSON.parse(line) as { ready?: boolean; url?: string };
        if (value.ready && value.url) resolve({ child, url: value.url });
      } catch {
        // log line
      }
    });
    child.once('exit', (code) => reject(new Error(`workspace server exited (${code})`)));
  });
}
