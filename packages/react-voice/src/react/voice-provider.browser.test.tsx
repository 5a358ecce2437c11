import type { TestPanel } from '@x/connect-streams/testing';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { CONFIG, fakeApi } from '../../test/fake-api';
import { useAgentStatus, useVoiceSession } from './hooks';
import { VoiceProvider } from './voice-provider';

const PANEL = '/packages/connect-streams/test/fixtures/test-panel-frame.html';
const SIGN_ON = '/packages/react-voice/test/fixtures/sign-on.html';

const config = {
  ...CONFIG,
  ccpUrl: `${location.origin}${PANEL}?host=${encodeURIComponent(location.origin)}`,
  loginUrl: `${location.origin}${SIGN_ON}?username=jane`,
};

function Status() {
  const session = useVoiceSession();
  const status = useAgentStatus();
  return (
    <output data-testid="status" data-phase={session.phase}>
      {session.ready ? status.name : 'loading'}
    </output>
  );
}

const frames = () =>
  document.querySelectorAll<HTMLIFrameElement>('[data-testid="voice-frames"] iframe');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('VoiceProvider', () => {
  it('loads the hidden single-sign-on frame, then the hidden 1200x300 softphone frame with initCCP, and runs the voice module', async () => {
    const api = fakeApi({ getConfig: () => Promise.resolve(config) });
    const screen = await render(
      <VoiceProvider api={api}>
        <Status />
      </VoiceProvider>,
    );
    await expect.element(screen.getByTestId('status')).toHaveTextContent('Available');
    const [signOn, softphone] = [...frames()];
    expect(signOn!.src).toBe(config.loginUrl);
    expect(signOn!.hasAttribute('data-voice-sign-on')).toBe(true);
    expect(getComputedStyle(signOn!).display).toBe('none');
    expect(softphone!.src).toBe(config.ccpUrl);
    expect(softphone!.title).toBe('Amazon Connect CCP');
    const box = softphone!.getBoundingClientRect();
    expect([box.width, box.height]).toEqual([1200, 300]);
    expect(box.right).toBeLessThanOrEqual(0); // out of sight
    expect(
      screen.container.querySelector('[data-testid="voice-frames"]')!.getAttribute('aria-hidden'),
    ).toBe('true');
    await screen.unmount();
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('is StrictMode-safe: one softphone frame after a double mount', async () => {
    const api = fakeApi({ getConfig: () => Promise.resolve(config) });
    const screen = await render(
      <StrictMode>
        <VoiceProvider api={api}>
          <Status />
        </VoiceProvider>
      </StrictMode>,
    );
    await expect.element(screen.getByTestId('status')).toHaveTextContent('Available');
    expect(document.querySelectorAll('iframe[data-ccp-iframe]')).toHaveLength(1);
    expect(document.querySelectorAll('iframe[data-voice-sign-on]')).toHaveLength(1);
    await screen.unmount();
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('softphone="host": the panel runs no media, this page competes for the softphone topic', async () => {
    const api = fakeApi({ getConfig: () => Promise.resolve(config) });
    const screen = await render(
      <VoiceProvider api={api} softphone="host">
        <Status />
      </VoiceProvider>,
    );
    await expect.element(screen.getByTestId('status')).toHaveTextContent('Available');
    const panel = (frames()[1]!.contentWindow as unknown as { testPanel: TestPanel }).testPanel;
    const configured = panel.sent('configure') as {
      softphone?: { allowFramedSoftphone?: boolean };
    }[];
    expect(configured.map((c) => c.softphone?.allowFramedSoftphone)).toContain(false);
    await vi.waitFor(
      () =>
        expect(panel.sent('master_request')).toContainEqual(
          expect.objectContaining({ params: { topic: 'connect::softphone' } }),
        ),
      { timeout: 10_000 },
    );
    await screen.unmount();
  });

  it('without planVoice embeds nothing', async () => {
    const api = fakeApi({ getConfig: () => Promise.resolve({ ...config, planVoice: false }) });
    const screen = await render(
      <VoiceProvider api={api}>
        <Status />
      </VoiceProvider>,
    );
    await expect.element(screen.getByTestId('status')).toHaveAttribute('data-phase', 'disabled');
    expect(frames()).toHaveLength(0);
  });

  it('reports the notification sound: off while a call is connected', async () => {
    const api = fakeApi({ getConfig: () => Promise.resolve(config) });
    const sounds: boolean[] = [];
    const screen = await render(
      <VoiceProvider api={api} onNotificationSoundChange={(on) => sounds.push(on)}>
        <Status />
      </VoiceProvider>,
    );
    await expect.element(screen.getByTestId('status')).toHaveTextContent('Available');
    const panel = (frames()[1]!.contentWindow as unknown as { testPanel: TestPanel }).testPanel;
    const id = panel.instance.incomingCall();
    panel.instance.handle('acceptContact', { contactId: id });
    await expect.poll(() => sounds).toEqual([false]);
    panel.instance.customerHangsUp(id);
    await expect.poll(() => sounds).toEqual([false, true]);
    await screen.unmount();
  });
});
