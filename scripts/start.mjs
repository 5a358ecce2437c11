// `npm start`: the development stack on one command: the contact-centre emulator (seeded demo
// instance) and the workspace web app (the workspace server joins as it lands). Prints the URLs.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createServer } from 'vite';
import { root } from './packages.mjs';

const port = Number(process.env.WORKSPACE_WEB_PORT ?? 5173);
const emulatorPort = Number(process.env.EMULATOR_PORT ?? 4700);

/** Starts the emulator CLI from source (no build needed); resolves with its URLs, or null. */
function startEmulatorProcess() {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--conditions=source',
      `${root}packages/connect-emulator/src/cli.ts`,
      '--port',
      String(emulatorPort),
      '--json',
      '--allowed-origin',
      `http://127.0.0.1:${port}`,
      '--allowed-origin',
      `http://localhost:${port}`,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      try {
        resolve({ child, info: JSON.parse(line) });
      } catch {
        resolve({ child, info: null });
      }
    });
    child.once('exit', (code) => {
      console.error(
        `connect-emulator exited (code ${code}); is port ${emulatorPort} free? Set EMULATOR_PORT.`,
      );
      resolve({ child: null, info: null });
    });
  });
}

const emulator = await startEmulatorProcess();
const server = await createServer({
  root: `${root}examples/workspace`,
  configFile: `${root}examples/workspace/vite.config.ts`,
  server: { port, host: '127.0.0.1', strictPort: true },
  logLevel: 'warn',
});
await server.listen();
const url = `http://127.0.0.1:${port}/`;
console.log(`\nWorkspace app: ${url}\nOpen it in a browser. Press Ctrl+C to stop.`);
if (emulator.info) {
  const e = emulator.info;
  console.log(
    `\nContact-centre emulator (demo instance ${e.instanceArn}):\n` +
      `  login (CCP loginUrl)  ${e.loginUrl}\n` +
      `  customer phone        ${e.controlUrl}\n` +
      `  CTI endpoint          ${e.ctiEndpoint}\n` +
      `Place a demo call: sign in as an agent, set Available, then dial +15555550001 from the customer phone.\n`,
  );
}

const stop = async () => {
  emulator.child?.kill('SIGTERM');
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
