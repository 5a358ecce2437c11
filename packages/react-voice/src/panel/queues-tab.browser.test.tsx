import { PanelError } from '@x/connect-streams/testing';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VoiceApi } from '../api/client';
import type { QueueMetricsItem } from '../api/contract';
import { liveEvents, ME } from '../../test/fixtures/panel-data';
import {
  checkState,
  cleanupVoice,
  renderVoice,
  settleAnimations,
  startVoice,
  viewport,
} from '../../test/ui';
import { QueuesTab } from './queues-tab';
import type { QueuesTabProps } from './queues-tab';
import { VoicePanel } from './voice-panel';

/** The in-memory panel's routing profile serves the queue `…/queue/basic`. */
const BASIC = 'basic';

function queue(
  id: string,
  name: string,
  figures: Partial<Omit<QueueMetricsItem, 'queue'>> = {},
): QueueMetricsItem {
  return {
    queue: { id, name },
    callsWaiting: 0,
    longestWaitSeconds: 0,
    agentsAvailable: 0,
    agentsOnline: 0,
    agentsOnCall: 0,
    ...figures,
  };
}

function queues(): QueueMetricsItem[] {
  return [
    queue(BASIC, 'BasicQueue', {
      callsWaiting: 2,
      longestWaitSeconds: 83,
      agentsAvailable: 0,
      agentsOnline: 3,
      agentsOnCall: 2,
    }),
    queue('sales', 'Sales', { callsWaiting: 1, longestWaitSeconds: 5, agentsOnline: 1 }),
    queue('billing', 'Billing and invoices for enterprise customers', { agentsAvailable: 2 }),
  ];
}

function Column(props: { readonly children: ReactNode }) {
  return (
    <main className="xv" style={{ display: 'flex', width: 320, height: 560 }}>
      {props.children}
    </main>
  );
}

async function renderTab(
  api: Partial<VoiceApi>,
  props: Partial<QueuesTabProps> = {},
  agentState: string | null = 'Lunch',
) {
  const voice = await startVoice({ api, idAgent: ME, agentState });
  const screen = await renderVoice(
    <Column>
      <QueuesTab {...props} />
    </Column>,
    { controller: voice.controller },
  );
  return { ...voice, screen };
}

const tab = () => document.querySelector<HTMLElement>('[data-testid="voice-queues"]')!;
const row = (id: string) =>
  document.querySelector<HTMLElement>(`[data-testid="voice-queue-row"][data-id="${id}"]`)!;
const figure = (id: string, name: string) =>
  row(id).querySelector(`[data-testid="voice-queue-${name}"]`)!.textContent;
const names = () =>
  [...document.querySelectorAll('[data-testid="voice-queue-row"] .xv-queue__name')].map(
    (e) => e.textContent,
  );
const takeButtons = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="voice-queue-take"]')].map(
    (b) => b.closest<HTMLElement>('[data-testid="voice-queue-row"]')!.dataset.id,
  );

/** The workspace app's dark theme, through the --xv-* custom properties. */
const DARK: Record<string, string> = {
  '--xv-color-bg': '#16161a',
  '--xv-color-surface': '#1d1d22',
  '--xv-color-surface-muted': '#111114',
  '--xv-color-surface-hover': '#26262c',
  '--xv-color-text': '#ededf0',
  '--xv-color-text-muted': '#b0b0ba',
  '--xv-color-border': '#2b2b32',
  '--xv-color-accent': '#7c83ff',
  '--xv-color-on-accent': '#0e0e11',
  '--xv-color-success': '#4ade80',
  '--xv-color-danger': '#ff6b7d',
};

beforeEach(async () => {
  await viewport(1280, 800);
});
afterEach(() => {
  cleanupVoice();
  for (const name of Object.keys(DARK)) document.documentElement.style.removeProperty(name);
});

