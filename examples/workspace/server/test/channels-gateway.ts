// The local channel gateway (Twilio, WhatsApp Cloud API and SMTP stand-in) as the server's
// channel tests use it: started in this process on free ports, the server's adapters configured
// with its credentials, the server's webhooks registered with its control API, as start.mjs does.
import { startGateway, type Gateway, type GatewayInfo } from '../../gateway/src/gateway';
import { CONTROL_TOKEN_HEADER } from '../../gateway/src/constants';
import type { LiveEvent } from '../src/modules/live/bus';
import { createTestServer, type DbKind, type TestServer } from './harness';

export const WHATSAPP_VERIFY_TOKEN = 'test-whatsapp-verify-token';

export interface GatewayStack {
  readonly gateway: Gateway;
  readonly server: TestServer;
  control(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }>;
  /**
   * Resolves when `check` answers a value, checked now and again after each live event of the
   * workspace (a status callback, an inbound message); never on a timer.
   */
  until<T>(workspaceId: string, check: () => Promise<T | undefined | null | false>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Starts the gateway and a server on it (`smtp`: email sends through the gateway's relay; `env`:
 * more server environment from the gateway's ready info, e.g. its S3 stand-in).
 */
export async function startGatewayStack(
  kind: DbKind,
  options: {
    readonly smtp?: boolean;
    readonly env?: (info: GatewayInfo) => Record<string, string>;
  } = {},
): Promise<GatewayStack> {
  const gateway = await startGateway({ statusStepMs: 5, log: () => {} });
  const { info } = gateway;
  const server = await createTestServer(kind, {
    listen: true,
    env: {
      TWILIO_API_BASE_URL: info.twilio.apiBaseUrl,
      TWILIO_ACCOUNT_SID: info.twilio.accountSid,
      TWILIO_AUTH_TOKEN: info.twilio.authToken,
      WHATSAPP_API_BASE_URL: info.whatsapp.apiBaseUrl,
      WHATSAPP_ACCESS_TOKEN: info.whatsapp.accessToken,
      WHATSAPP_APP_SECRET: info.whatsapp.appSecret,
      WHATSAPP_VERIFY_TOKEN,
      WHATSAPP_BUSINESS_ACCOUNT_ID: info.whatsapp.businessAccountId,
      ...(options.smtp ? { SMTP_URL: info.smtp.relayUrl } : {}),
      ...options.env?.(info),
    },
  });
  const control: GatewayStack['control'] = async (method, path, body) => {
    const res = await fetch(`${gateway.url}/control${path}`, {
      method,
      headers: { 'content-type': 'application/json', [CONTROL_TOKEN_HEADER]: info.controlToken },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  };
  const registered = await control('POST', '/webhooks', {
    twilio: { smsUrl: `${server.url}/api/channels/twilio/inbound` },
    whatsapp: {
      callbackUrl: `${server.url}/api/channels/whatsapp/webhook`,
      verifyToken: WHATSAPP_VERIFY_TOKEN,
    },
  });
  if (registered.status !== 200)
    throw new Error(
      `webhook registration: ${registered.status} ${JSON.stringify(registered.json)}`,
    );
  return {
    gateway,
    server,
    control,
    async until(workspaceId, check) {
      let unsubscribe = () => {};
      try {
        return await new Promise((resolve, reject) => {
          let running = false;
          let again = false;
          const run = () => {
            if (running) {
              again = true;
              return;
            }
            running = true;
            check().then(
              (value) => {
                running = false;
                if (value) resolve(value);
                else if (again) {
                  again = false;
                  run();
                }
              },
              (error: unknown) => reject(error as Error),
            );
          };
          unsubscribe = server.services.bus.subscribe(workspaceId, (_e: LiveEvent) => run());
          run();
        });
      } finally {
        unsubscribe();
      }
    },
    async close() {
      await server.close();
      await gateway.close();
    },
  };
}
