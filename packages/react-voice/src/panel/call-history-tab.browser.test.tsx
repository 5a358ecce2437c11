import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { VoiceApi } from '../api/client';
import type { CallHistoryItem, HistorySearchType } from '../api/contract';
import { formatMediumDate, historyContactName } from '../lists/lists';
import { CONFIG } from '../../test/fake-api';
import { historyItem, ME } from '../../test/fixtures/panel-data';
import { checkState, cleanupVoice, renderVoice, startVoice, viewport } from '../../test/ui';
import { CallHistoryTab } from './call-history-tab';
import type { CallHistoryTabProps } from './call-history-tab';

function Column(props: { readonly children: ReactNode }) {
  return (
    <main className="xv" style={{ display: 'flex', width: 'min(320px, 100vw)', height: 640 }}>
      {props.children}
    </main>
  );
}

type Page = { searchType: HistorySearchType; searchText: string; lastId?: string };

/** A history of `total` calls over the last days, served newest first in pages of `size`. */
function historyApi(total: number, size = 20, over: Partial<VoiceApi> = {}) {
  const now = Date.now();
  const all: CallHistoryItem[] = Array.from({ length: total }, (_, i) =>
    historyItem(i, now, i < 3 ? 0 : i < 5 ? 1 : 3 + Math.floor(i / 10)),
  );
  const requests: Page[] = [];
  const times: number[] = [];
  const api: Partial<VoiceApi> = {
    getHistoryPage: (query) => {
      requests.push({ ...query });
      times.push(performance.now());
      const text = query.searchText.toLowerCase();
      const matching = all.filter(
        (item) =>
          (!text || item.contact.name.toLowerCase().includes(text)) &&
          (query.searchType === 'all' ||
            (query.searchType === 'missed' && !item.answered) ||
            (query.searchType === 'inbound' && item.communicationType === 'inbound')),
      );
      const from = query.lastId ? matching.findIndex((i) => i.id === query.lastId) + 1 : 0;
      return Promise.resolve(matching.slice(from, from + size));
    },
    ...over,
  };
  return { api, all, requests, times };
}

async function renderTab(api: Partial<VoiceApi>, props: Partial<CallHistoryTabProps> = {}) {
  const voice = await startVoice({ api, idAgent: ME });
  const navigate = vi.fn();
  const screen = await renderVoice(
    <Column>
      <CallHistoryTab slug="acme" navigate={navigate} {...props} />
    </Column>,
    { controller: voice.controller },
  );
  return { ...voice, screen, navigate };
}

const tab = () => document.querySelector<HTMLElement>('[data-testid="voice-call-history"]')!;
const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="voice-call-row"]')];
const contacts = () => rows().map((r) => r.querySelector('.xv-history-row__contact')!.textContent);
const days = () =>
  [...document.querySelectorAll('[data-testid="voice-call-day"]')].map((d) => d.textContent);
const menuItems = () =>
  [
    ...document.querySelectorAll(
      '[data-testid="voice-call-menu"] [role="menuitem"], [data-testid="voice-call-menu"] .xv-menu__label',
    ),
  ].map((e) => e.textContent);

beforeEach(async () => {
  await viewport(1280, 800);
});
afterEach(() => cleanupVoice());

