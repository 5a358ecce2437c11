import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { checkState, cleanupVoice, renderVoice, startVoice, viewport } from '../../../test/ui';
import type { VoiceUnderTest } from '../../../test/ui';
import { voiceRoutes } from '../../lists/lists';
import { fr_FR } from '../../locales';
import { VoicePanel } from '../../panel/voice-panel';
import { StatusDropdown } from '../status/status-dropdown';
import { CallPanel } from './call-panel';
import type { CallPanelProps } from './call-panel';

beforeEach(() => viewport(1024, 720));
afterEach(cleanupVoice);

/** A header with the chip at its right and the call panel placed beside it, as a host does. */
function Stage(props: { children: ReactNode }) {
  return (
    <div className="xv" style={{ minHeight: 700, background: '#f7f7f8' }}>
      <header
        style={{
          display: 'flex',
          justifyContent: 'flex-end',
          alignItems: 'center',
          height: 65,
          padding: '0 24px',
          background: '#fff',
          borderBottom: '1px solid #e3e3e8',
        }}
      >
        <h1 className="xv-visually-hidden">Workspace</h1>
        <div style={{ position: 'relative' }} data-testid="anchor">
          {props.children}
        </div>
      </header>
    </div>
  );
}

async function show(voice: VoiceUnderTest, props: CallPanelProps = {}) {
  return renderVoice(
    <Stage>
      <StatusDropdown />
      <CallPanel {...props} />
    </Stage>,
    { controller: voice.controller },
  );
}

const panelEl = () => page.getByTestId('voice-call-panel');
const button = (name: string | RegExp) => panelEl().getByRole('button', { name, exact: true });
const controlNames = () =>
  [...panelEl().element().querySelectorAll('.xv-call__controls button')].map((b) =>
    b.textContent?.trim(),
  );

/** An inbound call rings. */
async function ringing(voice: VoiceUnderTest, options: { multiParty?: boolean } = {}) {
  const id = voice.panel.instance.incomingCall({ phoneNumber: '+15555550123', ...options });
  await voice.panel.settle();
  await expect.poll(() => voice.controller.getState().call.view).toBe('incoming');
  return id;
}

/** An inbound call, accepted. */
async function connected(voice: VoiceUnderTest, options: { multiParty?: boolean } = {}) {
  const id = await ringing(voice, options);
  await voice.controller.accept();
  await expect.poll(() => voice.controller.getState().call.view).toBe('connected');
  return id;
}

