// A second stack (scripts/start.mjs) for a journey that needs the server configured otherwise
// than the run's: its own free ports, a fresh in-memory database and a build folder of its own
// under test-results/. It inherits the run's emulator control token, so the customers' side is
// driven as in every voice journey.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

const ROOT = new URL('../../../../', import.meta.url).pathname;
/** The line the stack prints once the emulator, the API and the web app all answer. */
const READY = /Workspace app +(http:\/\/127\.0\.0\.1:\d+)\//;
/** How many lines of the stack's output are kept for a failure's message. */
const KEPT_LINES = 200;

export interface Stack {
  /** The web app's origin (its `/api` is this stack's server). */
  readonly url: string;
  /** What the stack printed (the last lines, standard output and error). */
  readonly output: readonly string[];
  stop(): Promise<void>;
}

/** Starts the stack with `env` on top of the run's; `name` names its build folder. */
export async function startStack(name: string, env: Record<string, string>): Promise<Stack> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      WORKSPACE_WEB_PORT: '0',
      EMULATOR_PORT: '0',
      WORKSPACE_API_PORT: '0',
      CHANNEL_GATEWAY_PORT: '0',
      DATA_DIR: 'memory://',
      WORKSPACE_WEB_BUILD: `test-results/workspace-web-${name}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (line: string) => {
    output.push(line);
    if (output.length > KEPT_LINES) output.shift();
  };
  createInterface({ input: child.stderr }).on('line', (line) => {
    keep(line);
    process.stderr.write(`[${name} stack] ${line}\n`);
  });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      keep(line);
      const ready = READY.exec(line);
      if (ready) resolve(ready[1]!);
    });
    child.once('exit', (code) =>
      reject(
        new Error(`the ${name} stack exited (${code}) before it was ready:\n${output.join('\n')}`),
      ),
    );
  });
  return { url, output, stop: () => stop(child) };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}
