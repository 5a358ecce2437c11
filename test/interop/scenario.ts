// The agent interop scenario (runAgentScenario below: inbound, outbound, missed and rejected calls), written once against the public `connect` global of the host
// page (real amazon-connect-streams `initCCP`, or any compatible panel/SDK) and the emulator's
// control API. A panel under test only needs a host page that records events into
// `window.__events` as harness.ts does, and exposes `window.__agent` / `window.__contacts`.
import { expect, type Page } from '@playwright/test';

/** One recorded host-side event. */
export interface HostEvent {
  readonly name: string;
  readonly data: Record<string, unknown> | null;
}

/** A control API answer. */
export interface ControlAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** The host-page globals the scenario reads (set by the host page, see harness.ts). */
type HostWindow = Window & {
  __events: HostEvent[];
  __contacts: Record<
    string,
    { getAgentConnection(): { isOnHold(): boolean; isConnected(): boolean } }
  >;
  __agent: { getState(): { name: string } };
};

/** What the scenario drives. */
export interface ScenarioDriver {
  /** The host page (initCCP already called). */
  readonly host: Page;
  /** Calls the emulator control API. */
  control(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ControlAnswer>;
}

const WAIT_MS = 20_000;

/** Waits until an event named `name` matching `where` is recorded after index `from`; returns its index. */
export async function waitForEvent(
  host: Page,
  name: string,
  where: Record<string, unknown> = {},
  from = 0,
): Promise<number> {
  const handle = await host.waitForFunction(
    ({ name, where, from }) => {
      const events = (window as unknown as HostWindow).__events ?? [];
      for (let i = from; i < events.length; i++) {
        const e = events[i];
        if (!e) continue;
        if (e.name !== name) continue;
        if (Object.entries(where).every(([k, v]) => e.data?.[k] === v)) return i + 1;
      }
      return 0;
    },
    { name, where, from },
    { timeout: WAIT_MS, polling: 50 },
  );
  return handle.jsonValue();
}

/** Runs an API call in the host page and resolves with `success` data or rejects with the failure. */
export function hostCall<T>(host: Page, fn: string, arg?: unknown): Promise<T> {
  return host.evaluate(
    ({ fn, arg }) =>
      new Promise<T>((resolve, reject) => {
        const w = window as unknown as Record<string, unknown>;
        const cb = {
          success: (data: T) => resolve(data ?? (null as T)),
          failure: (err: unknown) =>
            reject(new Error(typeof err === 'string' ? err : JSON.stringify(err))),
        };
        // The scenario ships small call bodies that run against the page's `connect` global.
        // eslint-disable-next-line @typescript-eslint/no-implied-eval
        const run = new Function('agent', 'contacts', 'connect', 'cb', 'arg', fn) as (
          ...args: unknown[]
        ) => void;
        run(w.__agent, w.__contacts, w.connect, cb, arg);
      }),
    { fn, arg },
  );
}

const setState = (host: Page, name: string, enqueueNextState = false) =>
  hostCall(
    host,
    `const s = agent.getAgentStates().find((x) => x.name === arg.name);
     agent.setState(s, cb, { enqueueNextState: arg.enqueueNextState });`,
    { name, enqueueNextState },
  );

async function agentState(host: Page): Promise<string> {
  return host.evaluate(
    () =>
      (window as unknown as { __agent: { getState(): { name: string } } }).__agent.getState().name,
  );
}

async function eventCount(host: Page): Promise<number> {
  return host.evaluate(() => (window as unknown as HostWindow).__events.length);
}

async function dialIn(driver: ScenarioDriver): Promise<string> {
  const dial = await driver.control('POST', '/control/calls', {
    to: '+15555550001',
    from: '+15555550123',
  });
  expect(dial.status).toBe(201);
  return (dial.body as { contactId: string }).contactId;
}

/**
 * The whole scenario: init → agent → Available → inbound call → accept → hold/resume → digits →
 * customer hangs up → ACW → clear → Available; outbound call answered and hung up by the agent; a
 * missed call; a rejected call; setState with enqueueNextState during a call; a queued callback
 * (onIncoming); getEndpoints across
 * two pages. Each host-side event is asserted.
 */
export async function runAgentScenario(
  driver: ScenarioDriver,
  step: (title: string, body: () => Promise<void>) => Promise<void>,
): Promise<void> {
  const { host } = driver;

  await step('init: onInitialized, then connect.agent with the seeded Offline state', async () => {
    await waitForEvent(host, 'initialized');
    await waitForEvent(host, 'agent', { state: 'Offline' });
  });

  await step('set Available: setState succeeds and onStateChange Offline → Available', async () => {
    const from = await eventCount(host);
    await setState(host, 'Available');
    await waitForEvent(
      host,
      'agent.stateChange',
      { oldState: 'Offline', newState: 'Available' },
      from,
    );
  });

  let contactId = '';
  await step('customer dials in: connect.contact (inbound) and onConnecting', async () => {
    const from = await eventCount(host);
    contactId = await dialIn(driver);
    await waitForEvent(
      host,
      'contact',
      { id: contactId, state: 'connecting', inbound: true },
      from,
    );
    await waitForEvent(host, 'contact.connecting', { id: contactId }, from);
    await waitForEvent(host, 'agent.stateChange', { newState: 'PendingBusy' }, from);
  });

  await step('contact.accept(): success, onAccepted, onConnected, agent Busy', async () => {
    const from = await eventCount(host);
    await hostCall(host, 'contacts[arg].accept(cb);', contactId);
    await waitForEvent(host, 'contact.accepted', { id: contactId }, from);
    await waitForEvent(host, 'contact.connected', { id: contactId }, from);
    await waitForEvent(host, 'agent.stateChange', { newState: 'Busy' }, from);
  });

  await step('agent connection hold, then resume', async () => {
    await hostCall(host, 'contacts[arg].getAgentConnection().hold(cb);', contactId);
    await host.waitForFunction(
      (id) => (window as unknown as HostWindow).__contacts[id]!.getAgentConnection().isOnHold(),
      contactId,
      { timeout: WAIT_MS },
    );
    await hostCall(host, 'contacts[arg].getAgentConnection().resume(cb);', contactId);
    await host.waitForFunction(
      (id) => (window as unknown as HostWindow).__contacts[id]!.getAgentConnection().isConnected(),
      contactId,
      { timeout: WAIT_MS },
    );
  });

  await step('sendDigits: the digits reach the emulator', async () => {
    await hostCall(host, 'contacts[arg].getAgentConnection().sendDigits("123#", cb);', contactId);
    const contact = await driver.control('GET', `/control/contacts/${contactId}`);
    expect((contact.body as { digits: unknown }).digits).toEqual([
      { from: 'agent', digits: '123#' },
    ]);
  });

  await step('customer hangs up: onEnded, onACW, agent AfterCallWork', async () => {
    const from = await eventCount(host);
    expect((await driver.control('POST', `/control/contacts/${contactId}/hangup`)).status).toBe(
      200,
    );
    await waitForEvent(host, 'contact.ended', { id: contactId }, from);
    await waitForEvent(host, 'contact.acw', { id: contactId }, from);
    await waitForEvent(host, 'agent.stateChange', { newState: 'AfterCallWork' }, from);
  });

  await step('contact.clear(): the agent is back to Available', async () => {
    const from = await eventCount(host);
    await hostCall(host, 'contacts[arg].clear(cb);', contactId);
    await waitForEvent(
      host,
      'agent.stateChange',
      { oldState: 'AfterCallWork', newState: 'Available' },
      from,
    );
    await waitForEvent(host, 'contact.destroy', { id: contactId }, from);
  });

  await step('outbound agent.connect(+15555550123): customer answers, agent hangs up', async () => {
    let from = await eventCount(host);
    await hostCall(host, 'agent.connect(connect.Endpoint.byPhoneNumber("+15555550123"), cb);');
    const at = await waitForEvent(host, 'contact', { inbound: false }, from);
    const outboundId = await host.evaluate(
      (i) => String((window as unknown as HostWindow).__events[i - 1]!.data!.id),
      at,
    );
    await waitForEvent(host, 'agent.stateChange', { newState: 'CallingCustomer' }, from);
    from = await eventCount(host);
    expect((await driver.control('POST', `/control/contacts/${outboundId}/answer`)).status).toBe(
      200,
    );
    await waitForEvent(host, 'contact.connected', { id: outboundId }, from);
    await waitForEvent(host, 'agent.stateChange', { newState: 'Busy' }, from);
    from = await eventCount(host);
    await hostCall(host, 'contacts[arg].getAgentConnection().destroy(cb);', outboundId);
    await waitForEvent(host, 'contact.ended', { id: outboundId }, from);
    await waitForEvent(host, 'agent.stateChange', { newState: 'AfterCallWork' }, from);
    from = await eventCount(host);
    await hostCall(host, 'contacts[arg].clear(cb);', outboundId);
    await waitForEvent(host, 'agent.stateChange', { newState: 'Available' }, from);
  });

  await step(
    'a missed inbound call: onMissed, agent in MissedCallAgent (error), then Available again',
    async () => {
      const from = await eventCount(host);
      const missedId = await dialIn(driver);
      await waitForEvent(host, 'contact.connecting', { id: missedId }, from);
      await waitForEvent(host, 'contact.missed', { id: missedId }, from);
      await waitForEvent(host, 'agent.stateChange', { newState: 'MissedCallAgent' }, from);
      await waitForEvent(host, 'agent.error', {}, from);
      expect((await driver.control('POST', `/control/contacts/${missedId}/hangup`)).status).toBe(
        200,
      );
      const back = await eventCount(host);
      await setState(host, 'Available');
      await waitForEvent(
        host,
        'agent.stateChange',
        { oldState: 'MissedCallAgent', newState: 'Available' },
        back,
      );
    },
  );

  await step('a rejected call: contact.reject() succeeds, the offer is withdrawn', async () => {
    const from = await eventCount(host);
    const rejectedId = await dialIn(driver);
    await waitForEvent(host, 'contact.connecting', { id: rejectedId }, from);
    await hostCall(host, 'contacts[arg].reject(cb);', rejectedId);
    await waitForEvent(host, 'contact.missed', { id: rejectedId }, from);
    await waitForEvent(host, 'contact.destroy', { id: rejectedId }, from);
    expect(await agentState(host)).toBe('Available');
    expect((await driver.control('POST', `/control/contacts/${rejectedId}/hangup`)).status).toBe(
      200,
    );
  });

  await step(
    'setState(Lunch, {enqueueNextState:true}) during a call: nextState now, Lunch after clear',
    async () => {
      let from = await eventCount(host);
      const id = await dialIn(driver);
      await waitForEvent(host, 'contact.connecting', { id }, from);
      await hostCall(host, 'contacts[arg].accept(cb);', id);
      await waitForEvent(host, 'contact.connected', { id }, from);
      from = await eventCount(host);
      await setState(host, 'Lunch', true);
      await waitForEvent(host, 'agent.enqueuedNextState', { next: 'Lunch' }, from);
      expect(await agentState(host)).toBe('Busy');
      from = await eventCount(host);
      await driver.control('POST', `/control/contacts/${id}/hangup`);
      await waitForEvent(host, 'contact.acw', { id }, from);
      await hostCall(host, 'contacts[arg].clear(cb);', id);
      await waitForEvent(
        host,
        'agent.stateChange',
        { oldState: 'AfterCallWork', newState: 'Lunch' },
        from,
      );
    },
  );

  await step(
    'a queued callback: onIncoming, accept dials the customer, who answers; agent hangs up',
    async () => {
      let from = await eventCount(host);
      await setState(host, 'Available');
      await waitForEvent(
        host,
        'agent.stateChange',
        { oldState: 'Lunch', newState: 'Available' },
        from,
      );
      const callback = await driver.control('POST', '/control/callbacks', {
        queue: 'BasicQueue',
        number: '+15555550123',
      });
      expect(callback.status).toBe(201);
      const id = (callback.body as { contactId: string }).contactId;
      await waitForEvent(host, 'contact', { id, state: 'incoming' }, from);
      await waitForEvent(host, 'contact.incoming', { id }, from);
      await hostCall(host, 'contacts[arg].accept(cb);', id);
      await waitForEvent(host, 'contact.connecting', { id }, from);
      await waitForEvent(host, 'agent.stateChange', { newState: 'CallingCustomer' }, from);
      from = await eventCount(host);
      expect((await driver.control('POST', `/control/contacts/${id}/answer`)).status).toBe(200);
      await waitForEvent(host, 'contact.connected', { id }, from);
      await hostCall(host, 'contacts[arg].getAgentConnection().destroy(cb);', id);
      await waitForEvent(host, 'contact.ended', { id }, from);
      from = await eventCount(host);
      await hostCall(host, 'contacts[arg].clear(cb);', id);
      await waitForEvent(host, 'agent.stateChange', { newState: 'Available' }, from);
    },
  );

  await step('getEndpoints across two pages of 500', async () => {
    const count = await hostCall<number>(
      host,
      `agent.getEndpoints(agent.getAllQueueARNs(), { success: (data) => cb.success(data.endpoints.length), failure: cb.failure });`,
    );
    expect(count).toBeGreaterThan(500);
    expect(count).toBe(523); // 520 directory numbers + the three demo quick connects
  });
}