describe('CallPanel', () => {
  it('is hidden without a call', async () => {
    const voice = await startVoice();
    await show(voice);
    await expect.element(page.getByRole('button', { name: /^Agent status/ })).toBeVisible();
    expect(document.querySelector('[data-testid="voice-call-panel"]')).toBeNull();
  });

  it('an incoming call offers Accept and Decline; the panel floats at x −216, y 5 from where it is placed', async () => {
    const voice = await startVoice();
    await ringing(voice);
    await show(voice);
    await expect.element(panelEl()).toHaveAttribute('data-state', 'incoming');
    await expect.element(panelEl()).toHaveAttribute('data-variant', 'floating');
    await expect.element(panelEl()).toHaveTextContent('Incoming call');
    await expect.element(panelEl().getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    expect(controlNames()).toEqual(['Decline', 'Accept']);
    const anchor = page.getByTestId('anchor').element().getBoundingClientRect();
    const rect = panelEl().element().getBoundingClientRect();
    expect(rect.left - anchor.left).toBe(-216);
    expect(rect.top - anchor.bottom).toBe(5);
    expect((panelEl().element() as HTMLElement).style.transform).toBe('translate(-216px, 5px)');
    await checkState('call-panel', 'incoming');
  });

  /** A caller no contact names: the workspace knows their number only. */
  async function unnamedCaller() {
    const voice = await startVoice({
      api: {
        startConversation: (call) =>
          Promise.resolve({
            id: `conv-${call.idCommunication}`,
            contact: { id: 'ct-2', name: '', phone: call.contactPhoneNumber, avatar: null },
          }),
        getContactByPhone: () => Promise.resolve(null),
      },
    });
    voice.panel.instance.incomingCall({ phoneNumber: '+442071234567' });
    await voice.panel.settle();
    await expect.poll(() => voice.controller.getState().call.view).toBe('incoming');
    return voice;
  }

  it('a caller no contact names is shown by their number as people read it', async () => {
    await show(await unnamedCaller());
    await expect
      .element(panelEl().getByRole('heading', { name: '+44 20 7123 4567' }))
      .toBeVisible();
  });

  it("the host's phone-number formatter writes the caller's number", async () => {
    await show(await unnamedCaller(), { formatPhoneNumber: (n) => `national ${n.slice(3)}` });
    await expect
      .element(panelEl().getByRole('heading', { name: 'national 2071234567' }))
      .toBeVisible();
  });

  it("once accepted, an inbound call shows 'Connecting...' until it connects", async () => {
    const voice = await startVoice({
      setup: (panel) => panel.handle('acceptContact', () => new Promise(() => {})),
    });
    await ringing(voice);
    await show(voice);
    await button('Accept').click();
    await expect.element(panelEl()).toHaveAttribute('data-state', 'accepting');
    await expect.element(panelEl().getByText('Connecting...')).toBeVisible();
    expect(controlNames()).toEqual([]);
    await checkState('call-panel', 'accepting');
  });

  it('an outbound call that is connecting offers End call', async () => {
    const voice = await startVoice();
    await voice.controller.call('+15555550199');
    await expect.poll(() => voice.controller.getState().call.view).toBe('outgoing');
    await show(voice);
    await expect.element(panelEl()).toHaveAttribute('data-state', 'outgoing');
    await expect.element(panelEl()).toHaveTextContent('Calling to...');
    expect(controlNames()).toEqual(['End call']);
    await checkState('call-panel', 'outgoing');
  });

  it('a connected call offers Hold, Mute, Keypad, Transfer and End call; hold and mute toggle', async () => {
    const voice = await startVoice();
    await connected(voice);
    await show(voice);
    await expect.element(panelEl()).toHaveAttribute('data-state', 'connected');
    await expect.element(panelEl()).toHaveTextContent('On a call with...');
    expect(controlNames()).toEqual(['Hold', 'Mute', 'Keypad', 'Transfer', 'End call']);
    await expect.element(page.getByTestId('voice-call-timer')).toHaveTextContent(/^00:0\d$/);
    await checkState('call-panel', 'connected');

    await button('Hold').click();
    await expect.element(button('Resume')).toHaveAttribute('aria-pressed', 'true');
    await expect.element(panelEl()).toHaveTextContent('Call on hold');
    await button('Mute').click();
    await expect.element(button('Unmute')).toHaveAttribute('aria-pressed', 'true');
    await checkState('call-panel', 'on-hold-muted');
    await button('Resume').click();
    await expect.element(button('Hold')).toHaveAttribute('aria-pressed', 'false');
  });

  it('stays above the open voice side panel: its controls take the clicks', async () => {
    const voice = await startVoice();
    await renderVoice(
      <Stage>
        <StatusDropdown />
        <CallPanel />
        <VoicePanel slug="acme" open />
      </Stage>,
      { controller: voice.controller },
    );
    await connected(voice);
    await expect.element(page.getByTestId('voice-panel')).toBeVisible();
    const card = panelEl().element();
    const box = card.getBoundingClientRect();
    const side = page.getByTestId('voice-panel').element().getBoundingClientRect();
    // the card's right part lies over the side panel: what is there is the card
    expect(box.right, `card ${JSON.stringify(box)} side ${JSON.stringify(side)}`).toBeGreaterThan(
      side.left + 24,
    );
    const hit = document.elementFromPoint(box.right - 12, box.top + box.height / 2);
    expect(card.contains(hit), hit?.outerHTML.slice(0, 200)).toBe(true);
    await button('Hold').click();
    await expect.element(button('Resume')).toHaveAttribute('aria-pressed', 'true');
  });

  it('the keypad shows only while connected; it sends 0-9, * and # as typed and blocks other keys', async () => {
    const voice = await startVoice();
    const id = await connected(voice);
    await show(voice);
    await button('Keypad').click();
    const keypad = page.getByRole('group', { name: 'Keypad' });
    await expect.element(keypad).toBeVisible();
    await keypad.getByRole('button', { name: '1', exact: true }).click();
    await keypad.getByRole('button', { name: '#', exact: true }).click();
    await userEvent.keyboard('2a*b9');
    await expect.element(keypad.getByLabelText('Digits sent')).toHaveTextContent('1#2*9');
    await expect
      .poll(() => voice.panel.instance.digits.get(`${id}-agent`))
      .toEqual(['1', '#', '2', '*', '9']);
    await userEvent.keyboard('{Backspace}');
    await expect.element(keypad.getByLabelText('Digits sent')).toHaveTextContent('1#2*');
    expect(voice.panel.instance.digits.get(`${id}-agent`)).toHaveLength(5);
    await checkState('call-panel', 'keypad');
    voice.panel.instance.customerHangsUp(id);
    await expect.element(panelEl()).toHaveAttribute('data-state', 'afterCallWork');
    await expect.element(keypad).not.toBeInTheDocument();
  });

  it('after the call: the description and Finish; Finish closes the panel', async () => {
    const voice = await startVoice();
    const id = await connected(voice);
    voice.panel.instance.customerHangsUp(id);
    await show(voice);
    await expect.element(panelEl()).toHaveAttribute('data-state', 'afterCallWork');
    await expect.element(panelEl()).toHaveTextContent("Call ended, you're on after call work");
    expect(controlNames()).toEqual(['Finish']);
    await checkState('call-panel', 'after-call-work');
    await button('Finish').click();
    await expect.element(panelEl()).not.toBeInTheDocument();
  });

  it('after the call: a disposition from the workspace codes and notes, saved on the call with Save, and by Finish when changed', async () => {
    const saves: unknown[] = [];
    const voice = await startVoice({
      api: {
        getDispositions: () => Promise.resolve(['Resolved', 'Callback needed']),
        saveAfterCallWork: (id, work) => {
          saves.push([id, work]);
          return Promise.resolve({ ...work, savedAt: '2026-01-01T09:05:00.000Z' });
        },
      },
    });
    const id = await connected(voice);
    voice.panel.instance.customerHangsUp(id);
    await show(voice);
    const form = page.getByTestId('voice-acw-form');
    await expect.element(form.getByRole('heading', { name: 'After-call work' })).toBeVisible();
    const disposition = form.getByRole('combobox', { name: 'Disposition' });
    await expect.element(disposition).toBeEnabled();
    expect([...disposition.element().querySelectorAll('option')].map((o) => o.textContent)).toEqual(
      ['No disposition', 'Resolved', 'Callback needed'],
    );
    await disposition.selectOptions('Callback needed');
    await form.getByRole('textbox', { name: 'Notes' }).fill('Wants a call on Monday');
    await expect.element(form.getByText('22 of 2000 characters')).toBeVisible();
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.element(form.getByRole('status')).toHaveTextContent('Saved');
    expect(saves).toEqual([
      [id, { disposition: 'Callback needed', notes: 'Wants a call on Monday' }],
    ]);
    await checkState('call-panel', 'after-call-work-form');
    // Saved and unchanged: Finish does not save again. Changed: Finish saves, then finishes.
    await form.getByRole('textbox', { name: 'Notes' }).fill('Wants a call on Tuesday');
    await expect.element(form.getByRole('status')).toHaveTextContent('');
    await button('Finish').click();
    await expect.element(panelEl()).not.toBeInTheDocument();
    expect(saves).toEqual([
      [id, { disposition: 'Callback needed', notes: 'Wants a call on Monday' }],
      [id, { disposition: 'Callback needed', notes: 'Wants a call on Tuesday' }],
    ]);
  });

  it('after-call work: a failed save says so and Finish keeps the call, so nothing typed is lost', async () => {
    const voice = await startVoice({
      api: {
        getDispositions: () => Promise.resolve([]),
        saveAfterCallWork: () => Promise.reject(new Error('offline')),
      },
    });
    const id = await connected(voice);
    voice.panel.instance.customerHangsUp(id);
    await show(voice);
    const form = page.getByTestId('voice-acw-form');
    await form.getByRole('textbox', { name: 'Notes' }).fill('Refund promised');
    await button('Finish').click();
    await expect
      .element(panelEl().getByRole('alert'))
      .toHaveTextContent('The disposition and notes could not be saved.');
    await expect.element(panelEl()).toHaveAttribute('data-state', 'afterCallWork');
    await expect
      .element(form.getByRole('textbox', { name: 'Notes' }))
      .toHaveValue('Refund promised');
  });

  it('a missed call goes to after-call work too', async () => {
    const voice = await startVoice();
    const id = await ringing(voice);
    voice.panel.instance.missCall(id);
    await show(voice);
    await expect.element(panelEl()).toHaveAttribute('data-state', 'afterCallWork');
    await expect.element(panelEl()).toHaveTextContent("Missed call, you're on after call work.");
    await checkState('call-panel', 'missed');
  });

  it("on mobile, after-call work also offers 'View conversation in inbox'", async () => {
    await viewport(375, 720);
    const voice = await startVoice();
    const id = await connected(voice);
    voice.panel.instance.customerHangsUp(id);
    await expect.poll(() => voice.controller.getState().call.conversationId).toBe(`conv-${id}`);
    await show(voice, { conversationHref: (conv) => voiceRoutes.conversation('acme', conv) });
    const link = panelEl().getByRole('link', { name: 'View conversation in inbox' });
    await expect
      .element(link)
      .toHaveAttribute('href', `/ws/acme/inbox/all/conversations/conv-${id}`);
    await checkState('call-panel', 'after-call-work-mobile');
  });

  it('not on desktop', async () => {
    const voice = await startVoice();
    const id = await connected(voice);
    voice.panel.instance.customerHangsUp(id);
    await show(voice, { conversationHref: (conv) => `/c/${conv}` });
    await expect.element(button('Finish')).toBeVisible();
    expect(panelEl().element().querySelector('a')).toBeNull();
  });

  it('in widget mode on a phone it is a full-screen card', async () => {
    await viewport(375, 720);
    const voice = await startVoice();
    await connected(voice);
    await show(voice, { widget: true });
    await expect.element(panelEl()).toHaveAttribute('data-variant', 'fullscreen');
    const rect = panelEl().element().getBoundingClientRect();
    expect([rect.left, rect.top, rect.width, rect.height]).toEqual([0, 0, 375, 720]);
    expect(document.querySelector('[data-testid="voice-call-move"]')).toBeNull();
    await checkState('call-panel', 'fullscreen');
  });

  it('at 375 × 812 every control stays inside the screen: floating (ringing, connected) and full screen in widget mode', async () => {
    await viewport(375, 812);
    const inside = () => {
      const out: string[] = [];
      const all = [panelEl().element(), ...panelEl().element().querySelectorAll('button')];
      for (const el of all) {
        const r = el.getBoundingClientRect();
        if (r.width === 0) continue;
        if (r.left < 0 || r.top < 0 || r.right > 375 || r.bottom > 812)
          out.push(`${el.textContent?.trim() || el.tagName} ${JSON.stringify(r.toJSON())}`);
      }
      if (document.documentElement.scrollWidth > 375)
        out.push(`page ${document.documentElement.scrollWidth} px wide`);
      return out;
    };
    const voice = await startVoice();
    const screen = await show(voice);
    await ringing(voice);
    await expect.poll(inside).toEqual([]);
    await voice.controller.accept();
    await expect.element(button('End call')).toBeVisible();
    await expect.poll(inside).toEqual([]);
    await button('Keypad').click();
    await expect.poll(inside).toEqual([]);
    await screen.unmount();
    const widget = await startVoice();
    const widgetScreen = await show(widget, { widget: true });
    await ringing(widget);
    await expect.element(panelEl()).toHaveAttribute('data-variant', 'fullscreen');
    await expect.poll(inside).toEqual([]);
    await widget.controller.accept();
    await expect.element(button('End call')).toBeVisible();
    await expect.poll(inside).toEqual([]);
    await widgetScreen.unmount();
    // After-call work with its form, floating and full screen.
    const acwApi = {
      getDispositions: () => Promise.resolve(['Resolved', 'Callback needed']),
      saveAfterCallWork: (_id: string, work: { disposition: string | null; notes: string }) =>
        Promise.resolve({ ...work, savedAt: '2026-01-01T09:05:00.000Z' }),
    };
    for (const widgetMode of [false, true]) {
      const acw = await startVoice({ api: acwApi });
      const id = await connected(acw);
      acw.panel.instance.customerHangsUp(id);
      const shown = await show(acw, { widget: widgetMode });
      await expect.element(page.getByTestId('voice-acw-form')).toBeVisible();
      await expect.element(button('Finish')).toBeVisible();
      await expect.poll(inside).toEqual([]);
      await shown.unmount();
    }
  }, 60_000);

  it('collapses, and the chip expands it again', async () => {
    const voice = await startVoice();
    await connected(voice);
    await show(voice);
    await button('Collapse call panel').click();
    await expect.element(panelEl()).not.toBeInTheDocument();
    await page.getByRole('button', { name: 'Expand call panel' }).click();
    await expect.element(panelEl()).toBeVisible();
  });

  it('moves with the arrow keys on its grip (Shift for larger steps) and by dragging it', async () => {
    const voice = await startVoice();
    await connected(voice);
    await show(voice);
    const el = panelEl().element() as HTMLElement;
    const grip = page.getByRole('button', { name: 'Move call panel' });
    (grip.element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowDown}');
    expect(el.style.transform).toBe('translate(-236px, 15px)');
    await userEvent.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(el.style.transform).toBe('translate(-236px, 65px)');

    const before = el.getBoundingClientRect();
    await userEvent.dragAndDrop(grip, page.getByTestId('anchor'), {
      targetPosition: { x: 0, y: 0 },
    });
    const after = el.getBoundingClientRect();
    expect(after.left).not.toBe(before.left);
    expect(after.top).not.toBe(before.top);
    // it never leaves the viewport
    expect(after.top).toBeGreaterThanOrEqual(0);
    expect(after.right).toBeLessThanOrEqual(document.documentElement.clientWidth);
  });

  it("Transfer opens the transfer modal; selecting an agent transfers, and the panel then offers 'Exit'", async () => {
    const voice = await startVoice({
      idAgent: 'me',
      api: {
        getTransfers: () =>
          Promise.resolve({
            agents: [
              {
                idAgent: '2',
                name: 'John Roe',
                email: 'john@acme.test',
                avatarURL: null,
                status: { name: 'Available' },
                connections: [],
                endpointId: 'e-john',
              },
            ],
            groups: [],
          }),
      },
      setup: (panel) => {
        panel.instance.endpoints = [
          { endpointId: 'e-john', endpointARN: 'arn:e-john', type: 'agent', name: 'John Roe' },
        ];
      },
    });
    await expect.poll(() => voice.controller.getState().transfer.available).toBe(true);
    const id = await connected(voice, { multiParty: true });
    await show(voice);
    await button('Transfer').click();
    const dialog = page.getByRole('dialog', { name: 'Transfer call' });
    await dialog.getByRole('button', { name: /^Transfer to John Roe/ }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(button('Exit')).toBeVisible();
    await expect.element(panelEl()).toHaveTextContent('Transfer call');
    expect(controlNames()).toEqual(['Hold', 'Mute', 'Keypad', 'Exit', 'End call']);

    // the participants: the customer on hold and the agent still connecting; hold and mute are
    // blocked until every participant is connected
    const participants = page.getByRole('region', { name: 'Participants' });
    await expect.element(participants).toBeVisible();
    expect(
      [...participants.element().querySelectorAll('.xv-participant__name')].map(
        (n) => n.textContent,
      ),
    ).toEqual(['Ada Lovelace', 'John Roe']);
    await expect.element(participants.getByText('Connecting')).toBeVisible();
    await expect.element(button('Hold')).toBeDisabled();
    await expect.element(button('Mute')).toBeDisabled();
    await checkState('call-panel', 'transferring');
    const party = voice.controller.getState().participants.list.find((p) => p.type === 'AGENT')!;
    voice.panel.instance.partyAnswers(id, party.participantId);
    await expect.element(button('Hold')).toBeEnabled();
    await expect.element(participants.getByText('Connecting')).not.toBeInTheDocument();
    await participants.getByRole('button', { name: 'Mute John Roe' }).click();
    await expect.poll(() => voice.panel.requests.at(-1)?.method).toBe('muteParticipant');
    await checkState('call-panel', 'participants');
    await button('Exit').click();
    await expect.element(panelEl()).toHaveAttribute('data-state', 'afterCallWork');
  });

  it("monitoring: Listener and Participant (only when the softphone enables them) and Leave call, which asks 'Leave call?'", async () => {
    const voice = await startVoice();
    await voice.controller.joinLiveCall('live-1');
    voice.panel.instance.monitoringCall({ contactId: 'mon-1' });
    await expect.poll(() => voice.controller.getState().monitoring.isMonitoring).toBe(true);
    await show(voice);
    await expect.element(panelEl()).toHaveAttribute('data-state', 'monitoring');
    await expect.element(panelEl()).toHaveTextContent("You're a call listener");
    expect(controlNames()).toEqual(['Listener', 'Participant', 'Leave call']);
    await expect.element(button('Listener')).toHaveAttribute('aria-pressed', 'true');
    await checkState('call-panel', 'monitoring-listener');
    await button('Participant').click();
    await expect.element(button('Participant')).toHaveAttribute('aria-pressed', 'true');
    await expect.element(panelEl()).toHaveTextContent("You're on call");
    await checkState('call-panel', 'monitoring-participant');

    await button('Leave call').click();
    const confirm = page.getByRole('alertdialog', { name: 'Leave call?' });
    await expect.element(confirm).toBeVisible();
    await expect
      .element(confirm)
      .toHaveAccessibleDescription(
        'If you leave call, rest of participants will continue in it and monitoring ends',
      );
    await checkState('call-panel', 'leave-call', { axe: confirm.element() });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(confirm).not.toBeInTheDocument();
    expect(voice.controller.getState().monitoring.isMonitoring).toBe(true);
    await button('Leave call').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Leave' }).click();
    await expect.poll(() => voice.controller.getState().monitoring.isMonitoring).toBe(false);
  });

  it('monitoring buttons show only for the modes the softphone reports enabled', async () => {
    const voice = await startVoice();
    await voice.controller.joinLiveCall('live-1');
    voice.panel.instance.monitoringCall({ contactId: 'mon-1', capabilities: ['SILENT_MONITOR'] });
    await expect.poll(() => voice.controller.getState().monitoring.isMonitoring).toBe(true);
    await show(voice);
    expect(controlNames()).toEqual(['Listener', 'Leave call']);
    cleanupVoice();
    const none = await startVoice();
    await none.controller.joinLiveCall('live-2');
    none.panel.instance.monitoringCall({ contactId: 'mon-2', capabilities: [] });
    await expect.poll(() => none.controller.getState().monitoring.isMonitoring).toBe(true);
    await renderVoice(<CallPanel />, { controller: none.controller });
    await expect
      .poll(
        () =>
          [...document.querySelectorAll('[data-testid="voice-call-panel"]')].at(-1)?.textContent,
      )
      .toContain('Leave call');
    const last = [...document.querySelectorAll('[data-testid="voice-call-panel"]')].at(-1)!;
    expect(
      [...last.querySelectorAll('.xv-call__controls button')].map((b) => b.textContent?.trim()),
    ).toEqual(['Leave call']);
  });

  it('shows a refused action in the panel', async () => {
    const voice = await startVoice();
    await connected(voice);
    await show(voice);
    voice.panel.handle('holdConnection', () => {
      throw new Error('hold failed');
    });
    await button('Hold').click();
    await expect.element(panelEl().getByRole('alert')).toHaveTextContent('hold failed');
  });

  it('speaks the locale', async () => {
    const voice = await startVoice();
    await ringing(voice);
    await renderVoice(<CallPanel />, {
      controller: voice.controller,
      locale: 'fr_FR',
      messages: fr_FR,
    });
    await expect.element(page.getByRole('button', { name: 'Accepter' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Refuser' })).toBeVisible();
  });

  it('is themed by the host through the --xv-* custom properties (a dark theme)', async () => {
    const root = document.documentElement;
    const dark: Record<string, string> = {
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
    for (const [name, value] of Object.entries(dark)) root.style.setProperty(name, value);
    try {
      const voice = await startVoice();
      await connected(voice);
      await show(voice);
      const style = getComputedStyle(panelEl().element());
      expect(style.backgroundColor).toBe('rgb(29, 29, 34)');
      expect(style.color).toBe('rgb(237, 237, 240)');
      await checkState('call-panel', 'dark-theme');
    } finally {
      for (const name of Object.keys(dark)) root.style.removeProperty(name);
    }
  });

  it('on a phone, Transfer opens the dropdown variant inside the panel', async () => {
    await viewport(375, 720);
    const voice = await startVoice({
      api: {
        getTransfers: () =>
          Promise.resolve({
            agents: [],
            groups: [{ id: 'g1', name: 'Sales', description: '', endpointId: 'e-sales' }],
          }),
      },
      setup: (panel) => {
        panel.instance.endpoints = [
          { endpointId: 'e-sales', endpointARN: 'arn:e-sales', type: 'queue', name: 'Sales' },
        ];
      },
    });
    await expect.poll(() => voice.controller.getState().transfer.available).toBe(true);
    await connected(voice, { multiParty: true });
    await show(voice, { widget: true });
    await button('Transfer').click();
    const dropdown = panelEl().getByTestId('transfer-dropdown');
    await expect.element(dropdown).toBeVisible();
    await expect.element(dropdown.getByRole('combobox', { name: 'Transfer call' })).toBeEnabled();
    await checkState('call-panel', 'fullscreen-transfer');
    await userEvent.selectOptions(
      dropdown.getByRole('combobox', { name: 'Transfer call' }),
      'e-sales',
    );
    await expect.element(dropdown).not.toBeInTheDocument();
    await expect.element(button('Exit')).toBeVisible();
  });

  it('on a call, Transfer offers a number to dial: at 375 × 812 the dropdown and its number field stay inside the screen, and the number typed with spaces joins the call', async () => {
    await viewport(375, 812);
    const voice = await startVoice({
      api: {
        getTransfers: () =>
          Promise.resolve({
            agents: [],
            groups: [],
            quickConnects: [
              {
                id: 'p1',
                name: 'Support line',
                description: '',
                endpointId: 'e-p1',
                type: 'phoneNumber',
                phoneNumber: '+15555550199',
              },
            ],
          }),
      },
    });
    await expect.poll(() => voice.controller.getState().transfer.available).toBe(true);
    await connected(voice, { multiParty: true });
    await show(voice, { widget: true });
    await button('Transfer').click();
    const dropdown = panelEl().getByTestId('transfer-dropdown');
    const field = dropdown.getByRole('textbox', { name: 'Phone number' });
    await expect.element(field).toBeVisible();
    for (const el of [
      panelEl().element(),
      ...panelEl().element().querySelectorAll('button, input, select'),
    ]) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      expect(r.left, el.outerHTML.slice(0, 60)).toBeGreaterThanOrEqual(0);
      expect(r.right, el.outerHTML.slice(0, 60)).toBeLessThanOrEqual(375);
      expect(r.bottom, el.outerHTML.slice(0, 60)).toBeLessThanOrEqual(812);
    }
    await checkState('call-panel', 'fullscreen-transfer-number');
    await userEvent.fill(field, '+44 20 7123 4567');
    await dropdown.getByRole('button', { name: 'Add to call' }).click();
    await expect.element(dropdown).not.toBeInTheDocument();
    // the number joins the participants, written as people read it
    await expect
      .poll(() => [...document.querySelectorAll('.xv-participant__name')].map((n) => n.textContent))
      .toContain('+44 20 7123 4567');
    const added = voice.panel.requests.find((r) => r.method === 'createAdditionalConnection');
    expect(added?.params['endpoint']).toMatchObject({
      type: 'phone_number',
      phoneNumber: '+442071234567',
    });
    await expect.element(button('Exit')).toBeVisible();
  });
});
