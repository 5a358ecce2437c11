import * as RadixToast from '@radix-ui/react-toast';
import { CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';

/** The colour intent of a toast. */
export type ToastTone = 'info' | 'success' | 'danger';

interface ToastItem {
  readonly id: number;
  readonly title: string;
  readonly description?: string;
  readonly tone: ToastTone;
}

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows a toast notification. Returns a function that dismisses it. */
export function toast(input: {
  title: string;
  description?: string;
  tone?: ToastTone;
}): () => void {
  const id = nextId++;
  items = [...items, { id, tone: 'info', ...input }];
  emit();
  return () => dismiss(id);
}

function dismiss(id: number) {
  items = items.filter((t) => t.id !== id);
  emit();
}

const ICONS: Record<ToastTone, ReactNode> = {
  info: <Info aria-hidden="true" />,
  success: <CheckCircle2 aria-hidden="true" />,
  danger: <XCircle aria-hidden="true" />,
};

/** Renders the toasts raised with {@link toast}; mount once near the root. */
export function Toaster() {
  const list = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => items,
  );
  return (
    <RadixToast.Provider duration={6000} swipeDirection="right">
      {list.map((t) => (
        <RadixToast.Root
          key={t.id}
          className="ui-toast"
          data-tone={t.tone}
          data-testid="toast"
          type={t.tone === 'danger' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
        >
          <span className="ui-toast__icon">{ICONS[t.tone]}</span>
          <div>
            <RadixToast.Title className="ui-toast__title">{t.title}</RadixToast.Title>
            {t.description ? (
              <RadixToast.Description className="ui-toast__body">
                {t.description}
              </RadixToast.Description>
            ) : null}
          </div>
          <RadixToast.Close className="ui-icon-button" data-size="sm" aria-label="Dismiss">
            <X aria-hidden="true" />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="ui-toast-viewport" label="Notifications ({hotkey})" />
    </RadixToast.Provider>
  );
}
