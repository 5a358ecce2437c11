// The inbox's keyboard shortcuts load after the inbox has painted: the hotkey library stays off the
// inbox route's first JavaScript, and a key pressed in the first moments simply does nothing yet.
import { lazy, Suspense, type ComponentProps } from 'react';

const InboxShortcutsModule = lazy(() =>
  import('./shortcuts').then((m) => ({ default: m.InboxShortcuts })),
);
const ConversationShortcutsModule = lazy(() =>
  import('./shortcuts').then((m) => ({ default: m.ConversationShortcuts })),
);

/** The list-wide shortcuts and the `?` overlay (see shortcuts.tsx), once loaded. */
export function InboxShortcuts() {
  return (
    <Suspense fallback={null}>
      <InboxShortcutsModule />
    </Suspense>
  );
}

/** The open conversation's shortcuts (see shortcuts.tsx), once loaded. */
export function ConversationShortcuts(props: ComponentProps<typeof ConversationShortcutsModule>) {
  return (
    <Suspense fallback={null}>
      <ConversationShortcutsModule {...props} />
    </Suspense>
  );
}
