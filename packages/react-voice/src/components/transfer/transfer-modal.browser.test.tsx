import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { checkState, cleanupVoice, renderVoice, startVoice, viewport } from '../../../test/ui';
import type { VoiceUnderTest } from '../../../test/ui';
import type { TransferAgent, TransferGroup, TransferQuickConnect } from '../../api/contract';
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
const QUICK_CONNECTS: TransferQuickConnect[] = [
  {
    id: 'p1',
    name: 'Support line',
    description: '',
    endpointId: 'e-p1',
    type: 'phoneNumber',
    phoneNumber: '+15555550199',
  },
  {
    id: 'q1',
    name: 'Sales queue',
    description: 'Callers for sales',
    endpointId: 'e-q1',
    type: 'queue',
    phoneNumber: null,
  },
];

function transfers(
  agents = AGENTS,
  groups = TEAMS,
  quickConnects: TransferQuickConnect[] = QUICK_CONNECTS,
): Partial<VoiceApi> {
  return { getTransfers: () => Promise.resolve({ agents, groups, quickConnects }) };
}

/** The host's dark theme (the --xv-* custom properties), for axe in both themes. */
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

/** Runs `check` in the light theme, then again in the dark one. */
async function inBothThemes(check: (theme: string) => Promise<void>): Promise<void> {
  await check('light');
  const root = document.documentElement;
  for (const [name, value] of Object.entries(DARK)) root.style.setProperty(name, value);
  try {
    await check('dark');
  } finally {
    for (const name of Object.keys(DARK)) root.style.removeProperty(name);
  }
}

