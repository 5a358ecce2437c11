// A throw-away PostgreSQL cluster for tests and benchmarks: initdb in a temp directory, its own
// port and socket directory, removed on stop. Finds initdb/pg_ctl on PATH or under
// /usr/lib/postgresql/*/bin and runs them as the `postgres` user when running as root (initdb
// refuses root).
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running cluster. */
export interface PostgresCluster {
  /** Superuser URL of the `postgres` database. */
  readonly url: string;
  /** A URL of another database on the same server. */
  urlOf(database: string): string;
  stop(): void;
}

/** Where initdb and pg_ctl are, or undefined when PostgreSQL is not installed. */
export function findPostgresBin(): string | undefined {
  const onPath = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).stdout.trim();
  const candidates: string[] = [];
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  }
  if (onPath) candidates.push(onPath.replace(/\/pg_ctl$/, ''));
  return candidates.find(
    (dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')),
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Starts a cluster; throws with a clear message when PostgreSQL is not installed. */
export async function startPostgres(): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  if (!bin)
    throw new Error(
      'PostgreSQL is not installed (no initdb/pg_ctl on PATH or under /usr/lib/postgresql/*/bin). Install it (Debian: apt-get install postgresql), or set WORKSPACE_TEST_POSTGRES=skip.',
    );
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'workspace-pg-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const run = (tool: string, args: string[]) => {
    const cmd = asRoot ? 'runuser' : join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    const result = spawnSync(cmd, argv, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0)
      throw new Error(`${tool} failed (${result.status}): ${result.stderr || result.stdout}`);
  };
  const port = await freePort();
  run('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--locale=C',
  ]);
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'postgres.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let stopped = false;
  return {
    url: urlOf('postgres'),
    urlOf,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
