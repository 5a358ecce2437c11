import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { LONG_BODY } from '../messages';
import { isLong, MessageBody } from './message-body';
import './inbox.css';

const links = Array.from(
  { length: 5 },
  (_, i) => `${i + 1}: https://example.test/survey/abcdefghijklmnop?score=${i + 1}`,
).join('\n');
const long = `How did we do?\n\n${links}\n\nThank you.\n1\n2\n3`;

describe('MessageBody', () => {
  it('shows a short message whole, with no Show more', async () => {
    const screen = await render(<MessageBody body="Thanks, that fixed it." />);
    await expect.element(screen.getByText('Thanks, that fixed it.')).toBeVisible();
    expect(screen.getByRole('button').elements()).toHaveLength(0);
  });

  it('folds a long message to its first lines until Show more is pressed', async () => {
    expect(isLong(long)).toBe(true);
    expect(isLong('x'.repeat(LONG_BODY.chars + 1))).toBe(true);
    const screen = await render(
      <div style={{ width: 320, lineHeight: '20px' }}>
        <MessageBody body={long} />
      </div>,
    );
    const more = screen.getByRole('button', { name: 'Show more' });
    await expect.element(more).toHaveAttribute('aria-expanded', 'false');
    const bubble = screen.container.querySelector<HTMLElement>('.timeline__bubble')!;
    const folded = bubble.getBoundingClientRect().height;
    expect(folded).toBeLessThanOrEqual(LONG_BODY.foldedLines * 20 + 40);
    await userEvent.click(more);
    const less = screen.getByRole('button', { name: 'Show less' });
    await expect.element(less).toHaveAttribute('aria-expanded', 'true');
    expect(bubble.getBoundingClientRect().height).toBeGreaterThan(folded);
  });

  it('turns web addresses into links that open in a new tab, leaving the sentence around them', async () => {
    const screen = await render(
      <MessageBody
        body="Join at https://meet.google.com/abc-defg-hij. Or see (https://example.test/a?b=1), not javascript:alert(1)"
        mentionNames={new Map()}
      />,
    );
    const links = screen.getByRole('link').elements() as HTMLAnchorElement[];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://meet.google.com/abc-defg-hij',
      'https://example.test/a?b=1',
    ]);
    expect(links.every((a) => a.target === '_blank' && a.rel === 'noopener noreferrer')).toBe(true);
    await expect.element(screen.getByText(/not javascript:alert\(1\)/)).toBeVisible();
  });
});
