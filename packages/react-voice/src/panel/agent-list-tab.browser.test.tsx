import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { VoiceApi } from '../api/client';
import type { StatusListItem } from '../api/contract';
import { AGENT_LIST_COLLAPSED_STORAGE_KEY } from '../controller/constants';
import { de_DE } from '../locales';
import {
  ME,
  liveEvents,
  manyAgents,
  quickConnectsOf,
  smallAgentList,
  statusItem,
} from '../../test/fixtures/panel-data';
import { checkState, cleanupVoice, renderVoice, startVoice, viewport } from '../../test/ui';
import { VoiceProvider } from '../react/voice-provider';
import { AgentListTab } from './agent-list-tab';
import type { AgentListTabProps } from './agent-list-tab';

/** The tab in a 320 × 640 side column, as in the panel. */
function Column(props: { readonly children: ReactNode }) {
  return (
    <main
      className="xv"
      style={{ display: 'flex', width: 320, height: 640, border: '1px solid #ddd' }}
    >
      {props.children}
    </main>
  );
}

/** The agents API: the status list, and the quick connects (all but `hidden`). */
function agentsApi(
  list: readonly StatusListItem[],
  hidden: readonly string[] = [],
): Partial<VoiceApi> {
  return {
    getAgentsStatus: () => Promise.resolve([...list]),
    getTransfers: () =>
      Promise.resolve({
        agents: quickConnectsOf(list.filter((i) => !hidden.includes(i.agent.idAgent))),
        groups: [],
      }),
  };
}

async function renderTab(api: Partial<VoiceApi>, props: Partial<AgentListTabProps> = {}) {
  const voice = await startVoice({ api, idAgent: ME });
  const screen = await renderVoice(
    <Column>
      <AgentListTab slug="acme" {...props} />
    </Column>,
    { controller: voice.controller },
  );
  return { ...voice, screen };
}

const tab = () => document.querySelector<HTMLElement>('[data-testid="voice-agent-list"]')!;
const groupLabels = () =>
  [...document.querySelectorAll('[data-testid="voice-agent-group"] .xv-agent-group__label')].map(
    (e) => e.textContent,
  );
const rowNames = () =>
  [...document.querySelectorAll('[data-testid="voice-agent-row"] .xv-agent__name')].map(
    (e) => e.textContent,
  );
const badgeOf = (name: string) =>
  [...document.querySelectorAll('[data-testid="voice-agent-row"]')]
    .find((r) => r.querySelector('.xv-agent__name')?.textContent === name)
    ?.querySelector('.xv-agent__badge')?.textContent;

beforeEach(async () => {
  localStorage.removeItem(AGENT_LIST_COLLAPSED_STORAGE_KEY);
  await viewport(1280, 800);
});
afterEach(() => cleanupVoice());

