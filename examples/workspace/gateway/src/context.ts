// What every part of the gateway shares: its configuration, the registered webhooks, the
// armed faults and the store.
import { WEBHOOK_TIMEOUT_MS } from './constants';
import type { GatewayStore } from './store';

/** A WhatsApp business number: E.164 display and its phone_number_id (the digits). */
export interface WhatsappNumber {
  readonly display: string;
  readonly phoneNumberId: string;
}

/** The gateway's credentials and numbers (random per start unless given). */
export interface GatewayConfig {
  readonly controlToken: string;
  readonly twilio: {
    readonly accountSid: string;
    readonly authToken: string;
    readonly numbers: readonly string[];
  };
  readonly whatsapp: {
    readonly accessToken: string;
    readonly appSecret: string;
    readonly businessAccountId: string;
    readonly phoneNumbers: readonly WhatsappNumber[];
  };
  readonly smtp: { readonly user: string; readonly pass: string };
  /** Delay between two steps of an outbound message's status sequence. */
  readonly statusStepMs: number;
}

/** Where the workspace listens, as registered with `POST /control/webhooks`. */
export interface Webhooks {
  smsUrl?: string;
  whatsapp?: { callbackUrl: string; verifyToken: string };
  smtpInbound?: { host: string; port: number };
}

/** An API fault armed by `POST /control/faults`: the next `count` calls answer `status`. */
export class Faults {
  private readonly armed = new Map<string, { status: 429 | 500; count: number }>();

  arm(channel: 'sms' | 'whatsapp', status: 429 | 500, count: number): void {
    if (count > 0) this.armed.set(channel, { status, count });
    else this.armed.delete(channel);
  }

  /** The status the next call on `channel` must answer, if a fault is armed (and counts it). */
  take(channel: 'sms' | 'whatsapp'): 429 | 500 | undefined {
    const fault = this.armed.get(channel);
    if (!fault) return undefined;
    fault.count -= 1;
    if (fault.count <= 0) this.armed.delete(channel);
    return fault.status;
  }
}

/** The shared state of one gateway. */
export interface GatewayContext {
  readonly config: GatewayConfig;
  readonly store: GatewayStore;
  readonly faults: Faults;
  readonly webhooks: Webhooks;
  /** The gateway's own origin (for the media URLs it hands out). */
  origin: string;
  /** Runs `step` after the status step delay (timers are cleared when the gateway closes). */
  later(step: () => void | Promise<void>, steps?: number): void;
  /** Logs a line to stderr. */
  log(line: string): void;
}

/** What a webhook POST got: the HTTP status and body, or the network error. */
export interface WebhookResult {
  readonly status: number | string;
  readonly body: string;
  readonly contentType: string;
}

/** POSTs a webhook (form or JSON) with the given headers; never throws. */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<WebhookResult> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'user-agent': 'channel-gateway', ...headers },
      body,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    return {
      status: res.status,
      body: await res.text(),
      contentType: res.headers.get('content-type') ?? '',
    };
  } catch (error) {
    return { status: `error: ${(error as Error).message}`, body: '', contentType: '' };
  }
}
