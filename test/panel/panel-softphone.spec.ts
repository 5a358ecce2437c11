import { chromium, expect, test, type Frame, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { TestPhone } from '../../packages/connect-emulator/test/support/softphone-client';
import { hearing, near } from './support/audio-probe';
import { startHarness, type Harness } from './support/emulator-harness';

test.use({ ignoreHTTPSErrors: true });

let backend: Harness | undefined;
let caller: TestPhone | undefined;
test.afterEach(async () => {
  await caller?.close();
  caller = undefined;
  await backend?.close();
  backend = undefined;
});

const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: string[] }).__events.slice());

async function panelFrame(page: Page, server: Harness): Promise<Frame> {
  const panelUrl = `${server.emulator.url}/connect/ccp-v2/`;
  await expect.poll(() => page.frames().some((f) => f.url() === panelUrl)).toBe(true);
  const frame = page.frames().find((f) => f.url() === panelUrl);
  if (!frame) throw new Error('no panel frame');
  return frame;
}

const bytes = (frame: Frame, contactId: string) =>
  frame.evaluate((id) => {
    const panel = (
      window as unknown as {
        xPanel: {
          softphone: {
            latestStats(id: string): { softphoneStreamType: string; bytes: number }[] | undefined;
          };
        };
      }
    ).xPanel;
    const stats = panel.softphone.latestStats(id) ?? [];
    return {
      sent: stats.find((s) => s.softphoneStreamType === 'audio_input')?.bytes ?? 0,
      received: stats.find((s) => s.softphoneStreamType === 'audio_output')?.bytes ?? 0,
    };
  }, contactId);

test('during a connected call the WebRTC session carries audio both ways through the emulator and metrics reach it every flush period', async ({
  page,
}) => {
  backend = await startHarness({ metricsFlushIntervalMs: 1000 });
  const server = backend;
  await page.goto(server.hostUrl('2.18.7'));
  await expect.poll(() => events(page)).toContain('agent');
  await page.evaluate(() =>
    (window as unknown as { host: { setState(n: string): void } }).host.setState('Available'),
  );
  await expect.poll(() => events(page)).toContain('setState:success');
  // The customer calls from a phone of their own (a 600 Hz tone) through the emulator's media.
  const dialled = (await server.control('POST', '/control/calls', {
    to: '+15555550001',
    from: '+15555550123',
  })) as {
    contactId: string;
    customerSoftphone: { signalingEndpoint: string; callContextToken: string };
  };
  const contactId = dialled.contactId;
  const { signalingEndpoint, callContextToken } = dialled.customerSoftphone;
  caller = await TestPhone.dial(
    signalingEndpoint,
    contactId,
    callContextToken,
    600,
    server.emulator.certificate ?? undefined,
  );
  await expect.poll(() => events(page)).toContain('contact:connecting');
  const frame = await panelFrame(page, server);
  // accept from the panel's own UI
  await frame.getByTestId('accept-call').click();
  await expect.poll(() => events(page)).toContain('contact:connected');
  await expect(frame.getByTestId('ccp')).toHaveAttribute('data-state', 'on-call');

  // The agent hears the customer's tone, carried as G.711 by the emulator's media server, and the
  // customer hears the agent's microphone (Chromium's fake device).
  await expect
    .poll(async () => {
      const audio = await hearing(frame, { panelContactId: contactId });
      return audio.codec === 'audio/PCMU' && near(audio, 600);
    })
    .toBe(true);
  const phone = caller;
  await phone.hears((p) => p.loudness() > 300, "the agent's microphone", 3000);

  await expect.poll(async () => (await bytes(frame, contactId)).sent).toBeGreaterThan(0);
  const first = await bytes(frame, contactId);
  await expect
    .poll(async () => {
      const later = await bytes(frame, contactId);
      return later.sent > first.sent && later.received > first.received;
    })
    .toBe(true);
  expect(first.received).toBeGreaterThan(0);

  const metrics = () => server.operations.filter((o) => o.op === 'SendSoftphoneCallMetrics');
  await expect.poll(() => metrics().length).toBeGreaterThanOrEqual(2);
  expect(metrics()[0]?.body).toMatchObject({
    contactId,
    softphoneStreamStatistics: expect.any(Array),
  });
  const stat = (metrics()[0]?.body['softphoneStreamStatistics'] as Record<string, unknown>[])[0];
  expect(stat).toHaveProperty('packetCount');
  expect(stat).not.toHaveProperty('packetsCount');

  // mute from the host reaches the panel's softphone and comes back as onMuteToggle
  await page.evaluate(() => (window as unknown as { host: { mute(): void } }).host.mute());
  await expect.poll(() => events(page)).toContain('muteToggle:true');
  await expect(frame.getByTestId('mute-call')).toHaveAttribute('aria-pressed', 'true');
  await phone.hears((p) => p.loudness() < 50, 'the muted agent fall silent', 3000);

  await frame.getByTestId('hang-up').click();
  await expect.poll(() => events(page)).toContain('contact:ended');
  // The emulator ends the customer's media too (its `bye`).
  await phone.signalling.next((f) => f.method === 'bye');
  await expect
    .poll(() => server.operations.find((o) => o.op === 'SendSoftphoneCallReport')?.body)
    .toMatchObject({ contactId, report: { handshakeFailure: false } });
  const report = server.operations.find((o) => o.op === 'SendSoftphoneCallReport')?.body['report'];
  expect(report).toHaveProperty('talkTimeMillis');
  expect(report).not.toHaveProperty('talkingTimeMillis');
  await frame.getByTestId('close-contact').click();
  await expect.poll(() => events(page)).toContain('contact:destroyed');
});