describe('CallHistoryTab', () => {
  it('shows skeleton rows while the first page loads', async () => {
    await renderTab({ getHistoryPage: () => new Promise(() => {}) });
    await expect.poll(() => tab().dataset.state).toBe('loading');
    expect(document.querySelectorAll('[data-testid="voice-call-skeleton"]').length).toBe(6);
    await checkState('call-history', 'loading');
  });

  it('groups rows by day under Today, Yesterday or a medium date; a visitor is shown by the phone', async () => {
    const { api, all } = historyApi(10);
    await renderTab(api);
    await expect.poll(() => tab().dataset.state).toBe('ready');
    const older = new Date(all[5]!.createdAt);
    expect(days()).toEqual([
      'Today',
      'Yesterday',
      formatMediumDate(new Date(older.getFullYear(), older.getMonth(), older.getDate()).getTime()),
    ]);
    expect(contacts()[0]).toBe(all[0]!.contact.name);
    // index 4 is a visitor: shown as its phone
    expect(contacts()[4]).toBe('+15550000004');
    const first = rows()[0]!;
    expect(first.getBoundingClientRect().height).toBe(64);
    expect(first.dataset.state).toBe('inbound');
    expect(first.querySelector('.xv-history-row__meta')!.textContent).toMatch(/^Inbound·00:30/);
    // index 3 was not answered: Missed
    expect(rows()[3]!.dataset.state).toBe('missed');
    expect(rows()[3]!.querySelector('.xv-history-row__meta')!.textContent).toMatch(/^Missed/);
    await checkState('call-history', 'days');
  });

  it("with the host's formatPhoneNumber a visitor's row shows the number its way", async () => {
    const { api } = historyApi(10);
    await renderTab(api, { formatPhoneNumber: (n) => n.replace(/^\+1(\d{3})/, '+1 $1 ') });
    await expect.poll(() => tab().dataset.state).toBe('ready');
    expect(contacts()[4]).toBe('+1 555 0000004');
  });

  it('loads more when the user nears the end (by last id), with skeletons, until an empty page', async () => {
    const { api, all, requests } = historyApi(45, 20);
    let release: (() => void) | null = null;
    const gated: Partial<VoiceApi> = {
      getHistoryPage: (query) =>
        query.lastId === all[19]!.id
          ? new Promise((resolve) => {
              release = () => resolve(api.getHistoryPage!(query));
            })
          : api.getHistoryPage!(query),
    };
    await renderTab(gated);
    await expect.poll(() => tab().dataset.state).toBe('ready');
    const scroller = document.querySelector<HTMLElement>('[data-testid="voice-call-scroll"]')!;
    scroller.scrollTop = scroller.scrollHeight;
    await expect.poll(() => release !== null).toBe(true);
    await expect
      .poll(() => document.querySelectorAll('[data-testid="voice-call-skeleton"]').length)
      .toBe(3);
    expect(scroller.getAttribute('aria-busy')).toBe('true');
    scroller.scrollTop = scroller.scrollHeight;
    await new Promise((r) => requestAnimationFrame(r));
    await checkState('call-history', 'loading-more');
    release!();
    await expect
      .poll(() => document.querySelectorAll('[data-testid="voice-call-skeleton"]').length)
      .toBe(0);
    // keep scrolling: the third page (5 calls), then an empty page ends the paging
    for (let i = 0; i < 6; i++) {
      scroller.scrollTop = scroller.scrollHeight;
      await new Promise((r) => requestAnimationFrame(r));
    }
    await expect.poll(() => requests.length).toBe(4);
    expect(requests.map((r) => r.lastId)).toEqual([
      undefined,
      all[19]!.id,
      all[39]!.id,
      all[44]!.id,
    ]);
    await expect.poll(contacts).toContain(historyContactName(all[44]!));
    // paging has stopped: scrolling to the end again asks for nothing
    scroller.scrollTop = scroller.scrollHeight;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    expect(requests.length).toBe(4);
  });

  it("searches 1000 ms after the last keystroke (placeholder 'Search'); Escape clears it at once; no match: 'No results found'", async () => {
    const { api, requests, times } = historyApi(12);
    const { screen } = await renderTab(api);
    await expect.poll(() => tab().dataset.state).toBe('ready');
    const search = screen.getByRole('searchbox', { name: 'Search calls' });
    await expect.element(search).toHaveAttribute('placeholder', 'Search');
    // the 12 calls fit the screen: the next page (empty) is asked for at once, ending the paging
    await expect.poll(() => requests.length).toBe(2);
    const typedAt = performance.now();
    await search.fill('zzz');
    await expect.poll(() => requests.length, { timeout: 5000 }).toBe(3);
    // asked no sooner than 1000 ms after the keystroke
    expect(times[2]! - typedAt).toBeGreaterThanOrEqual(1000);
    expect(requests[2]).toEqual({ searchType: 'all', searchText: 'zzz' });
    await expect.poll(() => tab().dataset.state).toBe('no-results');
    await expect.element(screen.getByText('No results found')).toBeVisible();
    await checkState('call-history', 'no-results');
    await userEvent.keyboard('{Escape}');
    await expect.element(search).toHaveValue('');
    await expect.poll(() => requests.length).toBeGreaterThanOrEqual(4);
    expect(requests[3]).toEqual({ searchType: 'all', searchText: '' });
    await expect.poll(() => tab().dataset.state).toBe('ready');
  });

  it('filters by type: All, Missed, Inbound, Outbound, Transferred (sent lowercase); a change resets the list', async () => {
    const { api, requests } = historyApi(12);
    const { screen } = await renderTab(api);
    await expect.poll(() => tab().dataset.state).toBe('ready');
    const type = screen.getByRole('combobox', { name: 'Call type' });
    expect([...type.element().querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'All',
      'Missed',
      'Inbound',
      'Outbound',
      'Transferred',
    ]);
    await type.selectOptions('Missed');
    // the list starts again from the first page of the new type
    await expect
      .poll(() => requests.filter((r) => r.searchType === 'missed'))
      .toContainEqual({ searchType: 'missed', searchText: '' });
    await expect.poll(() => rows().every((r) => r.dataset.state === 'missed')).toBe(true);
    await type.selectOptions('Transferred');
    await expect
      .poll(() => requests.filter((r) => r.searchType === 'transferred'))
      .toContainEqual({ searchType: 'transferred', searchText: '' });
  });

  it("offers every row action in a menu: 'Call to {contact}', 'Open contact page', 'Listen to recording', 'Read call transcript', 'Download' (.wav, .csv), 'View more details'", async () => {
    const { api, all } = historyApi(6);
    const { screen, navigate, panel, controller } = await renderTab(api);
    await expect.poll(() => tab().dataset.state).toBe('ready');
    const name = all[0]!.contact.name;
    const open = () =>
      screen.getByRole('button', { name: `Actions for the call with ${name}` }).click();
    await open();
    await expect
      .poll(menuItems)
      .toEqual([
        `Call to ${name}`,
        'Open contact page',
        'Listen to recording',
        'Read call transcript',
        'Download',
        'Recording (.wav)',
        'Transcript (.csv)',
        'View more details',
      ]);
    const menu = document.querySelector('[data-testid="voice-call-menu"]')!;
    await checkState('call-history', 'row-menu', { axe: menu });
    await screen.getByRole('menuitem', { name: 'Open contact page' }).click();
    expect(navigate).toHaveBeenLastCalledWith('/ws/acme/contacts/users/profile/ct-0');
    await open();
    await screen.getByRole('menuitem', { name: 'Listen to recording' }).click();
    expect(navigate).toHaveBeenLastCalledWith(
      '/ws/acme/inbox/all/conversations/conv-0/part/part-0',
    );
    await open();
    await screen.getByRole('menuitem', { name: 'Read call transcript' }).click();
    expect(navigate).toHaveBeenLastCalledWith(
      '/ws/acme/inbox/all/conversations/conv-0/part/part-0?transcript=1',
    );
    await open();
    await screen.getByRole('menuitem', { name: 'View more details' }).click();
    expect(navigate).toHaveBeenLastCalledWith('/ws/acme/inbox/all/conversations/conv-0');
    // 'Call to' places the call to the contact's number
    await open();
    await screen.getByRole('menuitem', { name: `Call to ${name}` }).click();
    await expect.poll(() => controller.getState().call.status).toBe('connecting');
    expect(JSON.stringify(panel.instance.snapshot())).toContain(all[0]!.contactPhoneNumber!);
  });

  it('a call without a recording cannot be listened to or downloaded; without ids nothing opens', async () => {
    const { api } = historyApi(3);
    const { screen } = await renderTab(api);
    await expect.poll(() => tab().dataset.state).toBe('ready');
    // index 2 has no recordingUrl
    const name = historyItem(2, Date.now(), 0).contact.name;
    await screen.getByRole('button', { name: `Actions for the call with ${name}` }).click();
    await expect
      .element(screen.getByRole('menuitem', { name: 'Listen to recording' }))
      .toHaveAttribute('data-disabled');
    await expect
      .element(screen.getByRole('menuitem', { name: 'Recording (.wav)' }))
      .toHaveAttribute('data-disabled');
    await expect
      .element(screen.getByRole('menuitem', { name: 'Read call transcript' }))
      .not.toHaveAttribute('data-disabled');
  });

  it("downloads the recording; a transcript that is not ready shows 'Call transcript' / 'is not ready, please try again later.'", async () => {
    const { api, all } = historyApi(3, 20, {
      getTranscriptCsv: () => Promise.reject(new Error('404')),
    });
    const { screen, api: fake } = await renderTab(api);
    await expect.poll(() => tab().dataset.state).toBe('ready');
    const name = all[0]!.contact.name;
    await screen.getByRole('button', { name: `Actions for the call with ${name}` }).click();
    await screen.getByRole('menuitem', { name: 'Recording (.wav)' }).click();
    await expect.poll(() => fake.callsOf('getRecording')).toEqual([[all[0]!.recordingUrl]]);
    await screen.getByRole('button', { name: `Actions for the call with ${name}` }).click();
    await screen.getByRole('menuitem', { name: 'Transcript (.csv)' }).click();
    const notice = screen.getByTestId('voice-panel-notice');
    await expect
      .element(notice)
      .toHaveTextContent('Call transcript is not ready, please try again later.');
    expect(fake.callsOf('getTranscriptCsv')).toEqual([
      [{ idConversation: 'conv-0', idPart: 'part-0' }],
    ]);
    await checkState('call-history', 'transcript-not-ready');
    await screen.getByRole('button', { name: 'Dismiss' }).click();
    await expect.element(notice).not.toBeInTheDocument();
  });

  it('shows the disposition of a call (notes for screen readers and in its tooltip) and downloads the history as CSV with the current search', async () => {
    const csv: unknown[] = [];
    const { api, all } = historyApi(3, 20, {
      getHistoryCsv: (query) => {
        csv.push(query);
        return Promise.resolve(new Blob(['createdAt\r\n'], { type: 'text/csv' }));
      },
    });
    all[0] = {
      ...all[0]!,
      afterCallWork: { disposition: 'Callback needed', notes: 'Wants a call on Monday' },
    };
    const { screen } = await renderTab(api);
    await expect.poll(() => tab().dataset.state).toBe('ready');
    const disposition = screen.getByTestId('voice-call-disposition');
    await expect.element(disposition).toHaveTextContent('Callback needed');
    await expect.element(disposition).toHaveAttribute('title', 'Wants a call on Monday');
    await expect
      .element(disposition)
      .toHaveTextContent('Disposition: Callback needed. Notes: Wants a call on Monday');
    await checkState('call-history', 'disposition');
    await screen.getByRole('button', { name: 'Download call history (.csv)' }).click();
    await expect.poll(() => csv).toEqual([{ searchType: 'all', searchText: '' }]);
  });

  it("hands notices to the host's onNotify when given", async () => {
    const onNotify = vi.fn();
    const { api, all } = historyApi(1, 20, {
      getTranscriptCsv: () => Promise.reject(new Error('404')),
    });
    const { screen } = await renderTab(api, { onNotify });
    await expect.poll(() => tab().dataset.state).toBe('ready');
    await screen
      .getByRole('button', { name: `Actions for the call with ${all[0]!.contact.name}` })
      .click();
    await screen.getByRole('menuitem', { name: 'Transcript (.csv)' }).click();
    await expect
      .poll(() => onNotify.mock.calls)
      .toEqual([[{ title: 'Call transcript', message: 'is not ready, please try again later.' }]]);
    expect(document.querySelector('[data-testid="voice-panel-notice"]')).toBeNull();
  });

  it("'Call to' appears only when the voice module is enabled", async () => {
    const { api, all } = historyApi(1, 20, {
      getConfig: () => Promise.resolve({ ...CONFIG, isVoiceModuleEnabled: false }),
    });
    const { screen } = await renderTab(api);
    await expect.poll(() => tab().dataset.state).toBe('ready');
    await screen
      .getByRole('button', { name: `Actions for the call with ${all[0]!.contact.name}` })
      .click();
    await expect.poll(menuItems).toContain('Open contact page');
    expect(menuItems().some((t) => t?.startsWith('Call to'))).toBe(false);
  });

  it("on mobile the menu says 'Open user profile' and 'View conversation in inbox'", async () => {
    await viewport(375, 740);
    const { api, all } = historyApi(6);
    const { screen } = await renderTab(api);
    await expect.poll(() => tab().dataset.state).toBe('ready');
    expect(tab().dataset.variant).toBe('mobile');
    await screen
      .getByRole('button', { name: `Actions for the call with ${all[0]!.contact.name}` })
      .click();
    await expect.poll(menuItems).toContain('Open user profile');
    expect(menuItems()).toContain('View conversation in inbox');
    expect(menuItems()).not.toContain('Open contact page');
    const menu = document.querySelector('[data-testid="voice-call-menu"]')!;
    await checkState('call-history', 'mobile-menu', { axe: menu });
  });

  it('in widget mode selecting a row opens a mobile-style action dropdown that can be closed', async () => {
    await viewport(375, 740);
    const { api, all } = historyApi(6);
    const { screen, navigate } = await renderTab(api, { widget: true });
    await expect.poll(() => tab().dataset.state).toBe('ready');
    expect(tab().dataset.variant).toBe('widget');
    const name = all[0]!.contact.name;
    await screen.getByRole('button', { name: new RegExp(`^Call with ${name}, Inbound, `) }).click();
    const sheet = screen.getByRole('dialog', { name });
    await expect.element(sheet).toBeVisible();
    await expect.element(sheet.getByRole('button', { name: 'Open user profile' })).toBeVisible();
    await expect
      .element(sheet.getByRole('button', { name: 'View conversation in inbox' }))
      .toBeVisible();
    await checkState('call-history', 'widget-sheet', { axe: sheet.element() });
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect.element(sheet).not.toBeInTheDocument();
    await screen.getByRole('button', { name: new RegExp(`^Call with ${name}, `) }).click();
    await screen
      .getByRole('dialog', { name })
      .getByRole('button', { name: 'View conversation in inbox' })
      .click();
    expect(navigate).toHaveBeenLastCalledWith('/ws/acme/inbox/all/conversations/conv-0');
    await expect.element(screen.getByRole('dialog', { name })).not.toBeInTheDocument();
  });

  it("without calls: 'No voice calls' with its text and a 'Users' button to the contacts", async () => {
    const { screen, navigate } = await renderTab({ getHistoryPage: () => Promise.resolve([]) });
    await expect.poll(() => tab().dataset.state).toBe('empty');
    await expect.element(screen.getByText('No voice calls')).toBeVisible();
    await expect
      .element(
        screen.getByText(
          'Call your customers to get closer to them and speed up the resolution of conversations',
        ),
      )
      .toBeVisible();
    await checkState('call-history', 'empty');
    await screen.getByRole('button', { name: 'Users' }).click();
    expect(navigate).toHaveBeenCalledWith('/ws/acme/contacts/users');
  });

  it('a failed next page leaves the calls and offers Try again at the end, which loads it', async () => {
    const { api, all } = historyApi(30, 20);
    let failNext = true;
    const { screen } = await renderTab({
      getHistoryPage: (q) =>
        q.lastId && failNext ? Promise.reject(new Error('offline')) : api.getHistoryPage!(q),
    });
    await expect.poll(() => tab().dataset.state).toBe('ready');
    const scroller = document.querySelector<HTMLElement>('[data-testid="voice-call-scroll"]')!;
    scroller.scrollTop = scroller.scrollHeight;
    const retry = screen.getByRole('button', { name: 'Try again' });
    await expect.element(retry).toBeVisible();
    expect(rows().length).toBeGreaterThan(0);
    failNext = false;
    await retry.click();
    await expect.element(retry).not.toBeInTheDocument();
    scroller.scrollTop = scroller.scrollHeight;
    await expect.poll(contacts).toContain(historyContactName(all[29]!));
  });

  it('a failed first page shows the error with Try again', async () => {
    let fail = true;
    const { api } = historyApi(3);
    const { screen } = await renderTab({
      getHistoryPage: (q) => (fail ? Promise.reject(new Error('offline')) : api.getHistoryPage!(q)),
    });
    await expect.poll(() => tab().dataset.state).toBe('error');
    await checkState('call-history', 'error');
    fail = false;
    await screen.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => tab().dataset.state).toBe('ready');
  });
});
