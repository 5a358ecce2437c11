// The @mention suggestion list (its own chunk): members whose name starts with, or has a word
// starting with, what follows `@`. The text field keeps the focus and hands it the keys.
import { useEffect, useState, type RefObject } from 'react';
import type { Mentionable, PickerKeys } from './mention-textarea';
import { INBOX_COPY } from '../messages';

/** The most suggestions shown at once. */
const MAX_SHOWN = 8;

/** Members matching `query` (case- and accent-insensitive, at a word's start), best first. */
export function matchMembers(members: readonly Mentionable[], query: string): Mentionable[] {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const q = fold(query);
  const starts = members.filter((m) => fold(m.name).startsWith(q));
  const words = members.filter(
    (m) =>
      !starts.includes(m) &&
      fold(m.name)
        .split(/\s+/)
        .some((w) => w.startsWith(q)),
  );
  return [...starts, ...words].slice(0, MAX_SHOWN);
}

export function MentionPicker({
  id,
  query,
  members,
  onPick,
  onClose,
  onActive,
  keysRef,
}: {
  readonly id: string;
  readonly query: string;
  readonly members: readonly Mentionable[];
  readonly onPick: (member: Mentionable) => void;
  readonly onClose: () => void;
  readonly onActive: (optionId: string | undefined) => void;
  readonly keysRef: RefObject<PickerKeys | null>;
}) {
  const shown = matchMembers(members, query);
  // The highlighted option, kept with the query it was chosen for (a new query starts at the top).
  const [highlight, setHighlight] = useState({ query, index: 0 });
  const index = highlight.query === query ? highlight.index : 0;
  const current = Math.min(index, Math.max(shown.length - 1, 0));
  const optionId = (i: number) => `${id}-${i}`;
  const activeId = shown.length ? optionId(current) : undefined;

  useEffect(() => {
    onActive(activeId);
  }, [onActive, activeId]);
  useEffect(() => () => onActive(undefined), [onActive]);

  useEffect(() => {
    keysRef.current = (key) => {
      if (key === 'Escape') {
        onClose();
        return true;
      }
      if (shown.length === 0) return false;
      const move = (i: number) => setHighlight({ query, index: i });
      if (key === 'ArrowDown') move((current + 1) % shown.length);
      else if (key === 'ArrowUp') move((current - 1 + shown.length) % shown.length);
      else if (key === 'Enter' || key === 'Tab') onPick(shown[current]!);
      else return false;
      return true;
    };
  });

  return (
    <ul
      id={id}
      role="listbox"
      aria-label={INBOX_COPY.mentionList}
      className="mention-picker"
      data-testid="mention-picker"
    >
      {shown.length === 0 ? (
        <li
          role="option"
          aria-selected={false}
          aria-disabled="true"
          className="mention-picker__empty"
        >
          {INBOX_COPY.mentionNone}
        </li>
      ) : (
        shown.map((m, i) => (
          <li
            key={m.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === current}
            className="mention-picker__option"
            // Chosen on press, before the field's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              onPick(m);
            }}
          >
            {m.name}
          </li>
        ))
      )}
    </ul>
  );
}
