// Child process of fuzz.test.ts: an emulator (demo seed) in its own process, so that a crash is
// seen as an exit. Reports its URL, credentials, tokens and the log lines of 500s; on 'rss' it
// collects garbage and reports its resident set size.
import { startEmulator } from '../../src/index';

const logs: string[] = [];
const emulator = await startEmulator({ port: 0, rateLimit: null, log: (line) => logs.push(line) });
const jane = emulator.login('jane');
process.send!({
  type: 'ready',
  url: emulator.url,
  controlToken: emulator.controlToken,
  accessKeyId: emulator.adminCredentials.accessKeyId,
  secretAccessKey: emulator.adminCredentials.secretAccessKey,
  instanceId: emulator.centre.instanceId,
  token: jane.accessToken,
  refreshToken: jane.refreshToken,
});
process.on('message', (message: string) => {
  if (message === 'rss') {
    (globalThis as { gc?: () => void }).gc?.();
    process.send!({ type: 'rss', rss: process.memoryUsage().rss, logs: logs.splice(0) });
  }
  if (message === 'stop') void emulator.close().then(() => process.exit(0));
});