describe('QueuesTab', () => {
  it('shows 3 skeleton rows while loading', async () => {
    await renderTab({ getQueues: () => new Promise(() => {}) });
    await expect.poll(() => tab().dataset.state).toBe('loading');
    expect(document.querySelectorAll('[data-testid="voice-queue-skeleton"]')).toHaveLength(3);
    await checkState('queues', 'loading');
  });

  it('shows each queue: calls waiting, the longest wait as a running clock, agents available, online and on call', async () => {
    const getQueues = vi.fn(() => Promise.resolve(queues()));
    const { screen } = await renderTab({ getQueues });
    await expect.poll(() => tab().dataset.state).toBe('ready');
    expect(names()).toEqual([
      'BasicQueue',
      'Sales',
      'Billing and invoices for enterprise customers',
    ]);
    expect(figure(BASIC, 'waiting')).toBe('2');
    expect(figure(BASIC, 'longest-wait')).toMatch(/^01:2[3-5]$/);
    expect(figure(BASIC, 'available')).toBe('0');
    expect(figure(BASIC, 'online')).toBe('3');
    expect(figure(BASIC, 'on-call')).toBe('2');
    expect(figure('billing', 'waiting')).toBe('0');
    expect(figure('billing', 'longest-wait')).toBe('None');
    expect(figure('billing', 'available')).toBe('2');
    await expect.element(screen.getByRole('list', { name: 'Contact centre queues' })).toBeVisible();
    // Labelled figures for assistive technology.
    expect([...row('sales').querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      'Calls waiting',
      'Longest wait',
      'Available',
      'Online',
      'On call',
    ]);
    // The clock runs from the figure, without asking the server again.
    const before = figure('sales', 'longest-wait');
    await expect.poll(() => figure('sales', 'longest-wait'), { timeout: 3000 }).not.toBe(before);
    expect(getQueues).toHaveBeenCalledTimes(1);
    await checkState('queues', 'list');
  });

  it('is axe clean in a dark theme', async () => {
    for (const [name, value] of Object.entries(DARK))
      document.documentElement.style.setProperty(name, value);
    await renderTab({ getQueues: () => Promise.resolve(queues()) });
    await expect.poll(() => tab().dataset.state).toBe('ready');
    expect(getComputedStyle(tab()).color).toBe('rgb(237, 237, 240)');
    await checkState('queues', 'dark-theme');
  });

  it("without queues: 'No queues'", async () => {
    const { screen } = await renderTab({ getQueues: () => Promise.resolve([]) });
    await expect.poll(() => tab().dataset.state).toBe('empty');
    await expect.element(screen.getByText('No queues', { exact: true })).toBeVisible();
    await expect
      .element(screen.getByText("The contact centre's queues and their waiting calls show here."))
      .toBeVisible();
    await checkState('queues', 'empty');
  });

  it('a failed load shows the error with Try again, which loads again', async () => {
    let fail = true;
    const { screen } = await renderTab({
      getQueues: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(queues())),
    });
    await expect.poll(() => tab().dataset.state).toBe('error');
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent(/Something went wrong while loading\.offline/);
    await checkState('queues', 'error');
    fail = false;
    await screen.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => tab().dataset.state).toBe('ready');
  });

  describe('live: the product announces call and agent changes, no Refresh and no timer', () => {
    it('a call that queues appears and one answered goes, when the product announces it', async () => {
      const events = liveEvents();
      let list = [queue(BASIC, 'BasicQueue')];
      const getQueues = vi.fn(() => Promise.resolve(list));
      await renderTab({ getQueues, subscribe: events.subscribe });
      await expect.poll(() => tab().dataset.state).toBe('ready');
      expect(figure(BASIC, 'waiting')).toBe('0');
      list = [queue(BASIC, 'BasicQueue', { callsWaiting: 1, longestWaitSeconds: 0 })];
      events.emit({ type: 'call.updated', id: 'c-1' });
      await expect.poll(() => figure(BASIC, 'waiting')).toBe('1');
      list = [queue(BASIC, 'BasicQueue', { agentsOnline: 1, agentsOnCall: 1 })];
      events.emit({ type: 'agent.updated', id: 'a-1' });
      await expect.poll(() => figure(BASIC, 'waiting')).toBe('0');
      expect(figure(BASIC, 'on-call')).toBe('1');
      expect(getQueues).toHaveBeenCalledTimes(3);
    });

    it('stops listening when the tab closes', async () => {
      const events = liveEvents();
      const { screen } = await renderTab({
        getQueues: () => Promise.resolve([]),
        subscribe: events.subscribe,
      });
      expect(events.listeners).toBe(1);
      await screen.unmount();
      expect(events.listeners).toBe(0);
    });
  });

  describe('Take next call', () => {
    it("is offered on the user's queues with calls waiting; it sets the user Available (the contact centre then rings the longest-waiting call)", async () => {
      const onTookNextCall = vi.fn();
      const { screen, panel, controller } = await renderTab(
        { getQueues: () => Promise.resolve(queues()) },
        { onTookNextCall },
      );
      await expect.poll(() => tab().dataset.state).toBe('ready');
      // Sales waits too, but is not a queue of the user's routing profile; Billing has no call.
      expect(takeButtons()).toEqual([BASIC]);
      await expect
        .element(screen.getByTestId('voice-queue-hint'))
        .toHaveTextContent(
          'Take next call sets you Available: the call that has waited longest in your queues rings for you.',
        );
      expect(controller.getState().agent.name).toBe('Lunch');
      await screen.getByRole('button', { name: 'Take next call from BasicQueue' }).click();
      await expect.poll(() => panel.instance.snapshot().snapshot.state.name).toBe('Available');
      await expect.poll(() => controller.getState().agent.name).toBe('Available');
      expect(onTookNextCall).toHaveBeenCalledTimes(1);
      await checkState('queues', 'take-next-call');
    });

    it('is not offered while the user is on a call', async () => {
      const { panel, controller } = await renderTab(
        { getQueues: () => Promise.resolve(queues()) },
        {},
        'Available',
      );
      await expect.poll(() => tab().dataset.state).toBe('ready');
      expect(takeButtons()).toEqual([BASIC]);
      panel.instance.incomingCall({ phoneNumber: '+15555550123' });
      await expect.poll(() => controller.getState().call.status).not.toBe('idle');
      await expect.poll(takeButtons).toEqual([]);
      expect(document.querySelector('[data-testid="voice-queue-hint"]')).toBeNull();
    });

    it('a refused status change is shown as a notice', async () => {
      const { screen, panel } = await renderTab({ getQueues: () => Promise.resolve(queues()) });
      await expect.poll(() => tab().dataset.state).toBe('ready');
      panel.handle('putAgentState', () => {
        throw new PanelError({ type: 'AccessDeniedException', message: 'Not allowed' });
      });
      await screen.getByRole('button', { name: 'Take next call from BasicQueue' }).click();
      await expect
        .element(screen.getByTestId('voice-panel-notice'))
        .toHaveTextContent('Not allowed');
    });
  });
});

