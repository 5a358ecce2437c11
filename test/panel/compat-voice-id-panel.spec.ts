import { expect, test, type Page } from '@playwright/test';
import {
  acceptEnrolledCaller,
  FAST_VOICE_ID,
  openVoiceIdHost,
  type VoiceIdHost,
} from './support/voice-id-host';

// The compat layer's Voice ID through the real panel path: a host page written against the global
// `connect` of amazon-connect-streams 2.18 (connect.core.initCCP, connect.contact, VoiceConnection
// Voice ID methods) runs on `@x/voice-id/compat` (which installs our compat `connect` with Voice ID),
// embeds the emulator panel, accepts an inbound call and asks for the speaker's status and an
// evaluation: compat VoiceConnection → @x/voice-id → host api_request → panel worker agent-app
// client → emulator agent-app endpoint.

const CALLER = '+15550001001';

const HOST_JS = `
(function () {
  const events = [];
  window.__events = events;
  let current;
  const settle = (p) =>
    p.then(
      (value) => ({ ok: true, value }),
      (error) => ({ ok: false, error: { type: error && error.type, message: String(error && error.message) } }),
    );
  connect.core.initCCP(document.getElementById('ccp'), {
    ccpUrl: window.PANEL_URL,
    loginPopup: false,
    softphone: { allowFramedSoftphone: true, disableRingtone: true },
  });
  connect.agent(() => events.push('agent'));
  connect.contact((contact) => {
    current = contact;
    contact.onConnecting(() => events.push('contact:connecting'));
    contact.onConnected(() => events.push('contact:connected'));
  });
  window.host = {
    available: () => {
      const agent = new connect.Agent();
      const state = agent.getAgentStates().find((s) => s.name === 'Available');
      agent.setState(state, { success: () => events.push('available') });
    },
    accept: () => current.accept({ success: () => events.push('accepted') }),
    speakerStatus: () => settle(current.getAgentConnection().getVoiceIdSpeakerStatus()),
    evaluate: (options) => {
      XVoice.installVoiceIdForCompat(options);
      return settle(current.getAgentConnection().evaluateSpeakerWithVoiceId(true));
    },
  };
})();`;

let host: VoiceIdHost | undefined;
test.use({ ignoreHTTPSErrors: true });
test.afterEach(async () => {
  await host?.close();
  host = undefined;
});

async function openHost(page: Page) {
  host = await openVoiceIdHost(page, {
    entry: `export { installVoiceIdForCompat } from '@x/voice-id/compat';`,
    globalName: 'XVoice',
    hostJs: HOST_JS,
    title: 'compat voice-id host',
  });
  return host.harness;
}

test('compat VoiceConnection.getVoiceIdSpeakerStatus and evaluateSpeakerWithVoiceId(true) reach the emulator agent-app endpoint through the panel (@x/voice-id/compat)', async ({
  page,
}) => {
  const server = await openHost(page);
  await acceptEnrolledCaller(page, server, CALLER);
  const status = await page.evaluate(() =>
    (window as unknown as { host: { speakerStatus(): Promise<unknown> } }).host.speakerStatus(),
  );
  expect(status).toMatchObject({ ok: true, value: { Speaker: { Status: 'ENROLLED' } } });
  const outcome = await page.evaluate(
    (fast) =>
      (window as unknown as { host: { evaluate(o: unknown): Promise<unknown> } }).host.evaluate(
        fast,
      ),
    FAST_VOICE_ID,
  );
  expect(outcome).toMatchObject({
    ok: true,
    value: {
      AuthenticationResult: { Decision: 'Authenticated', CustomerSpeakerId: CALLER },
    },
  });
});
