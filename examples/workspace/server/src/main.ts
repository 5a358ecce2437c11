// `node --import tsx examples/workspace/server/src/main.ts`: the workspace server from the
// environment (see config.ts). Prints the configuration summary (secrets masked) and, when it
// listens, one JSON line `{"ready": true, "url": …}`.
import { ConfigError, loadConfig } from './config';
import { summarize } from './config-summary';
import { createLogger } from './lib/logger';
import { startServer } from './server';

let config;
try {
  config = loadConfig();
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(2);
}
const log = createLogger(config.logLevel);
log.info({ config: summarize(config) }, 'configuration');
const server = await startServer(config, log);
log.info({ url: server.url, seeded: server.seeded }, 'listening');
process.stdout.write(
  `${JSON.stringify({
    ready: true,
    url: server.url,
    seeded: server.seeded,
    ...(server.inboundSmtp ? { inboundSmtp: server.inboundSmtp } : {}),
  })}\n`,
);

const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
