import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { checkState, cleanupVoice, renderVoice, startVoice, viewport } from '../../../test/ui';
import type { VoiceUnderTest } from '../../../test/ui';
import type { TransferAgent, TransferGroup } from '../../api/contract';
import type { VoiceApi } from '../../api/client';
import { de_DE } from '../../locales';
import { TransferModal } from './transfer-modal';
import type { TransferModalProps } from './transfer-modal';

beforeEach(() => viewport(1024, 800));
afterEach(cleanupVoice);

const agent = (idAgent: string, name: string, status = 'Available'): TransferAgent => ({
  idAgent,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@acme.test`,
  avatarURL: null,
  status: { name: status },
  connections: [],
  endpointId: `e-${idAgent}`,
});
const team = (id: string, name: string, description = ''): TransferGroup => ({
  id,
  name,
  description,
  endpointId: `e-${id}`,
});

const AGENTS = [
  agent('me', 'Jane Doe'),
  agent('2', 'John Roe'),
  agent('3', 'Ana Lima', 'Away'),
  agent('4', 'Bruno Costa', 'Offline'),
  agent('5', 'Carla Dias'),
];
const TEAMS = [team('g1', 'Sales', 'New business'), team('g2', 'Support', 'Existing customers')];

function transfers(agents = AGENTS, groups = TEAMS): Partial<VoiceApi> {
  return { getTransfers: () => Promise.resolve({ agents, groups }) };
}

/** The modal with its own open state (closing unmounts it). */
function Harness(props: Omit<TransferModalProps, 'open' | 'onOpenChange'>) {
  const [open, setOpen] = useState(true);
  return (
    <main className="xv">
      <h1 className="xv-visually-hidden">Call</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Open transfer
      </button>
      <TransferModal {...props} open={open} onOpenChange={setOpen} />
    </main>
  );
}

/** A connected call whose agent has the quick connects of every target. */
async function onACall(api: Partial<VoiceApi>, idAgent = 'me'): Promise<VoiceUnderTest> {
  const voice = await startVoice({ api, idAgent });
  const targets = await api.getTransfers!();
  voice.panel.instance.endpoints = [...targets.agents, ...targets.groups].map((t) => ({
    endpointId: t.endpointId,
    endpointARN: `arn:${t.endpointId}`,
    type: 'agent',
    name: t.name,
  }));
  voice.panel.instance.incomingCall({ phoneNumber: '+15555550123', multiParty: true });
  await voice.panel.settle();
  await voice.controller.accept();
  await expect.poll(() => voice.controller.getState().call.view).toBe('connected');
  return voice;
}

const dialog = () => page.getByRole('dialog', { name: 'Transfer call' });
const tab = (name: RegExp) => dialog().getByRole('tab', { name });
const targets = () =>
  [...dialog().element().querySelectorAll('[data-testid="transfer-target"]')].map(
    (b) => b.querySelector('.xv-transfer__name')?.textContent,
  );

describe('TransferModal', () => {
  it("is 'Transfer call', 480 px wide, with tabs Agents and Teams and their count badges; agents grouped by status, the current user left out", async () => {
    const voice = await startVoice({ api: transfers(), idAgent: 'me' });
    await renderVoice(<Harness />, { controller: voice.controller });
    await expect.element(dialog()).toBeVisible();
    expect((dialog().element() as HTMLElement).offsetWidth).toBe(480);
    await expect.element(tab(/^Agents/)).toHaveAccessibleName('Agents 4');
    await expect.element(tab(/^Teams/)).toHaveAccessibleName('Teams 2');
    await expect.element(tab(/^Agents/)).toHaveAttribute('data-state', 'active');
    expect(
      [...dialog().element().querySelectorAll('.xv-transfer__heading')].map((h) => h.textContent),
    ).toEqual(['On', 'Away', 'Off']);
    expect(targets()).toEqual(['Carla Dias', 'John Roe', 'Ana Lima', 'Bruno Costa']);
    const list = dialog().getByTestId('transfer-list').element() as HTMLElement;
    expect(list.style.maxHeight).toBe('580px');
    await expect.element(dialog().getByRole('searchbox')).toHaveFocus();
    await checkState('transfer-modal', 'agents', { axe: dialog().element() });

    await tab(/^Teams/).click();
    expect(targets()).toEqual(['Sales', 'Support']);
    await checkState('transfer-modal', 'teams', { axe: dialog().element() });
  });

  it('searches agents by name or email and teams by name; the badges count the filtered lists', async () => {
    const voice = await startVoice({ api: transfers(), idAgent: 'me' });
    await renderVoice(<Harness />, { controller: voice.controller });
    const search = dialog().getByRole('searchbox');
    await userEvent.fill(search, 'jo');
    await expect.element(tab(/^Agents/)).toHaveAccessibleName('Agents 1');
    expect(targets()).toEqual(['John Roe']);
    await userEvent.fill(search, 'ACME.TEST');
    await expect.element(tab(/^Agents/)).toHaveAccessibleName('Agents 4');
    await userEvent.fill(search, 'sup');
    await expect.element(tab(/^Agents/)).toHaveAccessibleName('Agents 0');
    await expect.element(tab(/^Teams/)).toHaveAccessibleName('Teams 1');
    await expect.element(dialog().getByText('No agents found')).toBeVisible();
    await checkState('transfer-modal', 'no-agents-found', { axe: dialog().element() });
    await tab(/^Teams/).click();
    expect(targets()).toEqual(['Support']);
    await userEvent.fill(search, 'zzz');
    await expect.element(dialog().getByText('No teams found')).toBeVisible();
    await checkState('transfer-modal', 'no-teams-found', { axe: dialog().element() });
  });

  it("without targets: 'No call agents' and 'No call teams'", async () => {
    const voice = await startVoice({
      api: transfers([agent('me', 'Jane Doe')], []),
      idAgent: 'me',
    });
    await renderVoice(<Harness />, { controller: voice.controller });
    await expect.element(dialog().getByText('No call agents')).toBeVisible();
    await expect.element(tab(/^Agents/)).toHaveAccessibleName('Agents 0');
    await checkState('transfer-modal', 'no-call-agents', { axe: dialog().element() });
    await tab(/^Teams/).click();
    await expect.element(dialog().getByText('No call teams')).toBeVisible();
    await checkState('transfer-modal', 'no-call-teams', { axe: dialog().element() });
  });

  it('shows skeleton rows while loading, and the refresh button loads the targets again', async () => {
    let release: (() => void) | null = null;
    let calls = 0;
    const voice = await startVoice({
      api: {
        getTransfers: () => {
          calls++;
          return new Promise((resolve) => {
            release = () => resolve({ agents: AGENTS, groups: TEAMS });
          });
        },
      },
    });
    await renderVoice(<Harness />, { controller: voice.controller });
    await expect.element(dialog()).toBeVisible();
    expect(dialog().element().querySelector('[data-state="loading"]')).not.toBeNull();
    expect(dialog().element().querySelectorAll('.xv-transfer__skeleton')).toHaveLength(4);
    await checkState('transfer-modal', 'loading', { axe: dialog().element() });
    release!();
    await expect.element(tab(/^Agents/)).toHaveAccessibleName('Agents 5');
    const before = calls;
    const refresh = dialog().getByRole('button', { name: 'Refresh' });
    await refresh.click();
    expect(calls).toBe(before + 1);
    release!();
    await expect.element(tab(/^Agents/)).toHaveAccessibleName('Agents 5');
  });

  it('a failed load shows the error and retries', async () => {
    let fail = true;
    const voice = await startVoice({
      api: {
        getTransfers: () =>
          fail
            ? Promise.reject(new Error('network down'))
            : Promise.resolve({ agents: AGENTS, groups: [] }),
      },
    });
    await renderVoice(<Harness />, { controller: voice.controller });
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('network down');
    await checkState('transfer-modal', 'error', { axe: dialog().element() });
    fail = false;
    await dialog().getByRole('button', { name: 'Try again' }).click();
    await expect.element(tab(/^Agents/)).toHaveAccessibleName('Agents 5');
  });

  it('selecting a target transfers the call and then closes the modal', async () => {
    const api = transfers();
    const voice = await onACall(api);
    const transferred: string[] = [];
    await renderVoice(<Harness onTransferred={(t) => transferred.push(t.endpointId)} />, {
      controller: voice.controller,
    });
    await dialog()
      .getByRole('button', { name: /^Transfer to John Roe/ })
      .click();
    await expect.element(dialog()).not.toBeInTheDocument();
    expect(transferred).toEqual(['e-2']);
    expect(voice.controller.getState().transfer).toMatchObject({
      transferring: true,
      target: { endpointId: 'e-2', name: 'John Roe' },
    });
    expect(voice.panel.requests.map((r) => r.method)).toContain('createAdditionalConnection');
  });

  it("a refused transfer ('Endpoint to transfer call not found') stays open with the message", async () => {
    const voice = await onACall(transfers());
    voice.panel.instance.endpoints = [];
    await renderVoice(<Harness />, { controller: voice.controller });
    await tab(/^Teams/).click();
    await dialog()
      .getByRole('button', { name: /^Transfer to Sales/ })
      .click();
    await expect
      .element(dialog().getByRole('alert'))
      .toHaveTextContent('Endpoint to transfer call not found');
    await expect.element(dialog()).toBeVisible();
  });

  it('Escape and the close button close it', async () => {
    const voice = await startVoice({ api: transfers() });
    await renderVoice(<Harness />, { controller: voice.controller });
    await expect.element(dialog()).toBeVisible();
    await dialog().getByRole('button', { name: 'Close' }).click();
    await expect.element(dialog()).not.toBeInTheDocument();
    await page.getByRole('button', { name: 'Open transfer' }).click();
    await expect.element(dialog()).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog()).not.toBeInTheDocument();
  });

  it('closing returns focus to the button that opened it (the modal is opened by its host, not a Radix trigger)', async () => {
    const voice = await startVoice({ api: transfers() });
    await renderVoice(<Harness />, { controller: voice.controller });
    await dialog().getByRole('button', { name: 'Close' }).click();
    await expect.element(dialog()).not.toBeInTheDocument();
    const opener = page.getByRole('button', { name: 'Open transfer' });
    (opener.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(dialog()).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog()).not.toBeInTheDocument();
    await expect.element(opener).toHaveFocus();
  });

  it('virtualises a long list: 2,000 agents render a window of rows and scroll through', async () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      agent(`a${i}`, `Agent ${String(i).padStart(4, '0')}`),
    );
    const voice = await startVoice({ api: transfers(many, []) });
    await renderVoice(<Harness />, { controller: voice.controller });
    await expect.element(tab(/^Agents/)).toHaveAccessibleName('Agents 2000');
    const list = dialog().getByTestId('transfer-list').element() as HTMLElement;
    expect(list.clientHeight).toBe(580);
    const rendered = dialog().element().querySelectorAll('[data-testid="transfer-target"]').length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(40);
    list.scrollTop = list.scrollHeight;
    await expect.poll(() => targets().at(-1)).toBe('Agent 1999');
  });

  it('the mobile dropdown variant is one select of agents and teams; choosing transfers and closes', async () => {
    await viewport(375, 720);
    const voice = await onACall(transfers());
    await renderVoice(<Harness variant="dropdown" />, { controller: voice.controller });
    const select = page.getByRole('combobox', { name: 'Transfer call' });
    await expect.element(select).toBeEnabled();
    const options = [...(select.element() as HTMLSelectElement).options].map((o) => o.text);
    expect(options).toEqual([
      'Choose an agent or a team',
      'Carla Dias',
      'John Roe',
      'Ana Lima',
      'Bruno Costa',
      'Sales',
      'Support',
    ]);
    await checkState('transfer-modal', 'dropdown');
    await userEvent.selectOptions(select, 'e-g2');
    await expect.element(page.getByTestId('transfer-dropdown')).not.toBeInTheDocument();
    expect(voice.controller.getState().transfer.target).toEqual({
      endpointId: 'e-g2',
      name: 'Support',
    });
  });

  it('speaks the locale', async () => {
    const voice = await startVoice({ api: transfers([], []) });
    await renderVoice(<Harness />, {
      controller: voice.controller,
      locale: 'de_DE',
      messages: de_DE,
    });
    await expect.element(page.getByRole('dialog', { name: 'Anruf weiterleiten' })).toBeVisible();
  });
});
