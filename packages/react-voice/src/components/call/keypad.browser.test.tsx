import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { checkState, cleanupVoice, renderVoice, startVoice, viewport } from '../../../test/ui';
import { Keypad } from './keypad';

beforeEach(() => viewport(420, 520));
afterEach(cleanupVoice);

function Card() {
  return (
    <main className="xv" style={{ width: 288, padding: 16 }}>
      <h1 className="xv-visually-hidden">Keypad</h1>
      <Keypad />
    </main>
  );
}

describe('Keypad', () => {
  it('renders nothing unless the call is connected', async () => {
    const voice = await startVoice();
    const screen = await renderVoice(<Card />, { controller: voice.controller });
    expect(screen.container.querySelector('[data-testid="voice-keypad"]')).toBeNull();
    voice.panel.instance.incomingCall();
    await voice.panel.settle();
    expect(screen.container.querySelector('[data-testid="voice-keypad"]')).toBeNull();
    await voice.controller.accept();
    await expect.element(page.getByRole('group', { name: 'Keypad' })).toBeVisible();
  });

  it('has the 1-9, *, 0, # pad; accepts only 0-9, *, # and Backspace; sends each digit as typed', async () => {
    const voice = await startVoice();
    const id = voice.panel.instance.incomingCall();
    await voice.panel.settle();
    await voice.controller.accept();
    await renderVoice(<Card />, { controller: voice.controller });
    const keypad = page.getByRole('group', { name: 'Keypad' });
    const keys = [...keypad.element().querySelectorAll('.xv-keypad__key')].map((k) =>
      k.getAttribute('data-key'),
    );
    expect(keys).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#']);
    await expect.element(keypad.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await keypad.getByRole('button', { name: '5', exact: true }).click();
    // typed while the pad has focus: letters and + are blocked
    await userEvent.keyboard('0a+*x#');
    const digits = keypad.getByLabelText('Digits sent');
    await expect.element(digits).toHaveTextContent('50*#');
    await expect
      .poll(() => voice.panel.instance.digits.get(`${id}-agent`))
      .toEqual(['5', '0', '*', '#']);
    await checkState('keypad', 'digits');
    await keypad.getByRole('button', { name: 'Delete' }).click();
    await expect.element(digits).toHaveTextContent('50*');
    expect(voice.panel.instance.digits.get(`${id}-agent`)).toHaveLength(4);
  });

  it('takes focus when it opens: the first digit typed reaches the call', async () => {
    const voice = await startVoice();
    const id = voice.panel.instance.incomingCall();
    await voice.panel.settle();
    await voice.controller.accept();
    await renderVoice(<Card />, { controller: voice.controller });
    const keypad = page.getByRole('group', { name: 'Keypad' });
    await expect.element(keypad).toBeVisible();
    await userEvent.keyboard('7');
    await expect.element(keypad.getByLabelText('Digits sent')).toHaveTextContent('7');
    await expect.poll(() => voice.panel.instance.digits.get(`${id}-agent`)).toEqual(['7']);
  });
});