/** Every element of `root` lies inside a `width` × `height` screen. */
function expectInside(root: Element, width: number, height: number): void {
  for (const el of [root, ...root.querySelectorAll('button, input, select, [role="tab"]')]) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const what = `${el.tagName} ${el.textContent?.slice(0, 30) ?? ''}`;
    expect(r.left, what).toBeGreaterThanOrEqual(0);
    expect(r.top, what).toBeGreaterThanOrEqual(0);
    expect(r.right, what).toBeLessThanOrEqual(width);
    expect(r.bottom, what).toBeLessThanOrEqual(height);
  }
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
  voice.panel.instance.endpoints = [
    ...[...targets.agents, ...targets.groups].map((t) => ({
      endpointId: t.endpointId,
      endpointARN: `arn:${t.endpointId}`,
      type: 'agent' as const,
      name: t.name,
    })),
    ...(targets.quickConnects ?? []).map((q) => ({
      endpointId: q.endpointId,
      endpointARN: `arn:${q.endpointId}`,
      type: q.type === 'queue' ? ('queue' as const) : ('phone_number' as const),
      name: q.name,
      phoneNumber: q.phoneNumber,
    })),
  ];
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
      'Sales queue',
      'Support line (+1 555 555 0199)',
    ]);
    await checkState('transfer-modal', 'dropdown');
    await userEvent.selectOptions(select, 'e-g2');
    await expect.element(page.getByTestId('transfer-dropdown')).not.toBeInTheDocument();
    expect(voice.controller.getState().transfer.target).toEqual({
      endpointId: 'e-g2',
      name: 'Support',
    });
  });

  it("'Quick connects' lists the contact centre's queues, then its external numbers, under their headings, with a count badge; search matches names and digits", async () => {
    const voice = await startVoice({ api: transfers(), idAgent: 'me' });
    await renderVoice(<Harness />, { controller: voice.controller });
    await expect.element(tab(/^Quick connects/)).toHaveAccessibleName('Quick connects 2');
    await tab(/^Quick connects/).click();
    expect(
      [...dialog().element().querySelectorAll('.xv-transfer__heading')].map((h) => h.textContent),
    ).toEqual(['Queues', 'External numbers']);
    expect(targets()).toEqual(['Sales queue', 'Support line']);
    await expect.element(dialog().getByText('+1 555 555 0199')).toBeVisible();
    await inBothThemes((theme) =>
      checkState('transfer-modal', `quick-connects-${theme}`, { axe: dialog().element() }),
    );
    const search = dialog().getByRole('searchbox');
    await userEvent.fill(search, '555 0199');
    await expect.element(tab(/^Quick connects/)).toHaveAccessibleName('Quick connects 1');
    expect(targets()).toEqual(['Support line']);
    await userEvent.fill(search, 'queue');
    expect(targets()).toEqual(['Sales queue']);
    await userEvent.fill(search, 'zzz');
    await expect.element(dialog().getByText('No quick connects found')).toBeVisible();
    await userEvent.fill(search, '');
    await expect.element(tab(/^Quick connects/)).toHaveAccessibleName('Quick connects 2');
  });

  it("without queue or number quick connects: 'No quick connects'", async () => {
    const voice = await startVoice({ api: transfers(AGENTS, TEAMS, []) });
    await renderVoice(<Harness defaultTab="quickConnects" />, { controller: voice.controller });
    await expect.element(dialog().getByText('No quick connects')).toBeVisible();
    await expect.element(tab(/^Quick connects/)).toHaveAccessibleName('Quick connects 0');
  });

  it('selecting the external quick connect adds its endpoint to the call and closes', async () => {
    const voice = await onACall(transfers());
    await renderVoice(<Harness defaultTab="quickConnects" />, { controller: voice.controller });
    await dialog()
      .getByRole('button', { name: /^Transfer to Support line/ })
      .click();
    await expect.element(dialog()).not.toBeInTheDocument();
    const added = voice.panel.requests.find((r) => r.method === 'createAdditionalConnection');
    expect(added?.params['endpoint']).toMatchObject({
      endpointId: 'e-p1',
      type: 'phone_number',
      phoneNumber: '+15555550199',
    });
    expect(voice.controller.getState().transfer).toMatchObject({
      transferring: true,
      target: { endpointId: 'e-p1', name: 'Support line' },
    });
  });

  it("'Number' adds a number typed with spaces to the call as a phone-number endpoint; an unreadable one is refused with 'Phone number is not valid.'", async () => {
    const voice = await onACall(transfers());
    const transferred: string[] = [];
    await renderVoice(
      <Harness defaultCountry="GB" onTransferred={(t) => transferred.push(t.endpointId)} />,
      { controller: voice.controller },
    );
    await tab(/^Number/).click();
    const field = dialog().getByRole('textbox', { name: 'Phone number' });
    await expect.element(field).toBeVisible();
    await inBothThemes((theme) =>
      checkState('transfer-modal', `number-${theme}`, { axe: dialog().element() }),
    );
    await userEvent.fill(field, '12');
    await dialog().getByRole('button', { name: 'Add to call' }).click();
    await expect
      .element(dialog().getByRole('alert'))
      .toHaveTextContent('Phone number is not valid.');
    expect(voice.panel.requests.map((r) => r.method)).not.toContain('createAdditionalConnection');
    await userEvent.fill(field, '020 7123 4567');
    await dialog().getByRole('button', { name: 'Add to call' }).click();
    await expect.element(dialog()).not.toBeInTheDocument();
    const added = voice.panel.requests.find((r) => r.method === 'createAdditionalConnection');
    expect(added?.params['endpoint']).toMatchObject({
      type: 'phone_number',
      phoneNumber: '+442071234567',
    });
    expect(transferred).toEqual(['+442071234567']);
    expect(voice.controller.getState().transfer.transferring).toBe(true);
  });

  it('fits a 375 × 812 screen with its four tabs (bounding boxes), and the dropdown variant too', async () => {
    await viewport(375, 812);
    const voice = await onACall(transfers());
    await renderVoice(<Harness />, { controller: voice.controller });
    await expect.element(tab(/^Agents/)).toHaveAccessibleName('Agents 4');
    expectInside(dialog().element(), 375, 812);
    await tab(/^Number/).click();
    await expect.element(dialog().getByRole('textbox', { name: 'Phone number' })).toBeVisible();
    expectInside(dialog().element(), 375, 812);
    await checkState('transfer-modal', 'phone-number', { axe: dialog().element() });
  });

  it('the dropdown variant offers the queues and external numbers, and a number field that adds a number to the call', async () => {
    await viewport(375, 812);
    const voice = await onACall(transfers());
    await renderVoice(<Harness variant="dropdown" />, { controller: voice.controller });
    const select = page.getByRole('combobox', { name: 'Transfer call' });
    await expect.element(select).toBeEnabled();
    const groups = [...(select.element() as HTMLSelectElement).querySelectorAll('optgroup')].map(
      (g) => [g.label, [...g.querySelectorAll('option')].map((o) => o.text)],
    );
    expect(groups.slice(-2)).toEqual([
      ['Queues', ['Sales queue']],
      ['External numbers', ['Support line (+1 555 555 0199)']],
    ]);
    const dropdown = page.getByTestId('transfer-dropdown');
    expectInside(dropdown.element(), 375, 812);
    await inBothThemes((theme) =>
      checkState('transfer-modal', `dropdown-quick-connects-${theme}`, {
        axe: dropdown.element(),
      }),
    );
    await userEvent.fill(
      dropdown.getByRole('textbox', { name: 'Phone number' }),
      '+44 20 7123 4567',
    );
    await dropdown.getByRole('button', { name: 'Add to call' }).click();
    await expect.element(dropdown).not.toBeInTheDocument();
    const added = voice.panel.requests.find((r) => r.method === 'createAdditionalConnection');
    expect(added?.params['endpoint']).toMatchObject({ phoneNumber: '+442071234567' });
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
