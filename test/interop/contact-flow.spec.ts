// A dial-in through the control API runs the seed's contact flow (attributes,
// working queue, prompt); the real amazon-connect-streams host and CCP see the contact as the
// flow left it: its attributes (the flow's and the ones the dial-in passed) and its queue.
import { expect, test } from '@playwright/test';
import { STREAMS_RELEASES, startInteropEmulator, type StreamsVersion } from './harness';
import { hostCall, waitForEvent } from './scenario';

for (const version of Object.keys(STREAMS_RELEASES) as StreamsVersion[])
  test(`streams ${version}: a contact-flow dial-in reaches the agent with the flow's attributes and queue`, async ({
    page,
  }) => {
    const env = await startInteropEmulator();
    try {
      await page.goto(`${env.hostUrl(version)}?username=jane`);
      await waitForEvent(page, 'initialized');
      await waitForEvent(page, 'agent');
      await hostCall(
        page,
        'agent.setState(agent.getAgentStates().find((s) => s.type === "routable"), cb);',
      );
      const dial = await page.request.fetch(`${env.emulator.url}/control/calls`, {
        method: 'POST',
        headers: env.emulator.controlHeaders,
        data: JSON.stringify({ to: '+15555550002', attributes: { orderId: '42' } }),
      });
      expect(dial.status()).toBe(201);
      expect(await dial.json()).toMatchObject({ contactFlow: 'Sales inbound', queue: 'Sales' });
      const at = await waitForEvent(page, 'contact');
      const contactId = await page.evaluate(
        (i) =>
          (window as unknown as { __events: { data: { id: string } }[] }).__events[i - 1]!.data.id,
        at,
      );
      const seen = await page.evaluate((id) => {
        const c = (
          window as unknown as {
            __contacts: Record<
              string,
              {
                getAttributes(): Record<string, { value: string }>;
                getQueue(): { name: string };
                getType(): string;
              }
            >;
          }
        ).__contacts[id]!;
        const attributes = c.getAttributes();
        return {
          attributes: Object.fromEntries(Object.entries(attributes).map(([k, v]) => [k, v.value])),
          queue: c.getQueue().name,
          type: c.getType(),
        };
      }, contactId);
      expect(seen).toEqual({
        attributes: { orderId: '42', line: 'sales' },
        queue: 'Sales',
        type: 'voice',
      });
      await hostCall(page, 'contacts[arg].accept(cb);', contactId);
      await waitForEvent(page, 'contact.connected', { id: contactId });
    } finally {
      await env.emulator.close();
    }
  });