describe('AgentListTab', () => {
  it('shows skeleton rows while the agents load (data-state loading, aria-busy)', async () => {
    await renderTab({ getAgentsStatus: () => new Promise(() => {}) });
    await expect.poll(() => tab().dataset.state).toBe('loading');
    expect(document.querySelectorAll('.xv-agent--skeleton').length).toBe(6);
    expect(
      document.querySelector('[data-testid="voice-agent-scroll"]')!.getAttribute('aria-busy'),
    ).toBe('true');
    await checkState('agent-list', 'loading');
  });

  it('groups by status: On, Away, other, Off; available agents without a contact first, then on a contact, then by name; badges by agentContactState', async () => {
    const list = [...smallAgentList(), statusItem('a9', 'Quinn NotQuickConnect', 'Available')];
    const { screen } = await renderTab(agentsApi(list, ['a9']));
    await expect.poll(() => tab().dataset.state).toBe('ready');
    expect(groupLabels()).toEqual(['On', 'Away', 'Lunch', 'Off']);
    // the current user and an agent outside the quick connects are left out
    expect(rowNames()).toEqual([
      'Alice Available',
      'Bea Busy',
      'Hank Hold',
      'Rita Ringing',
      'Arthur Away',
      'Ed Ended',
      'Luke Lunch',
      'Olivia Offline',
    ]);
    expect(badgeOf('Alice Available')).toBe('On');
    expect(badgeOf('Bea Busy')).toBe('On call');
    expect(badgeOf('Hank Hold')).toBe('On hold');
    expect(badgeOf('Rita Ringing')).toBe('Ringing');
    expect(badgeOf('Arthur Away')).toBe('Away');
    expect(badgeOf('Ed Ended')).toBe('Ended');
    expect(badgeOf('Luke Lunch')).toBe('Lunch');
    expect(badgeOf('Olivia Offline')).toBe('Off');
    // rows: avatar, name, email; 60 px high; role listitem in a list named 'Agents'
    const row = document.querySelector<HTMLElement>('[data-agent="a3"]')!;
    expect(row.getBoundingClientRect().height).toBe(60);
    expect(row.querySelector('.xv-avatar')?.textContent).toBe('AA');
    expect(row.querySelector('.xv-agent__email')?.textContent).toBe('alice.available@acme.test');
    expect(row.dataset.state).toBe('available');
    await expect.element(screen.getByRole('list', { name: 'Agents' })).toBeVisible();
    expect(document.querySelector('[data-agent="a2"]')!.getAttribute('data-contact-state')).toBe(
      'CONNECTED',
    );
    await checkState('agent-list', 'by-status');
  });

  it('searches name or email, case-insensitively, as a substring; no match shows the empty state', async () => {
    const { screen } = await renderTab(agentsApi(smallAgentList()));
    await expect.poll(() => tab().dataset.state).toBe('ready');
    const search = screen.getByRole('searchbox', { name: 'Search agents by name or email' });
    await search.fill('ALICE');
    await expect.poll(rowNames).toEqual(['Alice Available']);
    await search.fill('olivia.off');
    await expect.poll(rowNames).toEqual(['Olivia Offline']);
    await search.fill('zzz');
    await expect.poll(() => tab().dataset.state).toBe('no-results');
    await expect.element(screen.getByText('No agents found')).toBeVisible();
    await checkState('agent-list', 'no-results');
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => rowNames().length).toBe(8);
  });

  it("groups by team: by team name, 'No team' last, the rest alphabetical; within a team available, on a contact, Away, others, Offline", async () => {
    const { screen } = await renderTab(agentsApi(smallAgentList()));
    await expect.poll(() => tab().dataset.state).toBe('ready');
    await screen.getByRole('combobox', { name: 'Group agents' }).selectOptions('By team');
    await expect.poll(() => tab().dataset.grouping).toBe('team');
    expect(groupLabels()).toEqual(['Billing', 'Sales', 'Support', 'No team']);
    expect(rowNames()).toEqual([
      'Ed Ended',
      'Alice Available',
      'Hank Hold',
      'Bea Busy',
      'Arthur Away',
      'Olivia Offline',
      'Rita Ringing',
      'Luke Lunch',
    ]);
    expect(
      document.querySelector('[data-group="team:Support"] .xv-agent-group__emoji')?.textContent,
    ).toBe('🛟');
    await checkState('agent-list', 'by-team');
  });

  it('collapses and expands groups; the collapsed groups are kept in local storage', async () => {
    const { screen } = await renderTab(agentsApi(smallAgentList()));
    await expect.poll(() => tab().dataset.state).toBe('ready');
    const on = screen.getByRole('button', { name: 'On 4 agents' });
    await expect.element(on).toHaveAttribute('aria-expanded', 'true');
    await on.click();
    await expect.element(on).toHaveAttribute('aria-expanded', 'false');
    expect(rowNames()).not.toContain('Alice Available');
    expect(
      document.querySelector('[data-group="status:Available"]')!.getAttribute('data-state'),
    ).toBe('closed');
    expect(JSON.parse(localStorage.getItem(AGENT_LIST_COLLAPSED_STORAGE_KEY)!)).toEqual([
      'status:Available',
    ]);
    await checkState('agent-list', 'collapsed');
    // a new mount reads local storage
    await screen.unmount();
    await renderTab(agentsApi(smallAgentList()));
    await expect.poll(() => tab().dataset.state).toBe('ready');
    expect(rowNames()).not.toContain('Alice Available');
    // keyboard: Enter on the focused heading button expands again
    document.querySelector<HTMLButtonElement>('[data-group="status:Available"] button')!.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(rowNames).toContain('Alice Available');
    expect(JSON.parse(localStorage.getItem(AGENT_LIST_COLLAPSED_STORAGE_KEY)!)).toEqual([]);
  });

  it('opens the details popup of an agent (name, email, status, team, call) and closes it with Escape', async () => {
    const { screen } = await renderTab(agentsApi(smallAgentList()));
    await expect.poll(() => tab().dataset.state).toBe('ready');
    const bea = screen.getByRole('button', { name: 'Bea Busy bea.busy@acme.test' });
    await expect.element(bea).toHaveAttribute('aria-expanded', 'false');
    await bea.click();
    const details = screen.getByRole('dialog', { name: 'Details of Bea Busy' });
    await expect.element(details).toBeVisible();
    await expect.element(bea).toHaveAttribute('aria-expanded', 'true');
    await expect.element(bea).toHaveAttribute('aria-controls', details.element().id);
    await expect.element(details).toHaveTextContent(/bea\.busy@acme\.test/);
    await expect.element(details).toHaveTextContent(/StatusOn/);
    await expect.element(details).toHaveTextContent(/Team🛟 Support/);
    await expect.element(details).toHaveTextContent(/CallOn call/);
    await expect.element(details.getByRole('button', { name: 'Open conversation' })).toBeVisible();
    await checkState('agent-list', 'details', { axe: details.element() });
    await userEvent.keyboard('{Escape}');
    await expect.element(details).not.toBeInTheDocument();
    // focus goes back to the agent's button; it opens the popup again, and a second press closes it
    await expect.poll(() => document.activeElement).toBe(bea.element());
    await bea.click();
    await expect.element(details).toBeVisible();
    await bea.click();
    await expect.element(details).not.toBeInTheDocument();
    await expect.element(bea).toHaveAttribute('aria-expanded', 'false');
    // a click elsewhere closes it and leaves focus where the user clicked
    await bea.click();
    await expect.element(details).toBeVisible();
    await screen.getByRole('searchbox').click();
    await expect.element(details).not.toBeInTheDocument();
    // (Radix returns focus in a timer after the popup unmounts: give it the chance to take it)
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(screen.getByRole('searchbox').element());
  });

  it('a call badge (On call, On hold, Ended) opens the related conversation; Ringing, Missed and Rejected do not', async () => {
    const navigate = vi.fn();
    const { screen, api } = await renderTab(agentsApi(smallAgentList()), { navigate });
    await expect.poll(() => tab().dataset.state).toBe('ready');
    await screen
      .getByRole('button', { name: 'On call: open the conversation of Bea Busy' })
      .click();
    await expect
      .poll(() => navigate.mock.calls)
      .toEqual([['/ws/acme/inbox/all/conversations/conv-c-2']]);
    expect(api.callsOf('getConnection')).toEqual([['c-2']]);
    await expect
      .element(screen.getByRole('button', { name: 'On hold: open the conversation of Hank Hold' }))
      .toBeVisible();
    await expect
      .element(screen.getByRole('button', { name: 'Ended: open the conversation of Ed Ended' }))
      .toBeVisible();
    expect(
      document.querySelector('[data-agent="a7"] [data-testid="voice-agent-call-badge"]'),
    ).toBeNull();

    // a host callback takes over
    cleanupVoice();
    await screen.unmount();
    const onOpenConversation = vi.fn();
    const second = await renderTab(agentsApi(smallAgentList()), { onOpenConversation });
    await expect.poll(() => tab().dataset.state).toBe('ready');
    await second.screen
      .getByRole('button', { name: 'On hold: open the conversation of Hank Hold' })
      .click();
    expect(onOpenConversation).toHaveBeenCalledWith({ idAgent: 'a6', idCommunication: 'c-6' });
  });

  it('without agents says call permission must be enabled for agents', async () => {
    const { screen } = await renderTab(agentsApi([statusItem(ME, 'Me Myself', 'Available')]));
    await expect.poll(() => tab().dataset.state).toBe('empty');
    await expect.element(screen.getByText('No call agents')).toBeVisible();
    await expect
      .element(
        screen.getByText(
          'Call permission must be enabled for agents to show them in the agent list.',
        ),
      )
      .toBeVisible();
    await checkState('agent-list', 'empty');
  });

  it("team mode without teams: 'No call teams' with 'Request info' sending the prewritten message to the support chat", async () => {
    const onRequestInfo = vi.fn();
    const list = smallAgentList().map((i) => ({ ...i, team: null }));
    const { screen } = await renderTab(agentsApi(list), { onRequestInfo });
    await expect.poll(() => tab().dataset.state).toBe('ready');
    await screen.getByRole('combobox', { name: 'Group agents' }).selectOptions('By team');
    await expect.poll(() => tab().dataset.state).toBe('no-teams');
    await expect.element(screen.getByText('No call teams')).toBeVisible();
    await screen.getByRole('button', { name: 'Request info' }).click();
    expect(onRequestInfo).toHaveBeenCalledWith(
      'Hello! I would like to know more about call teams for the voice add-on: how can we set them up in our workspace?',
    );
    await checkState('agent-list', 'no-teams');
  });

  it('a failed load shows the error with Try again, which loads again', async () => {
    let fail = true;
    const { screen } = await renderTab({
      getAgentsStatus: () =>
        fail ? Promise.reject(new Error('boom')) : Promise.resolve(smallAgentList()),
      getTransfers: () =>
        Promise.resolve({ agents: quickConnectsOf(smallAgentList()), groups: [] }),
    });
    await expect.poll(() => tab().dataset.state).toBe('error');
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent(/Something went wrong while loading\.boom/);
    await checkState('agent-list', 'error');
    fail = false;
    await screen.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => tab().dataset.state).toBe('ready');
  });

  it('opened again, shows the last list at once while it reloads; a failed reload keeps it and says so', async () => {
    let answer: () => Promise<StatusListItem[]> = () => Promise.resolve(smallAgentList());
    const voice = await startVoice({
      api: {
        getAgentsStatus: () => answer(),
        getTransfers: () =>
          Promise.resolve({ agents: quickConnectsOf(smallAgentList()), groups: [] }),
      },
      idAgent: ME,
    });
    const tree = (open: boolean) => (
      <VoiceProvider controller={voice.controller}>
        <Column>{open ? <AgentListTab slug="acme" /> : <p>Call history</p>}</Column>
      </VoiceProvider>
    );
    const screen = await renderVoice(tree(true));
    await expect.poll(() => tab().dataset.state).toBe('ready');
    const first = rowNames();
    expect(first).toContain('Bea Busy');
    await screen.rerender(tree(false));
    // the next answer waits: the tab shows the last one meanwhile, busy, without skeletons
    let release!: () => void;
    answer = () =>
      new Promise((resolve) => {
        release = () => resolve(smallAgentList().filter((i) => i.agent.name !== 'Bea Busy'));
      });
    await screen.rerender(tree(true));
    expect(tab().dataset.state).toBe('ready');
    expect(rowNames()).toEqual(first);
    expect(document.querySelectorAll('.xv-agent--skeleton')).toHaveLength(0);
    expect(
      document.querySelector('[data-testid="voice-agent-scroll"]')!.getAttribute('aria-busy'),
    ).toBe('true');
    release();
    await expect.poll(rowNames).not.toContain('Bea Busy');
    expect(
      document.querySelector('[data-testid="voice-agent-scroll"]')!.getAttribute('aria-busy'),
    ).toBe('false');
    // a reload that fails leaves the list and tells why
    answer = () => Promise.reject(new Error('boom'));
    await screen.rerender(tree(false));
    await screen.rerender(tree(true));
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent(/Something went wrong while loading\.\s*boom/);
    expect(tab().dataset.state).toBe('ready');
    expect(rowNames().length).toBeGreaterThan(0);
    await checkState('agent-list', 'reload-failed');
  });

  it('is virtualised: 2,000 agents render a screenful of rows, and scrolling reaches the last one', async () => {
    const list = manyAgents(2000);
    await renderTab(agentsApi(list));
    await expect.poll(() => tab().dataset.state).toBe('ready');
    const rendered = document.querySelectorAll('[data-testid="voice-agent-row"]').length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(40);
    const first = document.querySelector('[role="listitem"]')!;
    const groups = new Set(list.slice(1).map((i) => i.status.name)).size;
    expect(first.getAttribute('aria-setsize')).toBe(String(2000 + groups));
    const scroller = document.querySelector<HTMLElement>('[data-testid="voice-agent-scroll"]')!;
    expect(scroller.scrollHeight).toBe(2000 * 60 + groups * 40);
    scroller.scrollTop = scroller.scrollHeight;
    // Offline is the last group; its last agent by name is the list's last row.
    const offline = list
      .slice(1)
      .filter((i) => i.status.name === 'Offline')
      .map((i) => i.agent.name)
      .sort((a, b) => a.localeCompare(b));
    await expect.poll(rowNames).toContain(offline[offline.length - 1]);
    expect(document.querySelectorAll('[data-testid="voice-agent-row"]').length).toBeLessThan(40);
    await checkState('agent-list', 'scrolled-2000');
  });

  it('speaks the locale of the provider', async () => {
    const voice = await startVoice({ api: agentsApi(smallAgentList()), idAgent: ME });
    const screen = await renderVoice(
      <Column>
        <AgentListTab slug="acme" />
      </Column>,
      { controller: voice.controller, locale: 'de_DE', messages: de_DE },
    );
    await expect.poll(() => tab().dataset.state).toBe('ready');
    await expect.element(screen.getByRole('option', { name: 'Nach Status' })).toBeInTheDocument();
    await expect
      .element(screen.getByRole('searchbox', { name: 'Agenten nach Name oder E-Mail suchen' }))
      .toBeVisible();
  });

  it("an agent's row changes status when the product announces it (a call ended), no Refresh needed", async () => {
    const events = liveEvents();
    let list = smallAgentList();
    await renderTab({
      ...agentsApi(list),
      getAgentsStatus: () => Promise.resolve([...list]),
      subscribe: events.subscribe,
    });
    await expect.poll(() => badgeOf('Bea Busy')).toBe('On call');
    list = list.map((i) => (i.agent.idAgent === 'a2' ? { ...i, connections: [] } : i));
    events.emit({ type: 'call.updated', id: 'c-2' });
    await expect.poll(() => badgeOf('Bea Busy')).toBe('On');
    list = list.map((i) => (i.agent.idAgent === 'a3' ? { ...i, status: { name: 'Away' } } : i));
    events.emit({ type: 'agent.updated', id: 'a3' });
    await expect.poll(() => badgeOf('Alice Available')).toBe('Away');
  });
});
