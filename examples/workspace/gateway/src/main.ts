// `node --import tsx --conditions=source examples/workspace/gateway/src/main.ts [--port 0] [--json]`:
// the local channel gateway. With --json it prints one ready line (the channels contract's
// shape); without, a short human summary. Credentials are random per start unless given by env.
import { parseArgs } from 'node:util';
import { startGateway, type GatewayOptions } from './gateway';
import { e164 } from './twilio';

const usage = `Usage: channel-gateway [--port 0] [--smtp-port 0] [--json]

Environment: CHANNEL_GATEWAY_PORT, CHANNEL_GATEWAY_CONTROL_TOKEN, CHANNEL_GATEWAY_WIDGET_DEMO_URL,
GATEWAY_TWILIO_ACCOUNT_SID, GATEWAY_TWILIO_AUTH_TOKEN, GATEWAY_WHATSAPP_ACCESS_TOKEN,
GATEWAY_WHATSAPP_APP_SECRET, GATEWAY_SMTP_USER, GATEWAY_SMTP_PASS,
GATEWAY_SMS_NUMBERS, GATEWAY_WHATSAPP_NUMBERS (comma lists of E.164 numbers),
GATEWAY_S3_BUCKET, GATEWAY_S3_REGION, GATEWAY_S3_ACCESS_KEY_ID, GATEWAY_S3_SECRET_ACCESS_KEY,
GATEWAY_SALESFORCE_CLIENT_ID, GATEWAY_SALESFORCE_CLIENT_SECRET.`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(2);
}

function numbers(name: string): string[] | undefined {
  const value = process.env[name];
  if (!value) return undefined;
  return value.split(',').map((n) => e164(n) ?? fail(`${name}: ${n} is not a phone number`));
}

function port(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) fail(`${name} must be 0..65535`);
  return n;
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string' },
      'smtp-port': { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  }));
} catch (error) {
  fail((error as Error).message);
}
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const env = process.env;
const sid = env['GATEWAY_TWILIO_ACCOUNT_SID'];
if (sid && !/^AC[0-9a-f]{32}$/.test(sid))
  fail('GATEWAY_TWILIO_ACCOUNT_SID must be AC and 32 hex digits');
const options: GatewayOptions = {
  port:
    port(values.port, '--port') ?? port(env['CHANNEL_GATEWAY_PORT'], 'CHANNEL_GATEWAY_PORT') ?? 0,
  smtpPort: port(values['smtp-port'], '--smtp-port') ?? 0,
  ...(env['CHANNEL_GATEWAY_CONTROL_TOKEN']
    ? { controlToken: env['CHANNEL_GATEWAY_CONTROL_TOKEN'] }
    : {}),
  ...(env['CHANNEL_GATEWAY_WIDGET_DEMO_URL']
    ? { widgetDemoUrl: env['CHANNEL_GATEWAY_WIDGET_DEMO_URL'] }
    : {}),
  twilio: {
    ...(sid ? { accountSid: sid } : {}),
    ...(env['GATEWAY_TWILIO_AUTH_TOKEN'] ? { authToken: env['GATEWAY_TWILIO_AUTH_TOKEN'] } : {}),
    ...(numbers('GATEWAY_SMS_NUMBERS') ? { numbers: numbers('GATEWAY_SMS_NUMBERS') } : {}),
  },
  whatsapp: {
    ...(env['GATEWAY_WHATSAPP_ACCESS_TOKEN']
      ? { accessToken: env['GATEWAY_WHATSAPP_ACCESS_TOKEN'] }
      : {}),
    ...(env['GATEWAY_WHATSAPP_APP_SECRET']
      ? { appSecret: env['GATEWAY_WHATSAPP_APP_SECRET'] }
      : {}),
    ...(numbers('GATEWAY_WHATSAPP_NUMBERS')
      ? { numbers: numbers('GATEWAY_WHATSAPP_NUMBERS') }
      : {}),
  },
  smtp: {
    ...(env['GATEWAY_SMTP_USER'] ? { user: env['GATEWAY_SMTP_USER'] } : {}),
    ...(env['GATEWAY_SMTP_PASS'] ? { pass: env['GATEWAY_SMTP_PASS'] } : {}),
  },
  s3: {
    ...(env['GATEWAY_S3_BUCKET'] ? { bucket: env['GATEWAY_S3_BUCKET'] } : {}),
    ...(env['GATEWAY_S3_REGION'] ? { region: env['GATEWAY_S3_REGION'] } : {}),
    ...(env['GATEWAY_S3_ACCESS_KEY_ID'] ? { accessKeyId: env['GATEWAY_S3_ACCESS_KEY_ID'] } : {}),
    ...(env['GATEWAY_S3_SECRET_ACCESS_KEY']
      ? { secretAccessKey: env['GATEWAY_S3_SECRET_ACCESS_KEY'] }
      : {}),
  },
  salesforce: {
    ...(env['GATEWAY_SALESFORCE_CLIENT_ID']
      ? { clientId: env['GATEWAY_SALESFORCE_CLIENT_ID'] }
      : {}),
    ...(env['GATEWAY_SALESFORCE_CLIENT_SECRET']
      ? { clientSecret: env['GATEWAY_SALESFORCE_CLIENT_SECRET'] }
      : {}),
  },
};
let gateway;
try {
  gateway = await startGateway(options);
} catch (error) {
  process.stderr.write(`channel-gateway could not start: ${(error as Error).message}\n`);
  process.exit(1);
}
const { info } = gateway;
if (values.json) process.stdout.write(`${JSON.stringify(info)}\n`);
else
  process.stdout.write(
    `channel-gateway listening on ${info.url}\n\n` +
      `  customer page   ${info.customerPageUrl}\n` +
      `  Twilio API      ${info.twilio.apiBaseUrl}  account ${info.twilio.accountSid}, auth token ${info.twilio.authToken}\n` +
      `  WhatsApp API    ${info.whatsapp.apiBaseUrl}  WABA ${info.whatsapp.businessAccountId}, app secret ${info.whatsapp.appSecret}\n` +
      `  SMTP relay      ${info.smtp.relayUrl}\n` +
      `  S3 stand-in     ${info.s3.endpoint}  bucket ${info.s3.bucket} (${info.s3.region}), key ${info.s3.accessKeyId}, secret ${info.s3.secretAccessKey}\n` +
      `  Google          ${info.google.tokenUrl}, ${info.google.calendarApiBaseUrl}  service account ${info.google.serviceAccountEmail} (delegated: ${info.google.delegatedUsers.join(', ')}; private key in --json)\n` +
      `  Salesforce      ${info.salesforce.instanceUrl}  client id ${info.salesforce.clientId}, secret ${info.salesforce.clientSecret}\n` +
      `  control API     ${info.url}/control/…  header x-channel-gateway-token: ${info.controlToken}\n`,
  );
const stop = () => {
  void gateway.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