test('the panel refuses to be framed by an origin outside the allow-list', async ({ page }) => {
  backend = await startHarness({ allowedOrigins: () => ['http://allowed.example'] });
  const server = backend;
  await page.goto(server.hostUrl('2.18.7'));
  // frame-ancestors blocks the document: the frame never shows the panel, the host never initializes
  await expect
    .poll(() =>
      page
        .frames()
        .filter((f) => f !== page.mainFrame())
        .map((f) => f.url()),
    )
    .toEqual([expect.stringMatching(/^chrome-error:/)]);
  expect(server.operations).toEqual([]);
  expect(await events(page)).not.toContain('initialized');
});

test('a denied microphone yields microphone_not_shared on the host', async () => {
  // a browser without the auto-accepting fake media UI: the permission request is denied
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: CHROMIUM_ARGS.filter((arg) => arg !== '--use-fake-ui-for-media-stream'),
  });
  try {
    backend = await startHarness();
    const page = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
    await page.goto(backend.hostUrl('2.18.7'));
    await expect.poll(() => events(page)).toContain('softphoneError:microphone_not_shared');
    const frame = await panelFrame(page, backend);
    await expect(frame.getByTestId('softphone-error')).toHaveAttribute(
      'data-error-type',
      'microphone_not_shared',
    );
  } finally {
    await browser.close();
  }
});

test('the panel opened on its own runs the CCP worker engine in a SharedWorker', async ({
  page,
}) => {
  backend = await startHarness({ tls: false });
  await page.goto(`${backend.emulator.url}/login?username=jane&redirect=/connect/ccp-v2/`);
  await expect(page.getByTestId('agent-name')).toHaveText('Jane Doe');
  await expect(page.getByTestId('ccp')).toHaveAttribute('data-state', 'idle');
  expect(
    await page.evaluate(
      () =>
        (window as unknown as { xPanel: { session: { transport: string } } }).xPanel.session
          .transport,
    ),
  ).toBe('shared-worker');
  // the panel's own status selector changes the agent state through the worker
  await page.getByTestId('agent-status').selectOption('Available');
  await expect(page.getByTestId('agent-status')).toHaveAttribute('data-state-type', 'routable');
});
