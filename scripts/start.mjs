// `npm start`: the development stack on one command (today the workspace web app; the emulator and
// the workspace server join it as they land). Prints the URL to open.
import { createServer } from 'vite';
import { root } from './packages.mjs';

const port = Number(process.env.WORKSPACE_WEB_PORT ?? 5173);
const server = await createServer({
  root: `${root}examples/workspace`,
  configFile: `${root}examples/workspace/vite.config.ts`,
  server: { port, host: '127.0.0.1', strictPort: true },
  logLevel: 'warn',
});
await server.listen();
const url = `http://127.0.0.1:${port}/`;
console.log(`\nWorkspace app: ${url}\nOpen it in a browser. Press Ctrl+C to stop.\n`);

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
