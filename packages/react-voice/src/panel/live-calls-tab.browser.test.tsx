import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { VoiceApi } from '../api/client';
import type { LiveCallItem } from '../api/contract';
import { liveCall, liveEvents, ME } from '../../test/fixtures/panel-data';
import { checkState, cleanupVoice, renderVoice, startVoice, viewport } from '../../test/ui';
import { VoiceProvider } from '../react/voice-provider';
import { LiveCallsTab } from './live-calls-tab';
import type { LiveCallsTabProps } from './live-calls-tab';

function Column(props: { readonly children: ReactNode }) {
  return (
    <main className="xv" style={{ display: 'flex', width: 320, height: 480 }}>
      {props.children}
    </main>
  );
}

function calls(now = Date.now()): LiveCallItem[] {
  return [
    liveCall('live-1', 'Ada Lovelace', 'CONNECTED', 'inbound', now - 65_000, {
      name: 'Grace Hopper',
      email: 'grace@acme.test',
      avatarURL: null,
    }),
    liveCall('live-2', 'Alan Turing', 'CONNECTED_ONHOLD', 'outbound', now - 5 * 60_000 - 7_000),
    liveCall('live-3', 'Linus Torvalds', 'CONNECTING', 'transfer', now - 3_000, {
      name: 'Ken Thompson',
      email: 'ken@acme.test',
      avatarURL: null,
    }),
  ];
}

async function renderTab(api: Partial<VoiceApi>, props: Partial<LiveCallsTabProps> = {}) {
  const voice = await startVoice({ api, idAgent: ME });
  const screen = await renderVoice(
    <Column>
      <LiveCallsTab {...props} />
    </Column>,
    { controller: voice.controller },
  );
  return { ...voice, screen };
}

const tab = () => document.querySelector<HTMLElement>('[data-testid="voice-live-calls"]')!;
const row = (id: string) =>
  document.querySelector<HTMLElement>(`[data-testid="voice-live-row"][data-id="${id}"]`)!;
const contacts = () =>
  [...document.querySelectorAll('[data-testid="voice-live-row"] .xv-live__contact')].map(
    (e) => e.textContent,
  );

beforeEach(async () => {
  await viewport(1280, 800);
});
afterEach(() => cleanupVoice());

