import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { HOLD_MUSIC_NOTES_HZ } from '../../packages/connect-emulator/src/constants';
import { hearing, near } from './support/audio-probe';
import { browserBundle } from './support/browser-bundle';
import { startHarness, type Harness } from './support/emulator-harness';
import { hostEvents as events, panelFrame, SpeakingBrowsers } from './support/speaking-browsers';

// The host-side softphone (`allowFramedSoftphone: false`) under our SDK: the interop host page,
// written against amazon-connect-streams' global `connect`, runs on @x/connect-streams/compat with
// the softphone of @x/connect-streams/softphone installed, and calls
// `connect.core.initSoftphoneManager()` as a page with connect-rtc-js would. The host page, not
// the framed panel, talks with a customer on the emulator's phone page through its media server.
const AGENT_HZ = 1000;
const CUSTOMER_HZ = 600;

const here = dirname(fileURLToPath(import.meta.url));
let bundle: string | undefined;
const compatWithSoftphone = async (): Promise<string> =>
  (bundle ??= await browserBundle({
    contents: `import '@x/connect-streams/compat';
import { installCompatSoftphone } from '@x/connect-streams/softphone';
installCompatSoftphone();`,
    resolveDir: here,
  }));

let backend: Harness | undefined;
const browsers = new SpeakingBrowsers();
test.afterEach(async () => {
  await browsers.closeAll();
  await backend?.close();
  backend = undefined;
});
const speakingPage = (hz: number) => browsers.page(hz);

const host = (page: Page, action: string) =>
  page.evaluate((name) => {
    (window as unknown as { host: Record<string, () => void> }).host[name]!();
  }, action);

test('with allowFramedSoftphone: false the host page runs the call: both voices, mute, hold music, digits, the call report', async () => {
  backend = await startHarness();
  const server = backend;
  const agent = await speakingPage(AGENT_HZ);
  const errors: string[] = [];
  agent.on('pageerror', (error) => errors.push(error.message));
  const body = await compatWithSoftphone();
  await agent.route('**/streams/2.18.7.js', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body }),
  );
  await agent.goto(`${server.hostUrl('2.18.7')}&softphone=host`);
  await expect.poll(() => events(agent)).toContain('agent');
  await agent.evaluate(() =>
    (window as unknown as { host: { setState(n: string): void } }).host.setState('Available'),
  );
  await expect.poll(() => events(agent)).toContain('setState:success');
  // This tab won the softphone topic (the only tab).
  await expect
    .poll(() =>
      agent.evaluate(
        () =>
          !!(window as unknown as { connect: { core: { softphoneManager: unknown } } }).connect.core
            .softphoneManager,
      ),
    )
    .toBe(true);

  const customer = await speakingPage(CUSTOMER_HZ);
  await customer.goto(`${server.emulator.url}/control`);
  await customer.getByTestId('dial').click();
  await expect(customer.getByTestId('phone-status')).toHaveText('Ringing…');
  await expect.poll(() => events(agent)).toContain('contact:connecting');
  await host(agent, 'accept');
  await expect(customer.getByTestId('phone-status')).toContainText('Connected');
  const { contacts } = (await server.control('GET', '/control/contacts')) as {
    contacts: { contactId: string }[];
  };
  const contactId = contacts[0]!.contactId;

  // The host page hears the customer; the customer hears the host page's microphone.
  const phoneAudio = { element: '#phone-audio' } as const;
  await expect
    .poll(async () => {
      const heard = await hearing(agent, { hostContactId: contactId });
      return heard.codec === 'audio/PCMU' && near(heard, CUSTOMER_HZ);
    })
    .toBe(true);
  await expect.poll(async () => near(await hearing(customer, phoneAudio), AGENT_HZ)).toBe(true);
  // The framed panel runs no session of its own.
  const frame = await panelFrame(agent, server);
  expect(
    await frame.evaluate(
      () =>
        (window as unknown as { xPanel?: { softphone?: { activeContactIds: string[] } } }).xPanel
          ?.softphone?.activeContactIds ?? [],
    ),
  ).toEqual([]);

  // Mute: the customer no longer hears the agent; unmute brings the voice back.
  await host(agent, 'mute');
  await expect.poll(() => events(agent)).toContain('muteToggle:true');
  await expect.poll(async () => near(await hearing(customer, phoneAudio), AGENT_HZ)).toBe(false);
  await host(agent, 'unmute');
  await expect.poll(async () => near(await hearing(customer, phoneAudio), AGENT_HZ)).toBe(true);

  // Hold: the customer hears the hold music.
  await host(agent, 'hold');
  await expect(customer.getByTestId('phone-status')).toHaveText('On hold');
  await expect
    .poll(async () => {
      const heard = await hearing(customer, phoneAudio);
      return HOLD_MUSIC_NOTES_HZ.some((hz) => near(heard, hz));
    })
    .toBe(true);
  await host(agent, 'resume');
  await expect.poll(async () => near(await hearing(customer, phoneAudio), AGENT_HZ)).toBe(true);

  // A key pressed on the phone reaches the contact as a digit.
  await customer.getByRole('button', { name: '7', exact: true }).click();
  await expect
    .poll(async () => {
      const contact = (await server.control('GET', `/control/contacts/${contactId}`)) as {
        digits: { from: string; digits: string }[];
      };
      return contact.digits;
    })
    .toContainEqual({ from: 'customer', digits: '7' });

  // The agent hangs up; the host page sends the call report through the panel.
  await host(agent, 'hangUp');
  await expect(customer.getByTestId('phone-status')).toHaveText('Call ended');
  await expect
    .poll(() =>
      server.operations
        .filter((o) => o.op === 'SendSoftphoneCallReport')
        .map((o) => o.body['contactId']),
    )
    .toContain(contactId);
  expect((await events(agent)).filter((e) => e.startsWith('softphoneError'))).toEqual([]);
  expect(errors).toEqual([]);
});
