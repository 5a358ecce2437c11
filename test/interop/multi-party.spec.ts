// Transfers (to a queue, to an agent, to a busy agent), a three-party
// conference, participant mute, pause/resume and supervision through the real
// amazon-connect-streams host and CCP (2.18.7 and 2.28.2) against the emulator. A second agent or a supervisor
// runs in its own browser context (own login cookie, own CCP and SharedWorker).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { STREAMS_RELEASES, startInteropEmulator, type StreamsVersion } from './harness';
import { hostCall, waitForEvent } from './scenario';

type Interop = Awaited<ReturnType<typeof startInteropEmulator>>;

async function openHost(
  browser: Browser,
  env: Interop,
  username: string,
  version: StreamsVersion,
): Promise<Page> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await page.goto(`${env.hostUrl(version)}?username=${username}`);
  await waitForEvent(page, 'initialized');
  await waitForEvent(page, 'agent');
  return page;
}

const goAvailable = (page: Page) =>
  hostCall(page, 'agent.setState(agent.getAgentStates().find((s) => s.type === "routable"), cb);');

/** Dials the instance and has `page`'s agent accept the call; returns the contact id. */
async function acceptedCall(env: Interop, page: Page): Promise<string> {
  const res = await page.request.fetch(`${env.emulator.url}/control/calls`, {
    method: 'POST',
    headers: env.emulator.controlHeaders,
    data: JSON.stringify({ to: '+15555550001' }),
  });
  expect(res.status()).toBe(201);
  const at = await waitForEvent(page, 'contact');
  const contactId = await page.evaluate(
    (i) => (window as unknown as { __events: { data: { id: string } }[] }).__events[i - 1]!.data.id,
    at,
  );
  await hostCall(page, 'contacts[arg].accept(cb);', contactId);
  await waitForEvent(page, 'contact.connected', { id: contactId });
  return contactId;
}

/**
 * Waits for the contact a transfer of contact `initialContactId` offers to `page`'s agent and
 * returns its id: as on the real service, a new contact (not the transferring agent's).
 */
async function transferOffered(page: Page, initialContactId: string): Promise<string> {
  const at = await waitForEvent(page, 'contact', { initialContactId, state: 'connecting' });
  const contactId = await page.evaluate(
    (i) => (window as unknown as { __events: { data: { id: string } }[] }).__events[i - 1]!.data.id,
    at,
  );
  expect(contactId).not.toBe(initialContactId);
  return contactId;
}

/** Waits until `expression` (a function body over `c`, the host's contact) is true. */
async function until(page: Page, contactId: string, expression: string): Promise<void> {
  await page.waitForFunction(
    ({ id, expression }) => {
      const c = (window as unknown as { __contacts: Record<string, unknown> }).__contacts[id];
      if (!c) return false;
      try {
        // The test ships small predicates that run against the host's contact object.
        // eslint-disable-next-line @typescript-eslint/no-implied-eval
        const check = new Function('c', `return (${expression});`) as (c: unknown) => unknown;
        return Boolean(check(c));
      } catch {
        return false;
      }
    },
    { id: contactId, expression },
    { polling: 100 },
  );
}

