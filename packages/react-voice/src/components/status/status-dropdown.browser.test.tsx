import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { PanelError } from '@x/connect-streams/testing';
import { CONFIG } from '../../../test/fake-api';
import { checkState, cleanupVoice, renderVoice, startVoice, viewport } from '../../../test/ui';
import type { VoicePanelTabId } from '../../controller/constants';
import { de_DE } from '../../locales';
import { VoicePanel } from '../../panel/voice-panel';
import { VoiceProvider } from '../../react/voice-provider';
import { StatusDropdown } from './status-dropdown';

beforeEach(() => viewport(900, 560));
afterEach(cleanupVoice);

/** The header area the chip sits in. */
function Header(props: { children: React.ReactNode }) {
  return (
    <header
      className="xv"
      style={{
        display: 'flex',
        justifyContent: 'flex-end',
        padding: 12,
        borderBottom: '1px solid #e3e3e8',
      }}
    >
      <h1 className="xv-visually-hidden">Workspace</h1>
      {props.children}
    </header>
  );
}

const chip = () => page.getByRole('button', { name: /^Agent status:/ });

describe('StatusChip and StatusDropdown', () => {
  it("Available is shown 'On' with its timer ticking every second", async () => {
    const { controller } = await startVoice();
    await renderVoice(
      <Header>
        <StatusDropdown />
      </Header>,
      { controller },
    );
    await expect.element(chip()).toHaveAccessibleName(/^Agent status: On( |$)/);
    await expect.element(chip()).toHaveAttribute('data-state', 'available');
    const timer = page.getByTestId('voice-status-timer');
    await expect.element(timer).toHaveTextContent(/^00:00:0\d$/);
    const first = timer.element().textContent;
    await expect.poll(() => timer.element().textContent, { timeout: 2500 }).not.toBe(first);
    await checkState('status-chip', 'available');
  });

  it("the timer shows days as 'D'", async () => {
    const { panel, controller } = await startVoice();
    const snapshot = panel.instance.snapshot();
    snapshot.snapshot.state.startTimestamp = new Date(Date.now() - (26 * 3600 + 3 * 60 + 4) * 1000);
    panel.pushAgentUpdate(snapshot);
    await renderVoice(<StatusDropdown />, { controller });
    await expect
      .element(page.getByTestId('voice-status-timer'))
      .toHaveTextContent(/^1D 02:03:0\d$/);
  });

  it("Offline is shown 'Off'", async () => {
    const { controller } = await startVoice({ agentState: 'Offline' });
    await renderVoice(
      <Header>
        <StatusDropdown />
      </Header>,
      { controller },
    );
    await expect.element(chip()).toHaveAccessibleName(/^Agent status: Off( |$)/);
    await expect.element(chip()).toHaveAttribute('data-state', 'offline');
    await checkState('status-chip', 'offline');
  });

  it('a custom state is shown by its name with a phone-disconnect icon', async () => {
    const { controller } = await startVoice({ agentState: 'Lunch' });
    await renderVoice(
      <Header>
        <StatusDropdown />
      </Header>,
      { controller },
    );
    await expect.element(chip()).toHaveAccessibleName(/^Agent status: Lunch( |$)/);
    await expect.element(chip()).toHaveAttribute('data-state', 'custom');
    expect(chip().element().querySelector('.lucide-phone-off')).not.toBeNull();
    await checkState('status-chip', 'custom');
  });

  it('during a call it shows the call state and its timer', async () => {
    const { panel, controller } = await startVoice();
    panel.instance.incomingCall();
    await panel.settle();
    await controller.accept();
    await renderVoice(
      <Header>
        <StatusDropdown />
      </Header>,
      { controller },
    );
    await expect.element(chip()).toHaveAttribute('data-state', 'on-call');
    // The product's words for the contact centre's Busy state, never the raw name.
    await expect.element(chip()).toHaveAccessibleName(/^Agent status: On a call with\.\.\.( |$)/);
    await checkState('status-chip', 'on-call');
  });

  it('shows a placeholder while the voice module starts, and nothing without planVoice', async () => {
    const { controller } = await startVoice({
      api: { getConfig: () => new Promise(() => {}) },
      awaitStart: false,
    });
    const screen = await renderVoice(
      <Header>
        <StatusDropdown />
      </Header>,
      { controller },
    );
    const loading = screen.container.querySelector('.xv-chip[data-state="loading"]');
    expect(loading).not.toBeNull();
    expect(loading!.getAttribute('aria-busy')).toBe('true');
    await checkState('status-chip', 'loading');
    cleanupVoice();

    const off = await startVoice({
      api: { getConfig: () => Promise.resolve({ ...CONFIG, planVoice: false }) },
    });
    const none = await renderVoice(<StatusDropdown />, { controller: off.controller });
    expect(none.container.querySelector('.xv-chip')).toBeNull();
  });

  it("shows 'Voice instance is not created' when the instance is not CREATED", async () => {
    const { controller } = await startVoice({
      api: {
        getConfig: () =>
          Promise.resolve({ ...CONFIG, connect: { ...CONFIG.connect, instanceStatus: 'PENDING' } }),
      },
    });
    await renderVoice(
      <Header>
        <StatusDropdown />
      </Header>,
      { controller },
    );
    const status = page.getByRole('status');
    await expect.element(status).toHaveAttribute('data-state', 'error');
    await expect.element(status).toHaveTextContent('Agent status: Voice instance is not created');
    await checkState('status-chip', 'error');
  });

  it('the dropdown lists the states, Audio settings, Agent list, Call history and (when permitted) Live calls; picking a state sets it', async () => {
    const { controller } = await startVoice();
    const opened: VoicePanelTabId[] = [];
    await renderVoice(
      <Header>
        <StatusDropdown onOpenPanel={(tab) => opened.push(tab)} liveCallsPermitted />
      </Header>,
      { controller },
    );
    (chip().element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    const menu = page.getByRole('menu');
    await expect.element(menu).toBeVisible();
    const radios = page.getByRole('menuitemradio');
    expect(radios.elements().map((e) => e.textContent)).toEqual(['On', 'Off', 'Lunch']);
    await expect
      .element(page.getByRole('menuitemradio', { name: 'On' }))
      .toHaveAttribute('aria-checked', 'true');
    expect(
      page
        .getByRole('menuitem')
        .elements()
        .map((e) => e.textContent),
    ).toEqual(['Audio settings', 'Agent list', 'Call history', 'Live calls']);
    await checkState('status-dropdown', 'open', { axe: menu.element() });

    await page.getByRole('menuitem', { name: 'Call history' }).click();
    expect(opened).toEqual(['CALL_HISTORY']);
    await chip().click();
    await page.getByRole('menuitem', { name: 'Live calls' }).click();
    await chip().click();
    await page.getByRole('menuitem', { name: 'Agent list' }).click();
    expect(opened).toEqual(['CALL_HISTORY', 'LIVE_CALLS', 'AGENT_STATUS']);

    await chip().click();
    await page.getByRole('menuitemradio', { name: 'Lunch' }).click();
    await expect.element(chip()).toHaveAccessibleName(/^Agent status: Lunch( |$)/);
    expect(controller.getState().agent.name).toBe('Lunch');
  });

  it('an item that opens the voice panel leaves focus on the panel’s tab, not on the chip', async () => {
    const { controller } = await startVoice();
    function WithPanel() {
      const [tab, setTab] = useState<VoicePanelTabId | null>(null);
      return (
        <Header>
          <StatusDropdown onOpenPanel={setTab} />
          <VoicePanel
            slug="acme"
            open={tab !== null}
            onOpenChange={(open) => !open && setTab(null)}
            tab={tab ?? 'AGENT_STATUS'}
          />
        </Header>
      );
    }
    await renderVoice(<WithPanel />, { controller });
    (chip().element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('menu')).toBeVisible();
    (page.getByRole('menuitem', { name: 'Call history' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('menu')).not.toBeInTheDocument();
    await expect.element(page.getByRole('tab', { name: 'Call history' })).toHaveFocus();
    // a status pick still returns focus to the chip
    await userEvent.keyboard('{Escape}');
    await userEvent.click(chip());
    await page.getByRole('menuitemradio', { name: 'Lunch' }).click();
    await expect.element(chip()).toHaveFocus();
  });

  it("a refused status change: without onError the dropdown says 'Your status could not be changed.' and why; with it, the host is told instead", async () => {
    const { controller, panel } = await startVoice();
    panel.handle('putAgentState', () => {
      throw new PanelError({ type: 'AccessDeniedException', message: 'Not allowed right now.' });
    });
    const errors: unknown[] = [];
    const tree = (withHandler: boolean) => (
      <VoiceProvider controller={controller}>
        <Header>
          <StatusDropdown onError={withHandler ? (e) => errors.push(e) : undefined} />
        </Header>
      </VoiceProvider>
    );
    const screen = await renderVoice(tree(false));
    const pick = async (name: string) => {
      (chip().element() as HTMLElement).focus();
      await userEvent.keyboard('{Enter}');
      await page.getByRole('menuitemradio', { name }).click();
    };
    await pick('Off');
    const alert = page.getByRole('alert');
    await expect
      .element(alert)
      .toHaveTextContent(/^Your status could not be changed\.\s*Not allowed right now\.$/);
    await checkState('status-chip', 'change-failed');
    // it does not take the focus; Dismiss closes it
    expect(document.activeElement?.closest('[data-testid="voice-status-failure"]')).toBeNull();
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect.element(alert).not.toBeInTheDocument();
    // it also goes away by itself after 8 s
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await pick('Off');
      await expect.element(page.getByRole('alert')).toBeVisible();
      await vi.advanceTimersByTimeAsync(7999);
      expect(document.querySelector('[data-testid="voice-status-failure"]')).not.toBeNull();
      await vi.advanceTimersByTimeAsync(1);
    } finally {
      vi.useRealTimers();
    }
    await expect.element(page.getByRole('alert')).not.toBeInTheDocument();
    // a host with onError gets the error and no alert shows
    await screen.rerender(tree(true));
    await pick('Off');
    await expect.poll(() => errors.length).toBe(1);
    expect(document.querySelector('[data-testid="voice-status-failure"]')).toBeNull();
  });

  it("offers 'Queues' beside 'Live calls' when the product API serves queues", async () => {
    const { controller } = await startVoice({ api: { getQueues: () => Promise.resolve([]) } });
    const opened: VoicePanelTabId[] = [];
    await renderVoice(
      <Header>
        <StatusDropdown onOpenPanel={(tab) => opened.push(tab)} liveCallsPermitted />
      </Header>,
      { controller },
    );
    await chip().click();
    expect(
      page
        .getByRole('menuitem')
        .elements()
        .map((e) => e.textContent),
    ).toEqual(['Audio settings', 'Agent list', 'Call history', 'Live calls', 'Queues']);
    await page.getByRole('menuitem', { name: 'Queues' }).click();
    expect(opened).toEqual(['QUEUES']);
  });

  it('hides Call history in widget mode and Live calls without the permit', async () => {
    const { controller } = await startVoice();
    await renderVoice(<StatusDropdown onOpenPanel={() => {}} widget />, { controller });
    await chip().click();
    await expect.element(page.getByRole('menu')).toBeVisible();
    expect(
      page
        .getByRole('menuitem')
        .elements()
        .map((e) => e.textContent),
    ).toEqual(['Audio settings', 'Agent list']);
    await checkState('status-dropdown', 'widget', { axe: page.getByRole('menu').element() });
  });

  it('Audio settings opens the audio settings modal', async () => {
    const { controller } = await startVoice();
    await renderVoice(<StatusDropdown />, { controller });
    await chip().click();
    await page.getByRole('menuitem', { name: 'Audio settings' }).click();
    await expect.element(page.getByRole('dialog', { name: 'Audio settings' })).toBeVisible();
  });

  it("disables status changes with the tooltip 'Cannot change call status if microphone is not shared with the browser.' when the microphone is not shared", async () => {
    const { panel, controller } = await startVoice();
    panel.emit('agent::softphone_error', { errorType: 'microphone_not_shared' });
    await panel.settle();
    await renderVoice(
      <Header>
        <StatusDropdown />
      </Header>,
      { controller },
    );
    await expect.element(chip()).toHaveAccessibleName(/^Agent status: Off( |$)/);
    await chip().hover();
    const tooltip = page.getByRole('tooltip');
    await expect
      .element(tooltip)
      .toHaveTextContent('Cannot change call status if microphone is not shared with the browser.');
    await checkState('status-chip', 'microphone-not-shared');
    await chip().click();
    const on = page.getByRole('menuitemradio', { name: 'On' });
    await expect.element(on).toHaveAttribute('aria-disabled', 'true');
    await expect
      .element(on)
      .toHaveAccessibleDescription(
        'Cannot change call status if microphone is not shared with the browser.',
      );
    await checkState('status-dropdown', 'microphone-not-shared', {
      axe: page.getByRole('menu').element(),
    });
    await on.click({ force: true });
    expect(controller.getState().agent.name).toBe('Offline');
  });

  it('speaks the locale', async () => {
    const { controller } = await startVoice();
    await renderVoice(<StatusDropdown onOpenPanel={() => {}} />, {
      controller,
      locale: 'de_DE',
      messages: de_DE,
    });
    await page.getByRole('button', { name: /^Agentenstatus: An / }).click();
    await expect.element(page.getByRole('menuitem', { name: 'Audioeinstellungen' })).toBeVisible();
    await expect.element(page.getByRole('menuitem', { name: 'Anrufverlauf' })).toBeVisible();
  });

  it('offers to expand the call panel while a call is collapsed', async () => {
    const { panel, controller } = await startVoice();
    panel.instance.incomingCall();
    await panel.settle();
    controller.setMenuExpanded(false);
    await renderVoice(<StatusDropdown />, { controller });
    const expand = page.getByRole('button', { name: 'Expand call panel' });
    await expand.click();
    expect(controller.getState().call.menuExpanded).toBe(true);
    await expect.element(expand).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
