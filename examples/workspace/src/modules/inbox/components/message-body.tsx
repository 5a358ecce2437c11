import { Fragment, useId, useState, type CSSProperties, type ReactNode } from 'react';
import { noteParts } from '../../../../server/src/contract/mentions';
import { INBOX_COPY, LONG_BODY } from '../messages';

/** An http(s) address in a message, without the punctuation that ends a sentence after it. */
const WEB_ADDRESS = /(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]'])/;

/**
 * Text with its web addresses as links (a new tab, no referrer), so a Meet link in a note or an
 * address a customer sends opens with one click. Only http and https become links.
 */
function linked(text: string): ReactNode {
  const parts = text.split(WEB_ADDRESS);
  if (parts.length === 1) return text;
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part} target="_blank" rel="noopener noreferrer">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

/**
 * A note's text with each mention as an "@Name" chip: the member's current name by id (a rename
 * shows), else the name written in the token.
 */
function noteContent(body: string, names: ReadonlyMap<string, string>): ReactNode {
  return noteParts(body).map((part, i) =>
    part.kind === 'text' ? (
      <Fragment key={i}>{linked(part.text)}</Fragment>
    ) : (
      <span key={i} className="mention-chip" data-testid="mention-chip" data-member={part.id}>
        @{names.get(part.id) ?? part.name}
      </span>
    ),
  );
}

/** Whether a body is long enough to be shown folded. */
export function isLong(body: string): boolean {
  return (
    body.length > LONG_BODY.chars || body.split('\n', LONG_BODY.lines + 1).length > LONG_BODY.lines
  );
}

/**
 * A message's text; a long one is folded to its first lines until the reader asks for more. With
 * `mentionNames` (a note) its mentions show as chips.
 */
export function MessageBody({
  body,
  mentionNames,
}: {
  readonly body: string;
  readonly mentionNames?: ReadonlyMap<string, string>;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const content = mentionNames ? noteContent(body, mentionNames) : linked(body);
  if (!isLong(body)) return <div className="timeline__bubble">{content}</div>;
  return (
    <>
      <div
        id={id}
        className="timeline__bubble"
        data-folded={open ? undefined : ''}
        style={{ '--folded-lines': LONG_BODY.foldedLines } as CSSProperties}
      >
        {content}
      </div>
      <button
        type="button"
        className="timeline__more"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {open ? INBOX_COPY.showLess : INBOX_COPY.showMore}
      </button>
    </>
  );
}
