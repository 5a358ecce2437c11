import { HOST_TIMEOUTS, PANEL_PROBE_TIMEOUT_MS } from '@x/connect-streams';
import type { TestPanel } from '@x/connect-streams/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { CONFIG, fakeApi } from '../../../test/fake-api';
import type { VoiceConfig } from '../../api/contract';
import { VoiceProvider } from '../../react/voice-provider';
import { StatusChip } from './status-chip';

const PANEL = '/packages/connect-streams/test/fixtures/test-panel-frame.html';
const SIGN_ON = '/packages/react-voice/test/fixtures/sign-on.html';
const panelUrl = (query = '') =>
  `${location.origin}${PANEL}?host=${encodeURIComponent(location.origin)}${query}`;
const LOGIN_URL = `${location.origin}${SIGN_ON}?username=jane`;

/** Slack for a busy machine on top of each timeout (frames load, the check runs). */
const SLACK_MS = 3000;

function config(over: Partial<VoiceConfig>): VoiceConfig {
  return { ...CONFIG, loginUrl: LOGIN_URL, ...over };
}

async function mount(
  over: Partial<VoiceConfig>,
  ccpParams?: Parameters<typeof VoiceProvider>[0]['ccpParams'],
) {
  const api = fakeApi({ getConfig: () => Promise.resolve(config(over)) });
  const screen = await render(
    <VoiceProvider api={api} ccpParams={ccpParams}>
      <StatusChip />
    </VoiceProvider>,
  );
  cleanups.push(() => screen.unmount());
  return screen;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
  vi.restoreAllMocks();
});

describe('the status chip shows why the softphone has not started, with the action to take', () => {
  it('sign-in needed (the panel says so before acknowledging), within the acknowledge timeout; Sign in opens the login popup', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const screen = await mount({ ccpUrl: panelUrl('&ack=never&notice=auth_fail') });
    const problem = screen.getByTestId('voice-start-problem');
    await expect
      .element(problem, { timeout: HOST_TIMEOUTS.ccpAckTimeout })
      .toHaveAttribute('data-problem', 'signInNeeded');
    await expect.element(problem).toHaveRole('alert');
    await expect
      .element(problem)
      .toHaveTextContent('Sign in to the contact centre to use voice calls.');
    await screen.getByRole('button', { name: 'Sign in' }).click();
    // Same site as the panel: the popup, at the sign-in URL (opened once the click is handled).
    await vi.waitFor(() =>
      expect(open).toHaveBeenCalledWith(LOGIN_URL, 'connect::loginPopup', expect.any(String)),
    );
  });

  it('sign-in needed with the panel on another site: Sign in shows the sign-in page inside this page', async () => {
    const other = location.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const loginUrl = `${location.protocol}//${other}:${location.port}${SIGN_ON}`;
    const screen = await mount({ ccpUrl: panelUrl('&ack=never&notice=auth_fail'), loginUrl });
    const problem = screen.getByTestId('voice-start-problem');
    await expect
      .element(problem, { timeout: HOST_TIMEOUTS.ccpLoadTimeout + SLACK_MS })
      .toHaveAttribute('data-problem', 'signInNeeded');
    await screen.getByRole('button', { name: 'Sign in' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Sign in to the contact centre' });
    await expect.element(dialog).toBeVisible();
    await expect
      .element(dialog.getByTestId('voice-sign-in-frame'))
      .toHaveAttribute('src', loginUrl);
    await expect
      .element(dialog.getByRole('button', { name: 'Open the sign-in window' }))
      .toBeVisible();
  });

  it('a panel that loads but never acknowledges: sign in, or check the origin, after the load timeout', async () => {
    const screen = await mount({ ccpUrl: panelUrl('&ack=never') });
    const problem = screen.getByTestId('voice-start-problem');
    await expect
      .element(problem, { timeout: HOST_TIMEOUTS.ccpLoadTimeout + SLACK_MS })
      .toHaveAttribute('data-problem', 'signInNeeded');
    await expect
      .element(problem)
      .toHaveTextContent(
        `The softphone has not answered yet. If you are not signed in to the contact centre, sign in. Also check that ${location.origin} is an approved origin.`,
      );
  });

  it('origin not allowed, naming the origin to add, within the acknowledge timeout; Try again reloads the panel', async () => {
    const screen = await mount({ ccpUrl: panelUrl('&ack=never&notice=access_denied') });
    const problem = screen.getByTestId('voice-start-problem');
    await expect
      .element(problem, { timeout: HOST_TIMEOUTS.ccpAckTimeout })
      .toHaveAttribute('data-problem', 'originNotAllowed');
    await expect
      .element(problem)
      .toHaveTextContent(
        `The contact centre does not allow this page. Add ${location.origin} to its approved origins, then try again.`,
      );
    const before = document.querySelector('iframe[data-ccp-iframe]');
    await screen.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => document.querySelector('iframe[data-ccp-iframe]')).not.toBe(before);
  });

  it('panel unreachable, with the URL it tried, within the load timeout and the check; Try again', async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused.
    const ccpUrl = 'http://127.0.0.1:9/connect/ccp-v2/';
    const screen = await mount({ ccpUrl });
    const problem = screen.getByTestId('voice-start-problem');
    await expect
      .element(problem, {
        timeout: HOST_TIMEOUTS.ccpLoadTimeout + PANEL_PROBE_TIMEOUT_MS + SLACK_MS,
      })
      .toHaveAttribute('data-problem', 'unreachable');
    await expect
      .element(problem)
      .toHaveTextContent(`The softphone cannot be reached at ${ccpUrl}.`);
    await expect.element(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('retries exhausted after 10 refreshes, then Try again starts the panel, which comes up', async () => {
    const ccpLoadTimeout = 200;
    const screen = await mount({ ccpUrl: panelUrl('&ack=never') }, { ccpLoadTimeout });
    const problem = screen.getByTestId('voice-start-problem');
    await expect
      .element(problem, { timeout: ccpLoadTimeout * 12 + SLACK_MS * 2 })
      .toHaveAttribute('data-problem', 'retriesExhausted');
    await expect
      .element(problem)
      .toHaveTextContent(`The softphone did not start (${panelUrl('&ack=never')}).`);
    await screen.getByRole('button', { name: 'Try again' }).click();
    // The new frame's panel acknowledges this time.
    const frame = () =>
      document.querySelector<HTMLIFrameElement>('iframe[data-ccp-iframe]')?.contentWindow as
        (Window & { testPanel?: TestPanel }) | undefined;
    await expect.poll(() => frame()?.testPanel).toBeTruthy();
    const panel = frame()!.testPanel!;
    panel.acknowledge({ id: 'retry-port' });
    panel.instance.setAgentState('Available');
    await expect.element(screen.getByRole('button', { name: /Agent status/ })).toBeVisible();
    expect(screen.container.querySelector('[data-testid="voice-start-problem"]')).toBeNull();
  });
});