describe('LiveCallsTab', () => {
  it('opened again, shows the last calls at once while they reload', async () => {
    let answer: () => Promise<LiveCallItem[]> = () => Promise.resolve(calls());
    const voice = await startVoice({ api: { getLiveCalls: () => answer() }, idAgent: ME });
    const tree = (open: boolean) => (
      <VoiceProvider controller={voice.controller}>
        <Column>{open ? <LiveCallsTab /> : <p>Agent list</p>}</Column>
      </VoiceProvider>
    );
    const screen = await renderVoice(tree(true));
    await expect.poll(() => tab().dataset.state).toBe('ready');
    const first = contacts();
    await screen.rerender(tree(false));
    let release!: () => void;
    answer = () => new Promise((resolve) => (release = () => resolve(calls().slice(1))));
    await screen.rerender(tree(true));
    expect(tab().dataset.state).toBe('ready');
    expect(contacts()).toEqual(first);
    expect(document.querySelectorAll('[data-testid="voice-live-skeleton"]')).toHaveLength(0);
    release();
    await expect.poll(contacts).toEqual(first.slice(1));
  });

  it('shows 3 skeleton rows while loading', async () => {
    await renderTab({ getLiveCalls: () => new Promise(() => {}) });
    await expect.poll(() => tab().dataset.state).toBe('loading');
    expect(document.querySelectorAll('[data-testid="voice-live-skeleton"]').length).toBe(3);
    await checkState('live-calls', 'loading');
  });

  it('shows each call: icon by connection type, contact, agent avatar and name, mm:ss elapsed, Ringing or Join', async () => {
    const { screen } = await renderTab({ getLiveCalls: () => Promise.resolve(calls()) });
    await expect.poll(() => tab().dataset.state).toBe('ready');
    expect(contacts()).toEqual(['Ada Lovelace', 'Alan Turing', 'Linus Torvalds']);
    expect(row('live-1').dataset.icon).toBe('phone-incoming');
    expect(row('live-2').dataset.icon).toBe('phone-outgoing');
    expect(row('live-3').dataset.icon).toBe('transfer');
    await expect.element(screen.getByRole('img', { name: 'Inbound call' })).toBeVisible();
    await expect.element(screen.getByRole('img', { name: 'Outbound call' })).toBeVisible();
    await expect.element(screen.getByRole('img', { name: 'Transferred call' })).toBeVisible();
    // the agent, when there is one
    expect(row('live-1').querySelector('.xv-live__agent-name')?.textContent).toBe('Grace Hopper');
    expect(row('live-1').querySelector('.xv-avatar')?.textContent).toBe('GH');
    expect(row('live-2').querySelector('.xv-live__agent')).toBeNull();
    // mm:ss, ticking every second
    const elapsed = (id: string) =>
      row(id).querySelector('[data-testid="voice-live-elapsed"] [aria-hidden]')!.textContent;
    expect(elapsed('live-1')).toMatch(/^01:0[5-9]$/);
    expect(elapsed('live-2')).toMatch(/^05:(0[7-9]|1\d)$/);
    const before = elapsed('live-3');
    await expect.poll(() => elapsed('live-3'), { timeout: 3000 }).not.toBe(before);
    // a ringing call: a disabled 'Ringing'; connected and on hold: 'Join'
    const action = (id: string) =>
      row(id).querySelector<HTMLButtonElement>('[data-testid="voice-live-action"]')!;
    expect(action('live-3').textContent).toBe('Ringing');
    expect(action('live-3').disabled).toBe(true);
    expect(action('live-1').textContent).toBe('Join');
    expect(action('live-1').disabled).toBe(false);
    expect(action('live-2').textContent).toBe('Join');
    expect(action('live-2').disabled).toBe(false);
    await checkState('live-calls', 'list');
  });

  it('Join monitors the call (POST /addons/voice/live-call)', async () => {
    const onJoined = vi.fn();
    const { screen, api } = await renderTab(
      { getLiveCalls: () => Promise.resolve(calls()) },
      { onJoined },
    );
    await expect.poll(() => tab().dataset.state).toBe('ready');
    await screen.getByRole('button', { name: 'Join the call with Ada Lovelace' }).click();
    await expect.poll(() => api.callsOf('joinLiveCall')).toEqual([['live-1']]);
    await expect.poll(() => onJoined.mock.calls).toEqual([['live-1']]);
  });

  it('Join is disabled while the current user is on a call', async () => {
    const { screen, panel, controller } = await renderTab({
      getLiveCalls: () => Promise.resolve(calls()),
    });
    await expect.poll(() => tab().dataset.state).toBe('ready');
    panel.instance.incomingCall({ phoneNumber: '+15555550123' });
    await expect.poll(() => controller.getState().call.status).not.toBe('idle');
    await expect
      .element(screen.getByRole('button', { name: 'Join the call with Ada Lovelace' }))
      .toBeDisabled();
    await expect
      .element(screen.getByRole('button', { name: 'Join the call with Alan Turing' }))
      .toBeDisabled();
    await expect
      .element(screen.getByText('You cannot join a call while you are on a call.'))
      .toBeVisible();
    await checkState('live-calls', 'on-a-call');
  });

  it("searches agent or contact (placeholder 'Search agent or contact'); Escape clears; no match: 'No live calls found'", async () => {
    const { screen } = await renderTab({ getLiveCalls: () => Promise.resolve(calls()) });
    await expect.poll(() => tab().dataset.state).toBe('ready');
    const search = screen.getByRole('searchbox', { name: 'Search agent or contact' });
    await expect.element(search).toHaveAttribute('placeholder', 'Search agent or contact');
    await search.fill('grace');
    await expect.poll(contacts).toEqual(['Ada Lovelace']);
    await search.fill('TURING');
    await expect.poll(contacts).toEqual(['Alan Turing']);
    await search.fill('nobody');
    await expect.poll(() => tab().dataset.state).toBe('no-results');
    await expect.element(screen.getByText('No live calls found')).toBeVisible();
    await checkState('live-calls', 'no-results');
    await userEvent.keyboard('{Escape}');
    await expect.element(search).toHaveValue('');
    await expect.poll(contacts).toHaveLength(3);
  });

  it("without live calls: 'No live calls' / 'Monitor other agents' calls in real time to help them.'", async () => {
    const { screen } = await renderTab({ getLiveCalls: () => Promise.resolve([]) });
    await expect.poll(() => tab().dataset.state).toBe('empty');
    await expect.element(screen.getByText('No live calls', { exact: true })).toBeVisible();
    await expect
      .element(screen.getByText("Monitor other agents' calls in real time to help them."))
      .toBeVisible();
    await checkState('live-calls', 'empty');
  });

  it('a failed load shows the error with Try again, which loads again', async () => {
    let fail = true;
    const { screen } = await renderTab({
      getLiveCalls: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(calls())),
    });
    await expect.poll(() => tab().dataset.state).toBe('error');
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent(/Something went wrong while loading\.offline/);
    await checkState('live-calls', 'error');
    fail = false;
    await screen.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => tab().dataset.state).toBe('ready');
  });

  it('a failed join is shown as a notice', async () => {
    const { screen } = await renderTab({
      getLiveCalls: () => Promise.resolve(calls()),
      joinLiveCall: () => Promise.reject(new Error('The call has ended')),
    });
    await expect.poll(() => tab().dataset.state).toBe('ready');
    await screen.getByRole('button', { name: 'Join the call with Alan Turing' }).click();
    await expect
      .element(screen.getByTestId('voice-panel-notice'))
      .toHaveTextContent('The call has ended');
  });

  describe('live: the product announces call changes, no Refresh needed', () => {
    it('a call that starts appears, and one that ends goes, when the product announces it', async () => {
      const events = liveEvents();
      let list = calls().slice(0, 1);
      const getLiveCalls = vi.fn(() => Promise.resolve(list));
      await renderTab({ getLiveCalls, subscribe: events.subscribe });
      await expect.poll(contacts).toEqual(['Ada Lovelace']);
      list = calls().slice(0, 2);
      events.emit({ type: 'call.updated', id: 'live-2' });
      await expect.poll(contacts).toEqual(['Ada Lovelace', 'Alan Turing']);
      list = calls().slice(1, 2);
      events.emit({ type: 'call.updated', id: 'live-1' });
      await expect.poll(contacts).toEqual(['Alan Turing']);
      expect(getLiveCalls).toHaveBeenCalledTimes(3);
    });

    it('reloads for calls only; a burst runs two loads at once and one more after; an older answer never replaces a newer one', async () => {
      const events = liveEvents();
      const answers: ((list: LiveCallItem[]) => void)[] = [];
      const getLiveCalls = vi.fn(
        () => new Promise<LiveCallItem[]>((resolve) => answers.push(resolve)),
      );
      await renderTab({ getLiveCalls, subscribe: events.subscribe });
      await expect.poll(() => answers.length).toBe(1);
      answers[0]!([]);
      await expect.poll(() => tab().dataset.state).toBe('empty');
      events.emit({ type: 'agent.updated', id: 'a1' });
      events.emit({ type: 'call.updated', id: 'live-1' });
      await expect.poll(() => answers.length).toBe(2);
      for (const id of ['live-2', 'live-3', 'live-1']) events.emit({ type: 'call.updated', id });
      await expect.poll(() => answers.length).toBe(3);
      answers[1]!(calls().slice(0, 1));
      await expect.poll(contacts).toEqual(['Ada Lovelace']);
      await expect.poll(() => answers.length).toBe(4);
      answers[3]!(calls());
      await expect.poll(contacts).toHaveLength(3);
      answers[2]!(calls().slice(0, 2));
      // The hook's continuation on that answer was registered first, so it has run after this.
      await (getLiveCalls.mock.results[2]!.value as Promise<LiveCallItem[]>);
      expect(contacts()).toHaveLength(3);
      expect(getLiveCalls).toHaveBeenCalledTimes(4);
    });

    it('stops listening when the tab closes', async () => {
      const events = liveEvents();
      const { screen } = await renderTab({
        getLiveCalls: () => Promise.resolve([]),
        subscribe: events.subscribe,
      });
      expect(events.listeners).toBe(1);
      await screen.unmount();
      expect(events.listeners).toBe(0);
    });
  });
});
