import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { MentionTextarea, type MentionTextareaHandle } from './mention-textarea';
import './inbox.css';

const MEMBERS = [
  { id: 'a-jane', name: 'Jane Doe' },
  { id: 'a-john', name: 'John Roe' },
  { id: 'a-ana', name: 'Ana Silva' },
];

/** The field as the composer uses it; "Send" shows the text the server would get. */
function Harness({ mentions = true }: { readonly mentions?: boolean }) {
  const [value, setValue] = useState('');
  const [sent, setSent] = useState('');
  const field = useRef<MentionTextareaHandle>(null);
  return (
    <div style={{ paddingTop: 240, width: 360 }}>
      <MentionTextarea
        ref={field}
        aria-label="Internal note"
        mentions={mentions}
        members={MEMBERS}
        value={value}
        onValueChange={setValue}
      />
      <button type="button" onClick={() => setSent(field.current!.withMentionTokens(value))}>
        Send
      </button>
      <output data-testid="sent">{sent}</output>
    </div>
  );
}

describe('MentionTextarea', () => {
  it('opens the list on @, filters by what follows, moves with arrows and chooses with Enter', async () => {
    const screen = await render(<Harness />);
    const field = screen.getByRole('textbox', { name: 'Internal note' });
    await userEvent.click(field);
    await userEvent.keyboard('Ask @');
    const list = screen.getByRole('listbox', { name: 'Mention a teammate' });
    await expect.element(list).toBeVisible();
    await expect.element(field).toHaveAttribute('aria-autocomplete', 'list');
    expect(screen.getByRole('option').elements()).toHaveLength(3);

    await userEvent.keyboard('j');
    expect(
      screen
        .getByRole('option')
        .elements()
        .map((o) => o.textContent),
    ).toEqual(['Jane Doe', 'John Roe']);
    await expect
      .element(screen.getByRole('option', { name: 'Jane Doe' }))
      .toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    const john = screen.getByRole('option', { name: 'John Roe' });
    await expect.element(john).toHaveAttribute('aria-selected', 'true');
    await expect.element(field).toHaveAttribute('aria-activedescendant', john.element().id);
    await userEvent.keyboard('{ArrowDown}'); // wraps to the first
    await expect
      .element(screen.getByRole('option', { name: 'Jane Doe' }))
      .toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await expect.element(field).toHaveValue('Ask @John Roe ');
    expect(screen.getByRole('listbox').elements()).toHaveLength(0);
    // Enter chose: it did not also write a line break.
    await userEvent.keyboard('please');
    await expect.element(field).toHaveValue('Ask @John Roe please');

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect
      .element(screen.getByTestId('sent'))
      .toHaveTextContent('Ask @[John Roe](a-john) please');
  });

  it('chooses with Tab, matches a later word, and Escape closes until another @', async () => {
    const screen = await render(<Harness />);
    const field = screen.getByRole('textbox', { name: 'Internal note' });
    await userEvent.click(field);
    await userEvent.keyboard('@sil');
    expect(
      screen
        .getByRole('option')
        .elements()
        .map((o) => o.textContent),
    ).toEqual(['Ana Silva']);
    await userEvent.keyboard('{Tab}');
    await expect.element(field).toHaveValue('@Ana Silva ');
    await expect.element(field).toHaveFocus();

    await userEvent.keyboard('and @');
    await expect.element(screen.getByRole('listbox')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('listbox').elements()).toHaveLength(0);
    await userEvent.keyboard('x');
    expect(screen.getByRole('listbox').elements()).toHaveLength(0);
    await userEvent.keyboard(' @');
    await expect.element(screen.getByRole('listbox')).toBeVisible();
    await userEvent.keyboard('zz');
    await expect
      .element(screen.getByRole('option', { name: 'No teammate by that name' }))
      .toBeVisible();
    // With nothing to choose, Enter writes a line break as usual.
    await userEvent.keyboard('{Enter}');
    await expect.element(field).toHaveValue('@Ana Silva and @x @zz\n');
  });

  it('offers nothing in a reply (mentions off)', async () => {
    const screen = await render(<Harness mentions={false} />);
    await userEvent.click(screen.getByRole('textbox', { name: 'Internal note' }));
    await userEvent.keyboard('Hi @j');
    expect(screen.getByRole('listbox').elements()).toHaveLength(0);
  });
});
