// Starts a gateway and the workspace-side peers, wired as start.mjs wires them.
import { startGateway, type Gateway } from '../src/gateway';
import { CONTROL_TOKEN_HEADER } from '../src/constants';
import { startSmtpPeer, startWebhookPeer, type SmtpPeer, type WebhookPeer } from './peer';

export interface Harness {
  readonly gateway: Gateway;
  readonly peer: WebhookPeer;
  readonly smtp: SmtpPeer;
  /** A control API call: status and JSON body. */
  control(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }>;
  /** A Twilio REST call with Basic auth (form body). */
  twilio(
    method: string,
    path: string,
    form?: Record<string, string | string[]>,
    auth?: string,
  ): Promise<{ status: number; json: any }>;
  /** A Graph call with the bearer token (JSON body). */
  graph(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; json: any }>;
  close(): Promise<void>;
}

async function answer(res: Response): Promise<{ status: number; json: any }> {
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

export async function startHarness(register = true): Promise<Harness> {
  const [gateway, peer, smtp] = await Promise.all([
    startGateway({ statusStepMs: 5, log: () => {} }),
    startWebhookPeer(),
    startSmtpPeer(),
  ]);
  const { info } = gateway;
  const control: Harness['control'] = async (method, path, body) =>
    answer(
      await fetch(`${gateway.url}/control${path}`, {
        method,
        headers: { 'content-type': 'application/json', [CONTROL_TOKEN_HEADER]: info.controlToken },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  const harness: Harness = {
    gateway,
    peer,
    smtp,
    control,
    async twilio(method, path, form, auth) {
      const body = new URLSearchParams();
      for (const [k, v] of Object.entries(form ?? {}))
        for (const value of Array.isArray(v) ? v : [v]) body.append(k, value);
      return answer(
        await fetch(
          `${info.twilio.apiBaseUrl}/2010-04-01/Accounts/${info.twilio.accountSid}${path}`,
          {
            method,
            headers: {
              authorization: `Basic ${Buffer.from(auth ?? `${info.twilio.accountSid}:${info.twilio.authToken}`).toString('base64')}`,
              ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
            },
            ...(form ? { body: body.toString() } : {}),
          },
        ),
      );
    },
    async graph(method, path, body, token) {
      return answer(
        await fetch(`${info.whatsapp.apiBaseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token ?? info.whatsapp.accessToken}`,
            'content-type': 'application/json',
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
    },
    async close() {
      await Promise.all([gateway.close(), peer.close(), smtp.close()]);
    },
  };
  if (register) {
    const { status } = await control('POST', '/webhooks', {
      twilio: { smsUrl: `${peer.url}/api/channels/twilio/inbound?ws=acme` },
      whatsapp: {
        callbackUrl: `${peer.url}/api/channels/whatsapp/webhook`,
        verifyToken: peer.verifyToken,
      },
      smtp: { inbound: smtp.address },
    });
    if (status !== 200) throw new Error(`registration failed: ${status}`);
  }
  return harness;
}
