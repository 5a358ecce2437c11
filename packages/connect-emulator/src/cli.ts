#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { DEFAULT_PORT } from './constants';
import { SeedError } from './domain/seed';
import { startEmulator } from './server';
import { SERVICES_CLI_OPTIONS, loadServicesCliOptions } from './services/create-services';

const usage = `Usage: connect-emulator [--port ${DEFAULT_PORT}] [--seed demo|FILE] [--state-dir DIR]
                        [--allowed-origin URL ...] [--tls] [--json] [--host 127.0.0.1]
                        [--webhook URL ...] [--faults FILE] [--fault-seed N]
                        [--control-token TOKEN] [--admin-access-key-id ID --admin-secret-access-key KEY]
                        [--allow-remote-control]
                        [--secondary-region REGION [--primary-region REGION] [--active-region REGION]]

Environment: CONNECT_EMULATOR_CONTROL_TOKEN (the control token when --control-token is not given).`;

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        'state-dir': { type: 'string' },
        'allowed-origin': { type: 'string', multiple: true },
        tls: { type: 'boolean' },
        'primary-region': { type: 'string' },
        'secondary-region': { type: 'string' },
        'active-region': { type: 'string' },
        json: { type: 'boolean' },
        'control-token': { type: 'string' },
        'admin-access-key-id': { type: 'string' },
        'admin-secret-access-key': { type: 'string' },
        'allow-remote-control': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        ...SERVICES_CLI_OPTIONS,
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${usage}\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port must be 0..65535\n${usage}\n`);
    process.exit(2);
  }
  for (const origin of values['allowed-origin'] ?? []) {
    if (!URL.canParse(origin)) {
      process.stderr.write(`--allowed-origin ${origin} is not a URL\n`);
      process.exit(2);
    }
  }
  if (
    (values['admin-access-key-id'] === undefined) !==
    (values['admin-secret-access-key'] === undefined)
  ) {
    process.stderr.write(
      `--admin-access-key-id and --admin-secret-access-key go together\n${usage}\n`,
    );
    process.exit(2);
  }
  const controlToken = values['control-token'] ?? process.env['CONNECT_EMULATOR_CONTROL_TOKEN'];
  let extra;
  try {
    extra = await loadServicesCliOptions(values);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${usage}\n`);
    process.exit(2);
  }
  const emulator = await startEmulator({
    ...extra,
    port,
    ...(values.host ? { host: values.host } : {}),
    seed: values.seed ?? 'demo',
    ...(values['state-dir'] ? { stateDir: values['state-dir'] } : {}),
    allowedOrigins: (values['allowed-origin'] ?? []).map((o) => new URL(o).origin),
    tls: values.tls ?? false,
    ...(controlToken ? { controlToken } : {}),
    ...(values['admin-access-key-id'] && values['admin-secret-access-key']
      ? {
          adminCredentials: {
            accessKeyId: values['admin-access-key-id'],
            secretAccessKey: values['admin-secret-access-key'],
          },
        }
      : {}),
    ...(values['allow-remote-control'] ? { allowRemoteControl: true } : {}),
    ...(values['secondary-region']
      ? {
          regions: {
            secondary: values['secondary-region'],
            ...(values['primary-region'] ? { primary: values['primary-region'] } : {}),
            ...(values['active-region'] ? { active: values['active-region'] } : {}),
          },
        }
      : {}),
  });
  const agents = [...emulator.centre.agents.values()].map((a) => ({
    username: a.username,
    name: a.name,
    routingProfile: a.routingProfile.name,
  }));
  const info = {
    url: emulator.url,
    ccpUrl: emulator.ccpUrl,
    instanceArn: emulator.instanceArn,
    loginUrl: emulator.loginUrl,
    controlUrl: emulator.controlUrl,
    controlToken: emulator.controlToken,
    adminCredentials: emulator.adminCredentials,
    ctiEndpoint: emulator.ctiEndpoint,
    webSocketUrl: emulator.webSocketUrl,
    agents,
  };
  if (values.json) process.stdout.write(`${JSON.stringify(info)}\n`);
  else {
    const width = Math.max(...agents.map((a) => a.username.length));
    process.stdout.write(
      `connect-emulator listening on ${emulator.url}\n\n` +
        `  CCP URL         ${info.ccpUrl}   (initCCP ccpUrl)\n` +
        `  login URL       ${info.loginUrl}   (initCCP loginUrl)\n` +
        `  customer phone  ${info.controlUrl}\n` +
        `  CTI endpoint    ${info.ctiEndpoint}\n` +
        `  instance ARN    ${info.instanceArn}\n` +
        (emulator.regions
          ? `  regions         ${emulator.regions.primary} (primary), ${emulator.regions.secondary} (secondary at ${emulator.url}/secondary/ccp-v2/)\n`
          : '') +
        `\n  control API     ${emulator.url}/control/…  header x-connect-emulator-token: ${info.controlToken}\n` +
        `  admin API       ${emulator.url}  (AWS SDK endpoint) access key ${info.adminCredentials.accessKeyId}, secret ${info.adminCredentials.secretAccessKey}` +
        (values['admin-access-key-id'] ? '\n' : '  (demo default)\n') +
        `\n  agents (sign in at the login URL):\n` +
        agents
          .map((a) => `    ${a.username.padEnd(width)}  ${a.name} (${a.routingProfile})`)
          .join('\n') +
        '\n',
    );
  }
  const stop = () => {
    void emulator.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof SeedError ? error.message : String((error as Error).stack ?? error)}\n`,
  );
  process.exit(1);
});
