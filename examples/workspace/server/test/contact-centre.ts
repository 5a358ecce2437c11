// The real contact-centre emulator for the server's tests (its demo instance is the one the demo
// seed links to): agents go available, customers dial in and hang up, agents accept and clear,
// all through the emulator's own domain, the way its control API and softphone drive it. Its
// clock is manual (starting now): a call lasts exactly as long as a test lets time pass.
import { ManualClock, startEmulator, type Emulator } from '@x/connect-emulator';

export interface TestContactCentre {
  readonly emulator: Emulator;
  readonly url: string;
  /** Headers the emulator's control API needs (its token, once the emulator asks for one). */
  readonly controlHeaders: Record<string, string>;
  /** The server's environment for the emulator's admin API (endpoint and access keys). */
  readonly serverEnv: Record<string, string>;
  /** GET of a control API path (`/control/events`, …) as JSON. */
  control<T>(path: string): Promise<T>;
  /** Sets an agent's state (`Available`, `Offline`, `Away`, …). */
  setState(username: string, state: string): void;
  /** A customer dials the instance; answers the contact id. */
  dialIn(from: string, to?: string): string;
  /** The agent accepts the offer. */
  accept(username: string, contactId: string): void;
  /** The agent calls a customer; answers the contact id (ringing until `answer`). */
  callOut(username: string, phone: string): string;
  /** The customer answers an outbound call. */
  answer(contactId: string): void;
  /** The customer hangs up. */
  hangUp(contactId: string): void;
  /** The agent clears after-call work (the contact completes). */
  clear(username: string, contactId: string): void;
  /** Lets simulated time pass (the talk of a call, for its recording and transcript). */
  advance(ms: number): void;
  /** Registers a contact-event webhook; answers its id. */
  addWebhook(url: string): Promise<string>;
  close(): Promise<void>;
}

export async function startContactCentre(
  options: {
    missedCallTimeoutMs?: number;
    /** The only key pair the admin API, Contact Lens and the bucket accept (default the demo's). */
    adminCredentials?: { accessKeyId: string; secretAccessKey: string };
  } = {},
): Promise<TestContactCentre> {
  const clock = new ManualClock(Date.now());
  const emulator = await startEmulator({
    port: 0,
    clock,
    seed: 'demo',
    rateLimit: null,
    ...(options.missedCallTimeoutMs ? { missedCallTimeoutMs: options.missedCallTimeoutMs } : {}),
    ...(options.adminCredentials ? { adminCredentials: options.adminCredentials } : {}),
  });
  const agent = (username: string) => {
    const a = emulator.centre.agentByUsername(username);
    if (!a) throw new Error(`No emulator agent ${username}`);
    return a;
  };
  // A hardened emulator gives its control token and admin keys; an older one needs none.
  const extra = emulator as Emulator & {
    controlHeaders?: Record<string, string>;
    adminCredentials?: { accessKeyId: string; secretAccessKey: string };
  };
  const controlHeaders = { ...(extra.controlHeaders ?? {}) };
  const control = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${emulator.url}${path}`, { headers: controlHeaders });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return (await res.json()) as T;
  };
  return {
    emulator,
    url: emulator.url,
    controlHeaders,
    serverEnv: {
      CONNECT_ENDPOINT: emulator.url,
      CONTACT_LENS_ENDPOINT: emulator.url,
      CONNECT_RECORDINGS_S3_ENDPOINT: `${emulator.url}/s3`,
      // the voice configuration's one-time sign-in links
      CONNECT_EMULATOR_CONTROL_TOKEN: emulator.controlToken,
      ...(extra.adminCredentials
        ? {
            CONNECT_ACCESS_KEY_ID: extra.adminCredentials.accessKeyId,
            CONNECT_SECRET_ACCESS_KEY: extra.adminCredentials.secretAccessKey,
          }
        : {}),
    },
    control,
    setState: (username, state) => emulator.centre.putAgentState(agent(username), { name: state }),
    dialIn: (from, to = '+15555550001') => emulator.centre.dialIn(to, from).id,
    accept: (username, contactId) => emulator.centre.acceptContact(agent(username), contactId),
    callOut: (username, phone) =>
      emulator.centre.createOutboundContact(agent(username), {
        type: 'phone_number',
        phoneNumber: phone,
      } as never).id,
    answer: (contactId) => emulator.centre.customerAnswers(contactId),
    hangUp: (contactId) => emulator.centre.customerHangsUp(contactId),
    clear: (username, contactId) => emulator.centre.clearContact(agent(username), contactId),
    advance: (ms) => clock.advance(ms),
    async addWebhook(url) {
      const res = await fetch(`${emulator.url}/control/webhooks`, {
        method: 'POST',
        headers: { ...controlHeaders, 'content-type': 'application/json' },
        body: JSON.stringify({ url }),
      });
      if (!res.ok) throw new Error(`webhook: ${res.status}`);
      return ((await res.json()) as { id: string }).id;
    },
    close: () => emulator.close(),
  };
}

/** Polls `check` until it answers a value (not undefined/false), or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let delay = 20;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(250, delay * 2);
  }
}

/**
 * Runs the demo calls on the emulator: one answered by jane (3 s), one nobody answers, john's
 * outbound call (4 s), and one jane transfers to john (agent quick connect).
 * Answers the contact ids: answered, missed, outbound, transferred (jane's), its leg to john. */
export function placeDemoCalls(cc: TestContactCentre): string[] {
  const centre = cc.emulator.centre;
  cc.setState('jane', 'Available');
  const answered = cc.dialIn('+15555550301');
  cc.accept('jane', answered);
  cc.advance(3_000);
  cc.hangUp(answered);
  cc.clear('jane', answered);
  cc.setState('jane', 'Offline');

  const missed = cc.dialIn('+15555550302');
  cc.advance(2_000);
  cc.hangUp(missed);

  cc.setState('john', 'Available');
  const outbound = cc.callOut('john', '+15555550303');
  cc.advance(1_000);
  cc.answer(outbound);
  cc.advance(4_000);
  cc.hangUp(outbound);
  cc.clear('john', outbound);

  cc.setState('jane', 'Available');
  const john = centre.agentByUsername('john')!;
  cc.setState('john', 'Offline');
  const transferred = cc.dialIn('+15555550304');
  cc.accept('jane', transferred);
  cc.advance(2_000);
  cc.setState('john', 'Available');
  const jane = centre.agentByUsername('jane')!;
  const toJohn = centre
    .endpointsFor(jane, [])
    .find((e) => e.type === 'agent' && e.name === 'John Roe');
  if (!toJohn) throw new Error('no quick connect to John');
  centre.transferContact(jane, transferred, toJohn);
  cc.clear('jane', transferred);
  const leg = centre.contactsOf(john)[0]!;
  const legId = centre.contactIdOf(leg, john.id);
  cc.accept('john', legId);
  cc.advance(3_000);
  cc.hangUp(transferred);
  cc.clear('john', legId);
  cc.setState('jane', 'Offline');
  cc.setState('john', 'Offline');
  return [answered, missed, outbound, transferred, legId];
}