describe("VoicePanel's Queues tab", () => {
  const api: Partial<VoiceApi> = { getQueues: () => Promise.resolve(queues()) };

  it("shows beside 'Live calls' with the live-calls permit when the API serves queues", async () => {
    const voice = await startVoice({ api, idAgent: ME });
    const screen = await renderVoice(<VoicePanel slug="acme" defaultOpen liveCallsPermitted />, {
      controller: voice.controller,
    });
    await expect
      .poll(() => [...document.querySelectorAll('[role="tab"]')].map((t) => t.textContent))
      .toEqual(['Agent list', 'Call history', 'Live calls', 'Queues']);
    await screen.getByRole('tab', { name: 'Queues' }).click();
    await expect.poll(() => tab()?.dataset.state).toBe('ready');
    expect(document.querySelector<HTMLElement>('[data-testid="voice-panel"]')!.dataset.tab).toBe(
      'QUEUES',
    );
  });

  it('is not there without the permit (a requested QUEUES tab opens the agent list)', async () => {
    const voice = await startVoice({ api, idAgent: ME });
    await renderVoice(<VoicePanel slug="acme" defaultOpen tab="QUEUES" />, {
      controller: voice.controller,
    });
    await expect
      .poll(() => [...document.querySelectorAll('[role="tab"]')].map((t) => t.textContent))
      .toEqual(['Agent list', 'Call history']);
    expect(document.querySelector<HTMLElement>('[data-testid="voice-panel"]')!.dataset.tab).toBe(
      'AGENT_STATUS',
    );
  });

  for (const [width, height] of [
    [375, 812],
    [1280, 800],
  ] as const) {
    it(`fits: every tab, figure and button inside the panel and the screen at ${width} px, in both themes`, async () => {
      await viewport(width, height);
      const voice = await startVoice({ api, idAgent: ME, agentState: 'Lunch' });
      await renderVoice(<VoicePanel slug="acme" defaultOpen liveCallsPermitted tab="QUEUES" />, {
        controller: voice.controller,
      });
      await expect.poll(() => tab()?.dataset.state).toBe('ready');
      await expect.poll(takeButtons).toEqual([BASIC]);
      await settleAnimations();
      const panelBox = document
        .querySelector<HTMLElement>('[data-testid="voice-panel"]')!
        .getBoundingClientRect();
      expect(panelBox.right).toBeLessThanOrEqual(width);
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
      const inside = [
        ...document.querySelectorAll<HTMLElement>(
          '[role="tab"], [data-testid="voice-queue-row"], .xv-queue__figure, [data-testid="voice-queue-take"], .xv-queue__name',
        ),
      ];
      expect(inside.length).toBeGreaterThan(15);
      for (const el of inside) {
        const box = el.getBoundingClientRect();
        const what = `${el.className} ${el.textContent ?? ''}`;
        expect(box.left, what).toBeGreaterThanOrEqual(panelBox.left);
        expect(box.right, what).toBeLessThanOrEqual(panelBox.right + 0.5);
        expect(box.width, what).toBeGreaterThan(0);
      }
      const themes = { light: {}, dark: DARK } as const;
      for (const [theme, vars] of Object.entries(themes)) {
        for (const [name, value] of Object.entries(vars))
          document.documentElement.style.setProperty(name, value);
        await checkState('voice-panel', `queues-${width}-${theme}`, {
          axe: document.querySelector<HTMLElement>('[data-testid="voice-panel"]')!,
        });
      }
    });
  }
});