for (const version of Object.keys(STREAMS_RELEASES) as StreamsVersion[])
  test.describe(`multi-party and supervision with the real ${version} host`, () => {
    let env: Interop;
    test.beforeEach(async () => {
      env = await startInteropEmulator();
    });
    test.afterEach(async () => {
      await env.emulator.close();
    });

    test('participant mute, pause/resume, then a blind transfer to a queue quick connect that an agent of the queue takes', async ({
      browser,
    }) => {
      const jane = await openHost(browser, env, 'jane', version);
      const ana = await openHost(browser, env, 'ana', version);
      await goAvailable(jane);
      const id = await acceptedCall(env, jane);

      await hostCall(jane, 'contacts[arg].getInitialConnection().muteParticipant(cb);', id);
      await until(jane, id, 'c.getInitialConnection().isForcedMute() === true');
      await hostCall(jane, 'contacts[arg].getInitialConnection().unmuteParticipant(cb);', id);
      await until(jane, id, 'c.getInitialConnection().isForcedMute() === false');

      await hostCall(jane, 'contacts[arg].pause(cb);', id);
      await until(jane, id, 'c.getStatus().type === "paused"');
      await hostCall(jane, 'contacts[arg].resume(cb);', id);
      await until(jane, id, 'c.getStatus().type === "connected"');

      // Nobody of the Sales queue is available yet: the call waits in the queue.
      await hostCall(
        jane,
        `agent.getEndpoints(agent.getAllQueueARNs(), { success: (d) =>
         contacts[arg].addConnection(d.endpoints.find((e) => e.type === 'queue'), cb),
         failure: cb.failure });`,
        id,
      );
      await until(jane, id, 'c.getThirdPartyConnections().length === 1');
      await until(
        jane,
        id,
        'c.getThirdPartyConnections()[0].getQuickConnectName() === "Sales queue"',
      );
      await hostCall(jane, 'contacts[arg].getAgentConnection().destroy(cb);', id);
      await waitForEvent(jane, 'contact.acw', { id });
      await waitForEvent(jane, 'agent.stateChange', { newState: 'AfterCallWork' });
      const live = env.emulator.centre.contacts.get(id)!;
      expect(live.state).toBe('connected');
      expect(live.connections.find((c) => c.initial)!.state).toBe('connected');

      // ana (routing profile serving Sales) becomes available: the call is offered to her panel
      // like an inbound contact, and she takes it.
      // It reaches her as a new contact (its own id), initiated by the transfer of jane's.
      await goAvailable(ana);
      const anas = await transferOffered(ana, id);
      await waitForEvent(ana, 'contact', { id: anas, state: 'connecting', inbound: true });
      await waitForEvent(ana, 'contact.connecting', { id: anas });
      await waitForEvent(ana, 'agent.stateChange', { newState: 'PendingBusy' });
      await until(ana, anas, `c.getInitialContactId() === ${JSON.stringify(id)}`);
      await hostCall(ana, 'contacts[arg].accept(cb);', anas);
      await waitForEvent(ana, 'contact.connected', { id: anas });
      await waitForEvent(ana, 'agent.stateChange', { newState: 'Busy' });
      await until(ana, anas, 'c.getInitialConnection().getStatus().type === "connected"');

      // jane clears her after-call work; the call goes on for the customer and ana.
      await hostCall(jane, 'contacts[arg].clear(cb);', id);
      await waitForEvent(jane, 'contact.destroy', { id });
      expect(env.emulator.centre.contacts.get(id)?.state).toBe('connected');
      await until(ana, anas, 'c.getStatus().type === "connected"');
    });

    test('a three-party conference: a quick-connect third party, hold of one party, toggle, conference, then the agent leaves and the others go on', async ({
      browser,
    }) => {
      const jane = await openHost(browser, env, 'jane', version);
      await goAvailable(jane);
      const id = await acceptedCall(env, jane);
      await until(jane, id, 'c.isMultiPartyConferenceEnabled() === true');

      // Add the third party through the "Support line" quick connect: the customer is held.
      await hostCall(
        jane,
        `agent.getEndpoints(agent.getAllQueueARNs(), { success: (d) =>
         contacts[arg].addConnection(d.endpoints.find((e) => e.name === 'Support line'), cb),
         failure: cb.failure });`,
        id,
      );
      const third = 'c.getThirdPartyConnections()[0]';
      await until(jane, id, `${third}.getQuickConnectName() === "Support line"`);
      await until(
        jane,
        id,
        `c.getInitialConnection().getStatus().type === "hold" && ${third}.getStatus().type === "connected"`,
      );

      // Hold one party (the third party), then take the customer back.
      await hostCall(jane, 'contacts[arg].getThirdPartyConnections()[0].hold(cb);', id);
      await until(jane, id, `${third}.getStatus().type === "hold"`);
      await hostCall(jane, 'contacts[arg].getInitialConnection().resume(cb);', id);
      await until(
        jane,
        id,
        `c.getInitialConnection().getStatus().type === "connected" && ${third}.getStatus().type === "hold"`,
      );

      // Toggle: the customer goes on hold, the third party comes back.
      await hostCall(jane, 'contacts[arg].toggleActiveConnections(cb);', id);
      await until(
        jane,
        id,
        `c.getInitialConnection().getStatus().type === "hold" && ${third}.getStatus().type === "connected"`,
      );

      // Conference: everybody talks.
      await hostCall(jane, 'contacts[arg].conferenceConnections(cb);', id);
      await until(
        jane,
        id,
        `c.getInitialConnection().getStatus().type === "connected" && ${third}.getStatus().type === "connected"`,
      );

      // jane leaves: after-call work for her, the customer and the third party talk on.
      await hostCall(jane, 'contacts[arg].getAgentConnection().destroy(cb);', id);
      await waitForEvent(jane, 'contact.ended', { id });
      await waitForEvent(jane, 'contact.acw', { id });
      await waitForEvent(jane, 'agent.stateChange', { newState: 'AfterCallWork' });
      const live = () => env.emulator.centre.contacts.get(id);
      expect(live()?.state).toBe('connected');
      expect(
        live()!
          .connections.filter((c) => !c.agentId)
          .map((c) => c.state),
      ).toEqual(['connected', 'connected']);

      await hostCall(jane, 'contacts[arg].clear(cb);', id);
      await waitForEvent(jane, 'contact.destroy', { id });
      await waitForEvent(jane, 'agent.stateChange', {
        oldState: 'AfterCallWork',
        newState: 'Available',
      });
      expect(live()?.state).toBe('connected');

      // The customer hangs up at last: the call is over and leaves the instance.
      const hangup = await jane.request.fetch(`${env.emulator.url}/control/contacts/${id}/hangup`, {
        method: 'POST',
        headers: env.emulator.controlHeaders,
      });
      expect(hangup.status()).toBe(200);
      expect(live()).toBeUndefined();
    });

    test('blind transfer to another agent: the second agent receives and accepts the call', async ({
      browser,
    }) => {
      const jane = await openHost(browser, env, 'jane', version);
      const john = await openHost(browser, env, 'john', version);
      await goAvailable(jane);
      const id = await acceptedCall(env, jane);
      await goAvailable(john);

      await hostCall(
        jane,
        `agent.getEndpoints(agent.getAllQueueARNs(), { success: (d) =>
         contacts[arg].addConnection(d.endpoints.find((e) => e.type === 'agent'), cb),
         failure: cb.failure });`,
        id,
      );
      // john is offered a new contact (its own id), initiated by the transfer of jane's.
      const johns = await transferOffered(john, id);
      await waitForEvent(john, 'contact.connecting', { id: johns });
      await until(john, johns, `c.getInitialContactId() === ${JSON.stringify(id)}`);
      await hostCall(jane, 'contacts[arg].getAgentConnection().destroy(cb);', id);
      await waitForEvent(jane, 'agent.stateChange', { newState: 'AfterCallWork' });

      await hostCall(john, 'contacts[arg].accept(cb);', johns);
      await waitForEvent(john, 'contact.connected', { id: johns });
      await until(john, johns, 'c.getInitialConnection().getStatus().type === "connected"');
      await waitForEvent(john, 'agent.stateChange', { newState: 'Busy' });
    });

    test('a transfer to a busy agent waits for him; the offer he then misses puts him in MissedCallAgent', async ({
      browser,
    }) => {
      const jane = await openHost(browser, env, 'jane', version);
      const john = await openHost(browser, env, 'john', version);
      await goAvailable(john);
      const johns = await acceptedCall(env, john);
      await goAvailable(jane);
      const id = await acceptedCall(env, jane);

      // john is on a call: the transfer is not refused, it waits for him.
      await hostCall(
        jane,
        `agent.getEndpoints(agent.getAllQueueARNs(), { success: (d) =>
         contacts[arg].addConnection(d.endpoints.find((e) => e.type === 'agent'), cb),
         failure: cb.failure });`,
        id,
      );
      await until(jane, id, 'c.getThirdPartyConnections().length === 1');
      await until(jane, id, 'c.getThirdPartyConnections()[0].getStatus().type === "connecting"');

      // john's call ends; once he clears it, the transfer is offered to him.
      const hangup = await john.request.fetch(
        `${env.emulator.url}/control/contacts/${johns}/hangup`,
        { method: 'POST', headers: env.emulator.controlHeaders },
      );
      expect(hangup.status()).toBe(200);
      await waitForEvent(john, 'contact.acw', { id: johns });
      await hostCall(john, 'contacts[arg].clear(cb);', johns);
      const offered = await transferOffered(john, id);
      await waitForEvent(john, 'contact.connecting', { id: offered });

      // He lets it ring out: missed, MissedCallAgent (an error state); jane keeps her call.
      await waitForEvent(john, 'contact.missed', { id: offered });
      await waitForEvent(john, 'agent.stateChange', { newState: 'MissedCallAgent' });
      await waitForEvent(john, 'agent.error');
      await until(jane, id, 'c.getThirdPartyConnections().length === 0');
      await until(jane, id, 'c.getStatus().type === "connected"');
    });

    test('a supervisor silently monitors the call, then barges, then leaves while the call goes on', async ({
      browser,
    }) => {
      const jane = await openHost(browser, env, 'jane', version);
      const ana = await openHost(browser, env, 'ana', version);
      await goAvailable(jane);
      const id = await acceptedCall(env, jane);

      const centre = env.emulator.centre;
      centre.monitorContact(id, centre.agentByUsername('ana')!.id, ['SILENT_MONITOR', 'BARGE']);
      await waitForEvent(ana, 'contact', { id });
      await until(
        ana,
        id,
        'c.getAgentConnection().getType() === "monitoring" && c.getAgentConnection().isSilentMonitor()',
      );
      await until(jane, id, 'c.isUnderSupervision() === false');

      await hostCall(ana, 'contacts[arg].updateMonitorParticipantState("barge", cb);', id);
      await until(ana, id, 'c.getAgentConnection().isBarge()');
      await until(jane, id, 'c.isUnderSupervision() === true');

      await hostCall(ana, 'contacts[arg].getAgentConnection().destroy(cb);', id);
      await until(jane, id, 'c.isUnderSupervision() === false');
      await until(jane, id, 'c.getStatus().type === "connected"');
    });
  });
