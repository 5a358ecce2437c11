import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { VoiceApi } from '../api/client';
import { VOICE_PANEL_TABS } from '../controller/constants';
import { de_DE } from '../locales';
import {
  historyItem,
  liveCall,
  ME,
  quickConnectsOf,
  smallAgentList,
} from '../../test/fixtures/panel-data';
import {
  checkState,
  cleanupVoice,
  expectNoAxeViolations,
  renderVoice,
  screenshotState,
  settleAnimations,
  startVoice,
  viewport,
} from '../../test/ui';
import { StatusDropdown } from '../components/status/status-dropdown';
import { VoicePanel } from './voice-panel';
import type { VoicePanelProps } from './voice-panel';
import type { VoicePanelTabId } from '../controller/constants';

const now = Date.now();
const api: Partial<VoiceApi> = {
  getAgentsStatus: () => Promise.resolve(smallAgentList()),
  getTransfers: () => Promise.resolve({ agents: quickConnectsOf(smallAgentList()), groups: [] }),
  getHistoryPage: (q) =>
    Promise.resolve(
      q.lastId ? [] : Array.from({ length: 6 }, (_, i) => historyItem(i, now, i < 3 ? 0 : 1)),
    ),
  getLiveCalls: () =>
    Promise.resolve([liveCall('live-1', 'Ada Lovelace', 'CONNECTED', 'inbound', now - 42_000)]),
};

/** A page with a 65 px top bar and the panel below it, as in the workspace app. */
function Page(props: Partial<VoicePanelProps>) {
  return (
    <>
      <header
        style={{
          height: 65,
          borderBottom: '1px solid #e3e3e8',
          display: 'flex',
          alignItems: 'center',
          padding: '0 16px',
        }}
      >
        <strong>Acme</strong>
      </header>
      <main style={{ padding: 16 }}>
        <h1 style={{ fontSize: 18 }}>Inbox</h1>
      </main>
      <VoicePanel slug="acme" {...props} />
    </>
  );
}

async function renderPanel(props: Partial<VoicePanelProps> = {}, locale?: 'de_DE') {
  const voice = await startVoice({ api, idAgent: ME });
  const screen = await renderVoice(<Page defaultOpen {...props} />, {
    controller: voice.controller,
    ...(locale ? { locale, messages: de_DE } : {}),
  });
  return { ...voice, screen };
}

const panel = () => document.querySelector<HTMLElement>('[data-testid="voice-panel"]');
const tabNames = () => [...document.querySelectorAll('[role="tab"]')].map((t) => t.textContent);

beforeEach(async () => {
  await viewport(1280, 800);
});
afterEach(() => cleanupVoice());

