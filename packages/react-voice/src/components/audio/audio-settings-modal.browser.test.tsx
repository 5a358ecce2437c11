import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { checkState, cleanupVoice, renderVoice, startVoice, viewport } from '../../../test/ui';
import { it_IT, ja_JP } from '../../locales';
import { AudioSettingsModal } from './audio-settings-modal';

beforeEach(() => viewport(1024, 720));
afterEach(() => {
  cleanupVoice();
  vi.restoreAllMocks();
});

const DEVICES = [
  { deviceId: 'mic-1', kind: 'audioinput', label: 'Built-in Microphone', groupId: 'g1' },
  { deviceId: 'mic-2', kind: 'audioinput', label: 'Headset Microphone', groupId: 'g2' },
  { deviceId: 'spk-1', kind: 'audiooutput', label: 'Built-in Speakers', groupId: 'g1' },
  { deviceId: 'spk-2', kind: 'audiooutput', label: 'Headset', groupId: 'g2' },
  { deviceId: 'cam-1', kind: 'videoinput', label: 'Camera', groupId: 'g3' },
] as MediaDeviceInfo[];

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <main className="xv">
      <h1 className="xv-visually-hidden">Settings</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Open audio settings
      </button>
      <AudioSettingsModal open={open} onOpenChange={setOpen} />
    </main>
  );
}

const dialog = () => page.getByRole('dialog', { name: 'Audio settings' });
const select = (name: string) => dialog().getByRole('combobox', { name });
const optionsOf = (name: string) =>
  [...(select(name).element() as HTMLSelectElement).options].map((o) => o.text);

