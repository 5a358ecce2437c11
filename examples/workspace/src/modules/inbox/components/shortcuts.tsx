// The inbox's keyboard shortcuts, for agents who live in it: move through the list, reply, note,
// assign, close, snooze and tag without the mouse; `?` lists them. None fires while the focus is in
// a field (typing stays typing) or while a dialog or menu is open. This module (with the hotkey
// library) loads after the inbox has painted: see lazy-shortcuts.tsx.
import { useEffect, useState } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import type { Options } from 'react-hotkeys-hook';
import { Dialog } from '../../../ui';
import { INBOX_SHORTCUTS, SHORTCUT_COPY } from '../messages';

type ShortcutKey = (typeof INBOX_SHORTCUTS)[number]['hotkey'];

/** A dialog or an open menu has the keyboard: shortcuts wait until it is gone. */
const overlayOpen = (): boolean =>
  document.querySelector('[role="dialog"], [role="menu"], [role="listbox"]') !== null;

const OPTIONS: Options = {
  preventDefault: true,
  ignoreEventWhen: (event) => event.repeat || overlayOpen(),
};

/** Binds one of {@link INBOX_SHORTCUTS} while the calling component is on screen. */
function useInboxShortcut(key: ShortcutKey, run: () => void, enabled = true): void {
  useHotkeys(key, run, { ...OPTIONS, enabled }, [run]);
}

/**
 * Marks `<html data-{name}="ready">` while the calling component's shortcuts are bound (its
 * effects run after the hotkey hooks' own), so a test, or a tool driving the page, can wait for the
 * lazily loaded shortcuts instead of guessing.
 */
function useReadyMarker(name: 'inboxShortcuts' | 'conversationShortcuts'): void {
  useEffect(() => {
    document.documentElement.dataset[name] = 'ready';
    return () => {
      delete document.documentElement.dataset[name];
    };
  }, [name]);
}

/** What the open conversation does on each of its keys; a key left out does nothing. */
export type ConversationShortcutActions = Partial<
  Record<'r' | 'n' | 'a' | 'e' | 's' | 't' | 'i', () => void>
>;

/** The open conversation's shortcuts (R, N, A, E, S, T, I), bound while it is on screen. */
export function ConversationShortcuts({
  actions,
}: {
  readonly actions: ConversationShortcutActions;
}) {
  const none = () => undefined;
  useInboxShortcut('r', actions.r ?? none, actions.r !== undefined);
  useInboxShortcut('n', actions.n ?? none, actions.n !== undefined);
  useInboxShortcut('a', actions.a ?? none, actions.a !== undefined);
  useInboxShortcut('e', actions.e ?? none, actions.e !== undefined);
  useInboxShortcut('s', actions.s ?? none, actions.s !== undefined);
  useInboxShortcut('t', actions.t ?? none, actions.t !== undefined);
  useInboxShortcut('i', actions.i ?? none, actions.i !== undefined);
  useReadyMarker('conversationShortcuts');
  return null;
}

/** The rows of the conversation list in order, and the one open now (-1 if none). */
function listRows(): { rows: HTMLAnchorElement[]; current: number } {
  const rows = [
    ...document.querySelectorAll<HTMLAnchorElement>('a[data-testid="conversation-row"]'),
  ];
  const here = window.location.pathname;
  const current = rows.findIndex((r) => {
    const path = new URL(r.href).pathname;
    return here === path || here.startsWith(`${path}/`);
  });
  return { rows, current };
}

function openRow(step: 1 | -1): void {
  const { rows, current } = listRows();
  const next = rows[current === -1 ? 0 : current + step];
  if (!next) return;
  next.click();
  next.scrollIntoView({ block: 'nearest' });
}

/**
 * The list-wide shortcuts (J, K, /, ?) and the `?` overlay. Rendered once by the inbox; the open
 * conversation binds its own with {@link ConversationShortcuts}.
 */
export function InboxShortcuts() {
  const [open, setOpen] = useState(false);
  useInboxShortcut('j', () => openRow(1));
  useInboxShortcut('k', () => openRow(-1));
  useInboxShortcut('slash', () =>
    document.querySelector<HTMLInputElement>('[data-testid="conversation-search"]')?.focus(),
  );
  useInboxShortcut('shift+slash', () => setOpen(true));
  useReadyMarker('inboxShortcuts');
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={SHORTCUT_COPY.title}
      description={SHORTCUT_COPY.description}
      data-testid="shortcuts-dialog"
    >
      <dl className="shortcuts">
        {INBOX_SHORTCUTS.map((s) => (
          <div key={s.hotkey} className="shortcuts__row">
            <dt>
              {s.keys.map((k) => (
                <kbd key={k}>{k}</kbd>
              ))}
            </dt>
            <dd>{s.label}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
