// The composer's text field with @mentions (notes only): typing `@` after a space opens the
// suggestion list of active members (its own chunk, loaded on the first `@`); the field keeps the
// focus and names the highlighted option (aria-activedescendant), arrows move, Enter or Tab
// choose, Escape closes. The field shows `@Name`; `withMentionTokens` turns the chosen mentions
// into the tokens the server reads when the note is sent.
import {
  forwardRef,
  lazy,
  Suspense,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type TextareaHTMLAttributes,
} from 'react';
import { mentionToken } from '../../../../server/src/contract/mentions';
import { Textarea } from '../../../ui';

const MentionPicker = lazy(() =>
  import('./mention-picker').then((m) => ({ default: m.MentionPicker })),
);

/** A member who can be mentioned. */
export interface Mentionable {
  readonly id: string;
  readonly name: string;
}

/** What the picker answers for a key: whether it used it. */
export type PickerKeys = (key: string) => boolean;

/** `@` at the start or after white space, then up to 30 characters of a name. */
const TRIGGER = /(^|\s)@([^\s@]{0,30})$/;

export interface MentionTextareaHandle {
  /** The text with each chosen mention as its token (`@[Name](id)`). */
  withMentionTokens(text: string): string;
  /** Forgets the chosen mentions (the note was sent). */
  reset(): void;
}

export interface MentionTextareaProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'onChange'
> {
  readonly value: string;
  readonly onValueChange: (value: string) => void;
  /** Off: a plain text field (replies). */
  readonly mentions: boolean;
  /** The members offered (active ones). */
  readonly members: readonly Mentionable[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const MentionTextarea = forwardRef<MentionTextareaHandle, MentionTextareaProps>(
  function MentionTextarea({ value, onValueChange, mentions, members, onKeyDown, ...rest }, ref) {
    const field = useRef<HTMLTextAreaElement>(null);
    const keys = useRef<PickerKeys | null>(null);
    const chosen = useRef(new Map<string, Mentionable>());
    const listId = useId();
    const [trigger, setTrigger] = useState<{ start: number; query: string } | null>(null);
    const [active, setActive] = useState<string | undefined>();
    // The `@` whose list Escape closed: it stays closed until another `@` is typed.
    const dismissed = useRef<number | null>(null);
    const open = mentions && trigger !== null;

    useImperativeHandle(ref, () => ({
      withMentionTokens(text) {
        // Longest names first, so that "@Ana Silva" is not taken for "@Ana".
        const list = [...chosen.current.values()].sort((a, b) => b.name.length - a.name.length);
        let out = text;
        for (const m of list)
          out = out.replace(
            new RegExp(`(^|[^\\w[])@${escape(m.name)}(?![\\w])`, 'g'),
            (_, before: string) => `${before}${mentionToken(m.name, m.id)}`,
          );
        return out;
      },
      reset() {
        chosen.current.clear();
      },
    }));

    const look = (text: string, caret: number) => {
      const match = mentions ? TRIGGER.exec(text.slice(0, caret)) : null;
      const start = match ? caret - match[2]!.length - 1 : null;
      if (start === null || start !== dismissed.current) dismissed.current = null;
      setTrigger(
        match && start !== null && dismissed.current === null ? { start, query: match[2]! } : null,
      );
    };

    const pick = (member: Mentionable) => {
      const el = field.current;
      if (!el || !trigger) return;
      const caret = el.selectionStart;
      const insert = `@${member.name} `;
      const next = value.slice(0, trigger.start) + insert + value.slice(caret);
      chosen.current.set(member.id, member);
      onValueChange(next);
      setTrigger(null);
      const at = trigger.start + insert.length;
      requestAnimationFrame(() => {
        el.focus();
        el.setSelectionRange(at, at);
      });
    };

    const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (open && keys.current?.(event.key)) {
        event.preventDefault();
        return;
      }
      onKeyDown?.(event);
    };

    return (
      <div className="mention-field">
        <Textarea
          ref={field}
          value={value}
          onChange={(e) => {
            onValueChange(e.target.value);
            look(e.target.value, e.target.selectionStart);
          }}
          onSelect={(e) => look(e.currentTarget.value, e.currentTarget.selectionStart)}
          onBlur={() => setTrigger(null)}
          onKeyDown={keyDown}
          aria-autocomplete={mentions ? 'list' : undefined}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? active : undefined}
          {...rest}
        />
        {open ? (
          <Suspense fallback={null}>
            <MentionPicker
              id={listId}
              query={trigger.query}
              members={members}
              onPick={pick}
              onClose={() => {
                dismissed.current = trigger.start;
                setTrigger(null);
              }}
              onActive={setActive}
              keysRef={keys}
            />
          </Suspense>
        ) : null}
      </div>
    );
  },
);
