import { useId, useState, type CSSProperties } from 'react';
import { INBOX_COPY, LONG_BODY } from '../messages';

/** Whether a body is long enough to be shown folded. */
export function isLong(body: string): boolean {
  return (
    body.length > LONG_BODY.chars || body.split('\n', LONG_BODY.lines + 1).length > LONG_BODY.lines
  );
}

/** A message's text; a long one is folded to its first lines until the reader asks for more. */
export function MessageBody({ body }: { readonly body: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!isLong(body)) return <div className="timeline__bubble">{body}</div>;
  return (
    <>
      <div
        id={id}
        className="timeline__bubble"
        data-folded={open ? undefined : ''}
        style={{ '--folded-lines': LONG_BODY.foldedLines } as CSSProperties}
      >
        {body}
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
