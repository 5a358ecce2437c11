import { expect, test } from '@playwright/test';
import { HOLD_MUSIC_NOTES_HZ } from '../../packages/connect-emulator/src/constants';
import { hearing, near } from './support/audio-probe';
import { startHarness, type Harness } from './support/emulator-harness';
import { hostEvents as events, panelFrame, SpeakingBrowsers } from './support/speaking-browsers';

// Two people on a call through the emulator's media server: the agent in a host page with the
// framed panel (the real amazon-connect-streams 2.18.7), the customer on the emulator's customer
// phone page. Each browser's fake microphone plays its own tone, so each side can tell what it
// hears from what it says.
const AGENT_HZ = 1000;
const CUSTOMER_HZ = 600;

let backend: Harness | undefined;
const browsers = new SpeakingBrowsers();
test.afterEach(async () => {
  await browsers.closeAll();
  await backend?.close();
  backend = undefined;
});
const speakingPage = (hz: number) => browsers.page(hz);

test('a customer calls from the phone page and talks with the agent through the emulator: ringback, both voices, hold music, keypad digits, hang-up', async () => {
  backend = await startHarness();
  const server = backend;
  const agent = await speakingPage(AGENT_HZ);
  await agent.goto(server.hostUrl('2.18.7'));
  await expect.poll(() => events(agent)).toContain('agent');
  await agent.evaluate(() =>
    (window as unknown as { host: { setState(n: string): void } }).host.setState('Available'),
  );
  await expect.poll(() => events(agent)).toContain('setState:success');

  const customer = await speakingPage(CUSTOMER_HZ);
  await customer.goto(`${server.emulator.url}/control`);
  await customer.getByTestId('dial').click();
  await expect(customer.getByTestId('phone-status')).toHaveText('Ringing…');
  const phoneAudio = { element: '#phone-audio' } as const;
  await expect
    .poll(async () => {
      const heard = await hearing(customer, phoneAudio);
      return near(heard, 440) || near(heard, 480);
    })
    .toBe(true);

  const frame = await panelFrame(agent, server);
  await frame.getByTestId('accept-call').click();
  await expect(customer.getByTestId('phone-status')).toContainText('Connected');
  await expect(customer.getByTestId('phone-detail')).toHaveText('jane');
  const { contacts } = (await server.control('GET', '/control/contacts')) as {
    contacts: { contactId: string; digits: { from: string; digits: string }[] }[];
  };
  const contactId = contacts[0]!.contactId;
  await expect
    .poll(async () => {
      const heard = await hearing(frame, { panelContactId: contactId });
      return heard.codec === 'audio/PCMU' && near(heard, CUSTOMER_HZ);
    })
    .toBe(true);
  await expect.poll(async () => near(await hearing(customer, phoneAudio), AGENT_HZ)).toBe(true);

  // Hold: the customer hears the hold music instead of the agent.
  await frame.getByTestId('hold-call').click();
  await expect(customer.getByTestId('phone-status')).toHaveText('On hold');
  await expect
    .poll(async () => {
      const heard = await hearing(customer, phoneAudio);
      return HOLD_MUSIC_NOTES_HZ.some((hz) => near(heard, hz));
    })
    .toBe(true);
  await frame.getByTestId('hold-call').click();
  await expect.poll(async () => near(await hearing(customer, phoneAudio), AGENT_HZ)).toBe(true);

  // A key of the keypad goes in the call's audio (RTP) and reaches the contact as a digit.
  await customer.getByRole('button', { name: '5', exact: true }).click();
  await expect
    .poll(async () => {
      const contact = (await server.control('GET', `/control/contacts/${contactId}`)) as {
        digits: { from: string; digits: string }[];
      };
      return contact.digits;
    })
    .toContainEqual({ from: 'customer', digits: '5' });

  await customer.getByTestId('phone-hangup').click();
  await expect(customer.getByTestId('phone-status')).toHaveText('Call ended');
  await expect.poll(() => events(agent)).toContain('contact:ended');
});
