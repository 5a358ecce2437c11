import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { checkState, cleanupVoice, renderVoice, startVoice, viewport } from '../../../test/ui';
import { de_DE } from '../../locales';
import { StatusDropdown } from '../status/status-dropdown';
import { Dialer } from './dialer';

beforeEach(() => viewport(900, 640));
afterEach(() => {
  cleanupVoice();
  localStorage.clear();
});

const chip = () => page.getByRole('button', { name: /^Agent status:/ });
const dialog = () => page.getByRole('dialog', { name: 'Dial a number' });

/** The number the panel was asked to dial (connect's endpoint), if any. */
function dialled(voice: Awaited<ReturnType<typeof startVoice>>): unknown {
  const request = voice.panel.requests.find((r) => r.method === 'createOutboundContact');
  return request?.params;
}

function Header(props: { children: React.ReactNode }) {
  return (
    <header className="xv" style={{ display: 'flex', justifyContent: 'flex-end', padding: 12 }}>
      <h1 className="xv-visually-hidden">Workspace</h1>
      {props.children}
    </header>
  );
}

describe('Dialer', () => {
  it("the status menu's 'Dial a number' calls a number typed with spaces, naming its contact", async () => {
    const voice = await startVoice({ idAgent: 'agent-1' });
    await renderVoice(
      <Header>
        <StatusDropdown dialer />
      </Header>,
      { controller: voice.controller },
    );
    await chip().click();
    await page.getByRole('menuitem', { name: 'Dial a number' }).click();
    await expect.element(dialog()).toBeVisible();
    const number = dialog().getByLabelText('Phone number');
    await expect.element(number).toHaveFocus();
    await userEvent.keyboard('+44 20 7123 4567');
    await expect
      .element(page.getByTestId('voice-dialer-match'))
      .toHaveTextContent('+44 20 7123 4567Contact: Ada Lovelace');
    expect(voice.api.callsOf('getContactByPhone').at(-1)).toEqual(['+442071234567']);
    await checkState('dialer', 'contact-match', { axe: dialog().element() });

    await dialog().getByRole('button', { name: 'Call' }).click();
    await expect.poll(() => voice.controller.getState().call.view).toBe('outgoing');
    expect(JSON.stringify(dialled(voice))).toContain('+442071234567');
    await expect.element(dialog()).not.toBeInTheDocument();
  });

  it('reads a national number in the default country, and offers it again as a recent number', async () => {
    const voice = await startVoice({
      idAgent: 'agent-1',
      api: { getContactByPhone: () => Promise.resolve(null) },
    });
    const screen = await renderVoice(<Dialer defaultCountry="GB" />, {
      controller: voice.controller,
    });
    await expect.element(page.getByLabelText('Country')).toHaveValue('GB');
    await page.getByLabelText('Phone number').fill('020 7123 4567');
    await expect
      .element(page.getByTestId('voice-dialer-match'))
      .toHaveTextContent('+44 20 7123 4567No contact has this number');
    await page.getByRole('button', { name: 'Call' }).click();
    await expect.poll(() => voice.controller.getState().call.view).toBe('outgoing');
    expect(JSON.stringify(dialled(voice))).toContain('+442071234567');

    // The next dialer (a new page, the call over) offers it first.
    await screen.unmount();
    cleanupVoice();
    const next = await startVoice({ idAgent: 'agent-1' });
    await renderVoice(<Dialer defaultCountry="GB" />, { controller: next.controller });
    const recent = page.getByRole('button', { name: 'Call +44 20 7123 4567 again' });
    await expect.element(recent).toBeVisible();
    await checkState('dialer', 'recent');
    await recent.click();
    await expect.poll(() => next.controller.getState().call.view).toBe('outgoing');
  });

  it("refuses a number it cannot read with 'Phone number is not valid.' and makes no call", async () => {
    const voice = await startVoice();
    await renderVoice(<Dialer />, { controller: voice.controller });
    // National, with no country chosen: not a number the contact centre can dial.
    await page.getByLabelText('Phone number').fill('020 7123 4567');
    await page.getByRole('button', { name: 'Call' }).click();
    const error = page.getByTestId('voice-dialer-error');
    await expect.element(error).toHaveTextContent('Phone number is not valid.');
    await expect
      .element(page.getByLabelText('Phone number'))
      .toHaveAttribute('aria-invalid', 'true');
    expect(dialled(voice)).toBeUndefined();
    await checkState('dialer', 'invalid');
  });

  it('shows its texts in the locale, and fits a 375 px screen', async () => {
    await viewport(375, 812);
    const voice = await startVoice();
    await renderVoice(
      <Header>
        <StatusDropdown dialer />
      </Header>,
      { controller: voice.controller, locale: 'de_DE', messages: de_DE },
    );
    await page.getByTestId('voice-status').getByRole('button').click();
    await page.getByRole('menuitem', { name: 'Nummer wählen' }).click();
    const box = page.getByRole('dialog', { name: 'Nummer wählen' });
    await expect.element(box.getByLabelText('Telefonnummer')).toBeVisible();
    const rect = box.element().getBoundingClientRect();
    expect(rect.left).toBeGreaterThanOrEqual(0);
    expect(rect.right).toBeLessThanOrEqual(375);
    expect(rect.bottom).toBeLessThanOrEqual(812);
    await checkState('dialer', 'mobile-de', { axe: box.element() });
  });

  it('is not offered while a call is on', async () => {
    const voice = await startVoice();
    await renderVoice(
      <Header>
        <StatusDropdown dialer />
      </Header>,
      { controller: voice.controller },
    );
    await voice.controller.call('+15555550199');
    await expect.poll(() => voice.controller.getState().call.status).not.toBe('idle');
    await chip().click();
    await expect.element(page.getByRole('menuitem', { name: 'Audio settings' })).toBeVisible();
    expect(page.getByRole('menuitem', { name: 'Dial a number' }).query()).toBeNull();
  });
});