describe('VoicePanel', () => {
  it("is a 'Voice calls' side overlay, 320 px wide from medium screens up, below the 65 px top bar", async () => {
    const { screen } = await renderPanel({ liveCallsPermitted: true });
    const dialog = screen.getByRole('dialog', { name: 'Voice calls' });
    await expect.element(dialog).toBeVisible();
    await expect
      .poll(() =>
        document.querySelector('[data-testid="voice-agent-list"]')?.getAttribute('data-state'),
      )
      .toBe('ready');
    await settleAnimations();
    const box = panel()!.getBoundingClientRect();
    expect(box.width).toBe(320);
    expect(box.top).toBe(65);
    expect(box.right).toBe(1280);
    expect(box.bottom).toBe(800);
    await expect.element(dialog.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await expect.element(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    expect(tabNames()).toEqual(['Agent list', 'Call history', 'Live calls']);
    await expect
      .element(screen.getByRole('tab', { name: 'Agent list' }))
      .toHaveAttribute('data-state', 'active');
    expect(panel()!.dataset.tab).toBe('AGENT_STATUS');
    expect(panel()!.dataset.state).toBe('open');
    await checkState('voice-panel', 'desktop', { axe: panel()! });
  });

  it('is full width on small screens', async () => {
    await viewport(375, 740);
    await renderPanel({ liveCallsPermitted: true, defaultTab: 'CALL_HISTORY' });
    await expect
      .poll(() =>
        document.querySelector('[data-testid="voice-call-history"]')?.getAttribute('data-state'),
      )
      .toBe('ready');
    await settleAnimations();
    const box = panel()!.getBoundingClientRect();
    expect(box.width).toBe(375);
    expect(box.left).toBe(0);
    expect(box.top).toBe(65);
    await checkState('voice-panel', 'mobile', { axe: panel()! });
  });

  it("shows 'Live calls' only with the live-calls permit; the tab identifiers are AGENT_STATUS, CALL_HISTORY, LIVE_CALLS", async () => {
    const { screen } = await renderPanel({ tab: 'LIVE_CALLS' });
    await expect
      .element(screen.getByRole('tab', { name: 'Agent list' }))
      .toHaveAttribute('data-state', 'active');
    expect(tabNames()).toEqual(['Agent list', 'Call history']);
    expect(panel()!.dataset.tab).toBe(VOICE_PANEL_TABS.agentStatus);
    cleanupVoice();
    await screen.unmount();
    const second = await renderPanel({ liveCallsPermitted: true, defaultTab: 'LIVE_CALLS' });
    await expect
      .element(second.screen.getByRole('tab', { name: 'Live calls' }))
      .toHaveAttribute('data-state', 'active');
    expect(panel()!.dataset.tab).toBe('LIVE_CALLS');
    await expect
      .poll(() =>
        document.querySelector('[data-testid="voice-live-calls"]')?.getAttribute('data-state'),
      )
      .toBe('ready');
    await checkState('voice-panel', 'live-calls', { axe: panel()! });
  });

  it('opens on the tab the status dropdown asks for (controlled open and tab)', async () => {
    const changes: VoicePanelTabId[] = [];
    function Host() {
      const [open, setOpen] = useState(false);
      const [tab, setTab] = useState<VoicePanelTabId>('AGENT_STATUS');
      return (
        <>
          <StatusDropdown
            liveCallsPermitted
            onOpenPanel={(next) => {
              setTab(next);
              setOpen(true);
            }}
          />
          <Page
            open={open}
            onOpenChange={setOpen}
            tab={tab}
            onTabChange={(t) => {
              changes.push(t);
              setTab(t);
            }}
            liveCallsPermitted
          />
        </>
      );
    }
    const voice = await startVoice({ api, idAgent: ME });
    const screen = await renderVoice(<Host />, { controller: voice.controller });
    expect(panel()).toBeNull();
    await screen.getByRole('button', { name: /^Agent status:/ }).click();
    await screen.getByRole('menuitem', { name: 'Call history' }).click();
    await expect
      .element(screen.getByRole('tab', { name: 'Call history' }))
      .toHaveAttribute('data-state', 'active');
    expect(panel()!.dataset.tab).toBe('CALL_HISTORY');
    // keyboard: arrow keys move between the tabs
    (document.querySelector('[role="tab"][data-state="active"]') as HTMLElement).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect
      .element(screen.getByRole('tab', { name: 'Live calls' }))
      .toHaveAttribute('data-state', 'active');
    expect(changes).toEqual(['LIVE_CALLS']);
    // the close button closes it (onOpenChange)
    await screen.getByRole('button', { name: 'Close' }).click();
    await expect.poll(panel).toBeNull();
  });

  it('Escape closes it; an uncontrolled panel reports onOpenChange', async () => {
    const onOpenChange = vi.fn();
    const { screen } = await renderPanel({ onOpenChange });
    await expect.element(screen.getByRole('dialog', { name: 'Voice calls' })).toBeVisible();
    await screen.getByRole('tab', { name: 'Agent list' }).click();
    await userEvent.keyboard('{Escape}');
    await expect.poll(panel).toBeNull();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('Escape in a search box clears the search and keeps the panel open (call history, agent list)', async () => {
    const onOpenChange = vi.fn();
    const { screen } = await renderPanel({ onOpenChange, defaultTab: 'CALL_HISTORY' });
    const history = screen.getByRole('searchbox', { name: 'Search calls' });
    await history.fill('ada');
    await userEvent.keyboard('{Escape}');
    await expect.element(history).toHaveValue('');
    expect(panel()).not.toBeNull();
    await screen.getByRole('tab', { name: 'Agent list' }).click();
    const agents = screen.getByRole('tab', { name: 'Agent list' });
    await expect.element(agents).toHaveAttribute('data-state', 'active');
    const search = document.querySelector<HTMLInputElement>(
      '[data-testid="voice-agent-list"] input[type="search"]',
    )!;
    search.focus();
    await userEvent.keyboard('jo');
    await expect.poll(() => search.value).toBe('jo');
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => search.value).toBe('');
    expect(panel()).not.toBeNull();
    expect(onOpenChange).not.toHaveBeenCalled();
    // an empty search box: Escape closes the panel as anywhere else
    await userEvent.keyboard('{Escape}');
    await expect.poll(panel).toBeNull();
  });

  it('the refresh button reloads only the open tab', async () => {
    const { screen, api: fake } = await renderPanel({ liveCallsPermitted: true });
    await expect
      .poll(() =>
        document.querySelector('[data-testid="voice-agent-list"]')?.getAttribute('data-state'),
      )
      .toBe('ready');
    const count = () => ({
      agents: fake.callsOf('getAgentsStatus').length,
      history: fake.callsOf('getHistoryPage').length,
      live: fake.callsOf('getLiveCalls').length,
    });
    expect(count()).toEqual({ agents: 1, history: 0, live: 0 });
    await screen.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(count).toEqual({ agents: 2, history: 0, live: 0 });
    await screen.getByRole('tab', { name: 'Live calls' }).click();
    await expect.poll(count).toEqual({ agents: 2, history: 0, live: 1 });
    await screen.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(count).toEqual({ agents: 2, history: 0, live: 2 });
    await screen.getByRole('tab', { name: 'Call history' }).click();
    await expect.poll(() => count().history).toBeGreaterThan(0);
    const history = count().history;
    await screen.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => count().history).toBeGreaterThan(history);
    expect(count().agents).toBe(2);
    expect(count().live).toBe(2);
  });

  it("shows an agent's details popup above the panel", async () => {
    const { screen } = await renderPanel();
    await expect
      .poll(() =>
        document.querySelector('[data-testid="voice-agent-list"]')?.getAttribute('data-state'),
      )
      .toBe('ready');
    await screen.getByRole('button', { name: 'Bea Busy bea.busy@acme.test' }).click();
    const details = screen.getByRole('dialog', { name: 'Details of Bea Busy' });
    await expect.element(details).toBeVisible();
    await settleAnimations();
    const box = details.element().getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    expect(details.element().contains(top)).toBe(true);
    // The screenshot first: axe-core's colour checks scroll the list under the popup while they run.
    await screenshotState('voice-panel', 'agent-details');
    await expectNoAxeViolations(details.element());
  });

  it('passes widget mode to the call history', async () => {
    await viewport(375, 740);
    await renderPanel({ widget: true, defaultTab: 'CALL_HISTORY' });
    await expect
      .poll(() =>
        document.querySelector('[data-testid="voice-call-history"]')?.getAttribute('data-variant'),
      )
      .toBe('widget');
    expect(panel()!.dataset.variant).toBe('widget');
  });

  it('speaks the locale of the provider', async () => {
    const { screen } = await renderPanel({ liveCallsPermitted: true }, 'de_DE');
    await expect.element(screen.getByRole('dialog', { name: 'Sprachanrufe' })).toBeVisible();
    expect(tabNames()).toEqual(['Agentenliste', 'Anrufverlauf', 'Live-Anrufe']);
    await expect
      .poll(() =>
        document.querySelector('[data-testid="voice-agent-list"]')?.getAttribute('data-state'),
      )
      .toBe('ready');
    await checkState('voice-panel', 'de-DE', { axe: panel()! });
  });
});
