import { Suspense, lazy, useState, useSyncExternalStore } from 'react';

/** The colour intent of a toast. */
export type ToastTone = 'info' | 'success' | 'danger';

/** A button in a toast (it also closes the toast). */
export interface ToastAction {
  readonly label: string;
  readonly onClick: () => void;
}

export interface ToastItem {
  readonly id: number;
  readonly title: string;
  readonly description?: string;
  readonly tone: ToastTone;
  readonly action?: ToastAction;
  /** How long it stays (ms); the viewport's default when absent. */
  readonly duration?: number;
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
  action?: ToastAction;
  duration?: number;
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

const ToastViewport = lazy(() =>
  import('./toast-viewport').then((m) => ({ default: m.ToastViewport })),
);

/**
 * Renders the toasts raised with {@link toast}; mount once near the root. The toast machinery
 * loads with the first toast, so it costs the first load nothing.
 */
export function Toaster() {
  const list = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => items,
  );
  const [used, setUsed] = useState(false);
  if (list.length > 0 && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport list={list} dismiss={dismiss} />
    </Suspense>
  );
}
