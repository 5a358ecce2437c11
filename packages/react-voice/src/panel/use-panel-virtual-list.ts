/**
 * The panel tabs' virtual list (TanStack Virtual): the scrolling element, each item's estimated
 * height by its kind, keys that survive reloads, six rows of overscan.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useRef } from 'react';
import type { RefObject } from 'react';

/** An item of a panel list: its key is stable across reloads. */
export interface PanelListItem {
  readonly key: string;
}

/** The scrolling element to attach and the virtualizer over it. */
export interface PanelVirtualList {
  readonly scrollRef: RefObject<HTMLDivElement | null>;
  readonly virtualizer: Virtualizer<HTMLDivElement, Element>;
}

/**
 * Virtualises `items` inside the element `scrollRef` is attached to; `heightOf` gives an item's
 * height (px) and must be a stable function.
 */
export function usePanelVirtualList<T extends PanelListItem>(
  items: readonly T[],
  heightOf: (item: T | undefined) => number,
): PanelVirtualList {
  const scrollRef = useRef<HTMLDivElement>(null);
  const estimateSize = useCallback((i: number) => heightOf(items[i]), [items, heightOf]);
  const getItemKey = useCallback((i: number) => items[i]?.key ?? i, [items]);
  // TanStack Virtual's documented use.
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: 6,
  });
  return { scrollRef, virtualizer };
}