describe('AudioSettingsModal', () => {
  it('is 600 px wide with Speaker, Microphone and Ringer choices; the microphone only during a call', async () => {
    const voice = await startVoice({
      mediaDevices: { enumerateDevices: () => Promise.resolve(DEVICES) },
    });
    await renderVoice(<Harness />, { controller: voice.controller });
    await expect.element(dialog()).toBeVisible();
    expect((dialog().element() as HTMLElement).offsetWidth).toBe(600);
    await expect.element(select('Speaker')).toBeVisible();
    expect([...dialog().element().querySelectorAll('label')].map((l) => l.textContent)).toEqual([
      'Speaker',
      'Microphone',
      'Ringer',
    ]);
    expect(optionsOf('Speaker')).toEqual(['System default', 'Built-in Speakers', 'Headset']);
    expect(optionsOf('Ringer')).toEqual(['System default', 'Built-in Speakers', 'Headset']);
    expect(optionsOf('Microphone')).toEqual([
      'System default',
      'Built-in Microphone',
      'Headset Microphone',
    ]);
    await expect.element(select('Microphone')).toBeDisabled();
    await expect
      .element(select('Microphone'))
      .toHaveAccessibleDescription(
        'You can only change the microphone device during a voice call.',
      );
    await expect.element(dialog().getByRole('button', { name: 'Download logs' })).toBeVisible();
    await checkState('audio-settings-modal', 'ready', { axe: dialog().element() });

    await userEvent.selectOptions(select('Speaker'), 'spk-2');
    await expect.poll(() => voice.controller.getState().devices.selected.speaker).toBe('spk-2');
    await userEvent.selectOptions(select('Ringer'), 'spk-1');
    await expect.poll(() => voice.controller.getState().devices.selected.ringer).toBe('spk-1');
    await expect.element(select('Speaker')).toHaveValue('spk-2');
  });

  it('during a voice call the microphone can be changed', async () => {
    const voice = await startVoice({
      mediaDevices: { enumerateDevices: () => Promise.resolve(DEVICES) },
    });
    voice.panel.instance.incomingCall();
    await voice.panel.settle();
    await voice.controller.accept();
    await renderVoice(<Harness />, { controller: voice.controller });
    await expect.element(select('Microphone')).toBeEnabled();
    await userEvent.selectOptions(select('Microphone'), 'mic-2');
    await expect.poll(() => voice.controller.getState().devices.selected.microphone).toBe('mic-2');
    await checkState('audio-settings-modal', 'on-call', { axe: dialog().element() });
  });

  it('the tooltips: speaker and ringer use the system-selected device; the microphone only during a call', async () => {
    const voice = await startVoice({
      mediaDevices: { enumerateDevices: () => Promise.resolve(DEVICES) },
    });
    await renderVoice(<Harness />, { controller: voice.controller });
    await page.getByTestId('audio-speaker-info').hover();
    await expect
      .element(page.getByRole('tooltip'))
      .toHaveTextContent('The browser uses the system-selected device.');
    await checkState('audio-settings-modal', 'speaker-tooltip', { axe: dialog().element() });
    await page.getByTestId('audio-microphone-info').hover();
    await expect
      .element(page.getByRole('tooltip'))
      .toHaveTextContent('You can only change the microphone device during a voice call.');
    await page.getByTestId('audio-ringer-info').hover();
    await expect
      .element(page.getByRole('tooltip'))
      .toHaveTextContent('The browser uses the system-selected device.');
  });

  it('lists the devices when it opens, with skeletons meanwhile; gives up after the enumeration time-out', async () => {
    let calls = 0;
    const voice = await startVoice({
      mediaDevices: {
        enumerateDevices: () => {
          calls++;
          return new Promise(() => {});
        },
      },
    });
    await renderVoice(<Harness />, { controller: voice.controller });
    await expect.element(dialog()).toBeVisible();
    expect(calls).toBe(1);
    expect(dialog().element().querySelector('[data-state="loading"]')).not.toBeNull();
    await checkState('audio-settings-modal', 'loading', { axe: dialog().element() });
    await expect
      .element(dialog().getByRole('alert'), { timeout: 4000 })
      .toHaveTextContent('The audio devices could not be listed.');
    await checkState('audio-settings-modal', 'error', { axe: dialog().element() });
    await dialog().getByRole('button', { name: 'Try again' }).click();
    expect(calls).toBe(2);
  });

  it("'Download logs' downloads the softphone log", async () => {
    const voice = await startVoice({
      mediaDevices: { enumerateDevices: () => Promise.resolve(DEVICES) },
    });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    await renderVoice(<Harness />, { controller: voice.controller });
    await dialog().getByRole('button', { name: 'Download logs' }).click();
    expect(downloads).toEqual(['agent-log.json']);
  });

  it('closes with its close buttons and Escape', async () => {
    const voice = await startVoice({
      mediaDevices: { enumerateDevices: () => Promise.resolve(DEVICES) },
    });
    await renderVoice(<Harness />, { controller: voice.controller });
    await dialog().getByRole('button', { name: 'Close' }).first().click();
    await expect.element(dialog()).not.toBeInTheDocument();
    await page.getByRole('button', { name: 'Open audio settings' }).click();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog()).not.toBeInTheDocument();
  });

  it('fits a phone and speaks the locale', async () => {
    await viewport(360, 720);
    const voice = await startVoice({
      mediaDevices: { enumerateDevices: () => Promise.resolve(DEVICES) },
    });
    await renderVoice(<Harness />, {
      controller: voice.controller,
      locale: 'ja_JP',
      messages: ja_JP,
    });
    const jp = page.getByRole('dialog', { name: 'オーディオ設定' });
    await expect.element(jp).toBeVisible();
    expect((jp.element() as HTMLElement).offsetWidth).toBe(344);
    await expect.element(jp.getByRole('combobox', { name: 'スピーカー' })).toBeVisible();
    await expect
      .element(jp.getByRole('combobox', { name: 'マイク' }))
      .toHaveAccessibleDescription('マイクは音声通話中にのみ変更できます。');
  });

  it('a phone in Italian (screenshot: the machine has Latin fonts only)', async () => {
    await viewport(360, 720);
    const voice = await startVoice({
      mediaDevices: { enumerateDevices: () => Promise.resolve(DEVICES) },
    });
    await renderVoice(<Harness />, {
      controller: voice.controller,
      locale: 'it_IT',
      messages: it_IT,
    });
    const it_ = page.getByRole('dialog', { name: 'Impostazioni audio' });
    await expect.element(it_.getByRole('combobox', { name: 'Altoparlante' })).toBeVisible();
    await checkState('audio-settings-modal', 'phone-it', { axe: it_.element() });
  });
});
